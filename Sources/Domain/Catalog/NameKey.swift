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
        let folded = text.precomposedStringWithCompatibilityMapping.decomposedStringWithCanonicalMapping
        for scalar in folded.unicodeScalars {
            let properties = scalar.properties
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
            guard let kind = CharacterClass(scalar) else {
                if !NameKey.isMark(properties.generalCategory) { pendingBreak = true }
                continue
            }
            let camel = previousWasLower && properties.isUppercase
            let breakBefore =
                pendingBreak || camel || kind == .cjk || previousClass == .cjk
                || (previousClass != nil && previousClass != kind)
            let lower = properties.lowercaseMapping.unicodeScalars.filter {
                !NameKey.isMark($0.properties.generalCategory)
            }
            for (offset, letter) in lower.enumerated() { emit(letter, breakBefore: breakBefore && offset == 0) }
            pendingBreak = false
            previousClass = kind
            previousWasLower = properties.isLowercase
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

    enum CharacterClass {
        case latin, digit, cjk

        init?(_ scalar: Unicode.Scalar) {
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
