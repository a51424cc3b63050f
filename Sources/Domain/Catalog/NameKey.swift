/// A name reduced to what matching compares: lower-case letters and digits with accents, spaces
/// and punctuation removed ("Disney+" and "disney plus" both become `disneyplus`), remembering
/// where the words were so "Keep" can match "Keep 会员" but not "Keeper".
struct NameKey: Sendable, Equatable {
    let scalars: [Unicode.Scalar]
    /// `isBoundary[i]`: a word starts or ends between scalar i−1 and i (true at both ends).
    let isBoundary: [Bool]
    /// `weightBefore[i]`: the weight of the first i scalars. A CJK character weighs 2, as it says
    /// about as much as two Latin letters.
    let weightBefore: [Int]

    static let maxScalars = 64

    var count: Int { scalars.count }
    var weight: Int { weightBefore[count] }
    var text: String { String(String.UnicodeScalarView(scalars)) }

    init(_ text: String) {
        var scalars: [Unicode.Scalar] = []
        var boundaries: [Bool] = [true]
        var pendingBreak = false
        var previousWasLower = false
        var previousClass: CharacterClass?

        func emit(_ scalar: Unicode.Scalar, breakBefore: Bool) {
            if !scalars.isEmpty { boundaries[boundaries.count - 1] = boundaries.last! || breakBefore }
            scalars.append(scalar)
            boundaries.append(false)
        }

        // Compatibility-fold first (full-width "ＱＱ" is "QQ"), then split accents off their letters.
        // ASCII is its own fold, and most names are ASCII: the catalogue's hundreds are read at
        // every build.
        let ascii = text.utf8.allSatisfy { $0 < 0x80 }
        let folded = ascii ? text : text.precomposedStringWithCompatibilityMapping.decomposedStringWithCanonicalMapping
        for scalar in folded.unicodeScalars {
            if scalar == "+" || scalar == "&" {
                let word = scalar == "+" ? "plus" : "and"
                for (offset, letter) in word.unicodeScalars.enumerated() {
                    emit(letter, breakBefore: offset == 0)
                }
                pendingBreak = true
                previousClass = .latin
                previousWasLower = false
                continue
            }
            let letter = Letter(scalar)
            guard let kind = letter.kind else {
                if !letter.isMark { pendingBreak = true }
                continue
            }
            let camel = previousWasLower && letter.isUppercase
            let breakBefore =
                pendingBreak || camel || kind == .cjk || previousClass == .cjk
                || (previousClass != nil && previousClass != kind)
            for (offset, lower) in letter.lowered.enumerated() { emit(lower, breakBefore: breakBefore && offset == 0) }
            pendingBreak = false
            previousClass = kind
            previousWasLower = letter.isLowercase
        }
        // Names are short; a pasted paragraph is cut so matching stays cheap.
        if scalars.count > NameKey.maxScalars {
            scalars.removeLast(scalars.count - NameKey.maxScalars)
            boundaries.removeLast(boundaries.count - NameKey.maxScalars - 1)
        }
        boundaries[boundaries.count - 1] = true
        var weights = [0]
        for scalar in scalars { weights.append(weights.last! + (CharacterClass(scalar) == .cjk ? 2 : 1)) }
        self.scalars = scalars
        self.isBoundary = boundaries
        self.weightBefore = weights
    }

    private static func isMark(_ category: Unicode.GeneralCategory) -> Bool {
        category == .nonspacingMark || category == .spacingMark || category == .enclosingMark
    }

    /// What a key needs to know of one scalar: from Unicode's tables, or for ASCII from its code.
    struct Letter: Equatable {
        var kind: CharacterClass?
        var isMark: Bool
        var isUppercase: Bool
        var isLowercase: Bool
        /// Its lower case, marks left out.
        var lowered: [Unicode.Scalar]

        init(_ scalar: Unicode.Scalar) {
            guard scalar.isASCII else {
                self.init(tables: scalar)
                return
            }
            let value = scalar.value
            let upper = (0x41...0x5A).contains(value)
            self.init(
                kind: CharacterClass(scalar), isMark: false, isUppercase: upper,
                isLowercase: (0x61...0x7A).contains(value), lowered: [upper ? Unicode.Scalar(value + 0x20)! : scalar])
        }

        /// The answer from Unicode's tables, whatever the scalar (the tests hold ASCII's to it).
        init(tables scalar: Unicode.Scalar) {
            let properties = scalar.properties
            self.init(
                kind: CharacterClass(tables: scalar), isMark: NameKey.isMark(properties.generalCategory),
                isUppercase: properties.isUppercase, isLowercase: properties.isLowercase,
                lowered: properties.lowercaseMapping.unicodeScalars.filter {
                    !NameKey.isMark($0.properties.generalCategory)
                })
        }

        private init(
            kind: CharacterClass?, isMark: Bool, isUppercase: Bool, isLowercase: Bool, lowered: [Unicode.Scalar]
        ) {
            self.kind = kind
            self.isMark = isMark
            self.isUppercase = isUppercase
            self.isLowercase = isLowercase
            self.lowered = lowered
        }
    }

    enum CharacterClass {
        case latin, digit, cjk

        init?(_ scalar: Unicode.Scalar) {
            if scalar.isASCII {
                switch scalar.value {
                case 0x30...0x39: self = .digit
                case 0x41...0x5A, 0x61...0x7A: self = .latin
                default: return nil
                }
                return
            }
            self.init(tables: scalar)
        }

        /// The class from Unicode's tables, whatever the scalar.
        init?(tables scalar: Unicode.Scalar) {
            let properties = scalar.properties
            if properties.numericType == .decimal {
                self = .digit
            } else if properties.isIdeographic || (0x3040...0x30FF).contains(scalar.value)
                || (0xAC00...0xD7AF).contains(scalar.value) || (0x1100...0x11FF).contains(scalar.value)
            {
                self = .cjk
            } else if properties.isAlphabetic {
                self = .latin
            } else {
                return nil
            }
        }
    }
}
