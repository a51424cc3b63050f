import Domain
import Foundation

/// Reading the dates and amounts banks write.
extension StatementCSV {
    /// How to read `02/11/2026`: decided once per file from all its dates.
    public enum DateOrder: String, Sendable, CaseIterable {
        case dayFirst = "day/month/year"
        case monthFirst = "month/day/year"
        /// `26/07/08` as 2026-07-08; a date with its year last does not fit.
        case yearFirst = "year/month/day"

        /// `--dates dmy|mdy|ymd`.
        public init?(option: String) {
            switch option {
            case "dmy": self = .dayFirst
            case "mdy": self = .monthFirst
            case "ymd": self = .yearFirst
            default: return nil
            }
        }

        /// `dmy`, `mdy`, `ymd`.
        public var option: String {
            switch self {
            case .dayFirst: return "dmy"
            case .monthFirst: return "mdy"
            case .yearFirst: return "ymd"
            }
        }

        /// The order a locale writes dates in (`en-US` month first, `zh-Hans-CN` year first, most
        /// others day first), for dates the file itself leaves open.
        public init(locale: String) {
            let parts = locale.split(whereSeparator: { $0 == "-" || $0 == "_" }).map { $0.uppercased() }
            let region = parts.dropFirst().last { $0.count == 2 } ?? ""
            if ["US", "PH", "FM", "MH", "PW", "BZ"].contains(region) {
                self = .monthFirst
            } else if ["CN", "TW", "JP", "KR", "HU", "LT", "MN"].contains(region) || parts.first == "ZH" {
                self = .yearFirst
            } else {
                self = .dayFirst
            }
        }
    }

    /// A date cell before the file's day/month order is known.
    enum DateShape: Equatable {
        case exact(CalendarDate)
        /// `a/b/year`: `02/11/2026` is Nov 2 or Feb 11; `short` when the year was written with two
        /// digits (`02/11/26`), which could also be year first.
        case ambiguous(Int, Int, year: Int, short: Bool)

        func date(_ order: DateOrder) -> CalendarDate? {
            switch self {
            case .exact(let date): return date
            case .ambiguous(let a, let b, let year, let short):
                switch order {
                case .dayFirst: return StatementCSV.calendarDate(year, b, a)
                case .monthFirst: return StatementCSV.calendarDate(year, a, b)
                case .yearFirst: return short ? StatementCSV.calendarDate(2000 + a, b, year - 2000) : nil
                }
            }
        }
    }

    /// Years a statement may name; anything else is a typo or not a date.
    static let years = 1900...2999

    static func calendarDate(_ year: Int, _ month: Int, _ day: Int) -> CalendarDate? {
        guard years.contains(year) else { return nil }
        return CalendarDate(year: year, month: month, day: day)
    }

    /// `2026-11-02`, `2026/11/02`, `2026.11.02`, `20261102`, `2026年11月2日`, `02/11/2026` (and
    /// with `-` or `.`, or a 2-digit year), `02 Nov 2026`, `Nov 2, 2026`; a time after the date is
    /// ignored.
    static func dateShape(_ cell: String) -> DateShape? {
        let text = cleaned(cell)
        guard !text.isEmpty, text.count <= 40 else { return nil }
        if text.contains("年") { return chineseDate(text) }
        let datePart = text.split(whereSeparator: { $0 == " " || $0 == "T" }).first.map(String.init) ?? ""
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isWholeNumber }
        if datePart.count < 6 || !datePart.allSatisfy({ isDigit($0) || "-/.".contains($0) }) {
            return namedMonthDate(text)
        }
        if datePart.count == 8, datePart.allSatisfy(isDigit) {
            let value = Int(datePart) ?? 0
            return calendarDate(value / 10_000, value / 100 % 100, value % 100).map(DateShape.exact)
        }
        let parts = datePart.split(separator: "-", omittingEmptySubsequences: false)
        let pieces =
            parts.count == 3
            ? parts : datePart.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "/" || $0 == "." })
        guard pieces.count == 3, pieces.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(isDigit) }),
            let p0 = Int(pieces[0]), let p1 = Int(pieces[1]), let p2 = Int(pieces[2])
        else { return nil }
        if pieces[0].count == 4 {
            return calendarDate(p0, p1, p2).map(DateShape.exact)
        }
        guard pieces[0].count <= 2, pieces[1].count <= 2, pieces[2].count == 4 || pieces[2].count == 2 else {
            return nil
        }
        let year = pieces[2].count == 2 ? 2000 + p2 : p2
        let shape = DateShape.ambiguous(p0, p1, year: year, short: pieces[2].count == 2)
        return shape.date(.dayFirst) != nil || shape.date(.monthFirst) != nil ? shape : nil
    }

    private static func chineseDate(_ text: String) -> DateShape? {
        let date = text.split(separator: " ").first.map(String.init) ?? text
        let numbers = date.split(whereSeparator: { "年月日".contains($0) })
        guard numbers.count == 3, date.hasSuffix("日") || !date.hasSuffix("月"),
            numbers.allSatisfy({ $0.count <= 4 && $0.allSatisfy { $0.isASCII && $0.isWholeNumber } }),
            let year = Int(numbers[0]), let month = Int(numbers[1]), let day = Int(numbers[2])
        else { return nil }
        return calendarDate(year, month, day).map(DateShape.exact)
    }

    private static let weekdayNames: Set = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
    private static let monthNames = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    private static func namedMonthDate(_ text: String) -> DateShape? {
        let tokens = text.lowercased().split(whereSeparator: { " -/,.".contains($0) })
            .filter { !$0.contains(":") && $0 != "am" && $0 != "pm" }
        var month: Int?
        var numbers: [Substring] = []
        for token in tokens {
            if token.allSatisfy({ $0.isASCII && $0.isWholeNumber }) {
                numbers.append(token)
            } else if month == nil, token.count >= 3, token.allSatisfy({ $0.isASCII && $0.isLetter }),
                let index = monthNames.firstIndex(of: String(token.prefix(3)))
            {
                month = index + 1
            } else if numbers.isEmpty, month == nil, weekdayNames.contains(String(token.prefix(3))) {
                continue
            } else {
                return nil
            }
        }
        guard let month, numbers.count == 2, numbers.allSatisfy({ $0.count <= 4 }) else { return nil }
        let yearIndex = numbers[0].count == 4 ? 0 : 1
        guard let rawYear = Int(numbers[yearIndex]), let day = Int(numbers[1 - yearIndex]),
            numbers[1 - yearIndex].count <= 2
        else { return nil }
        let year = numbers[yearIndex].count == 2 ? 2000 + rawYear : rawYear
        return calendarDate(year, month, day).map(DateShape.exact)
    }

    /// Day first or month first, from the dates themselves: a first number above 12 settles day
    /// first, a second number above 12 month first; when no date settles it, `preferred` (the
    /// site's locale), else the reading under which the dates run in order (as statements do)
    /// wins, and day first on a tie.
    /// - Returns: the order, and whether the dates themselves did not settle it.
    static func dateOrder(_ cells: [String], preferred: DateOrder? = nil) -> (DateOrder, guessed: Bool) {
        var dayFirst = 0
        var monthFirst = 0
        var shapes: [DateShape] = []
        for cell in cells {
            guard let shape = dateShape(cell) else { continue }
            shapes.append(shape)
            if case .ambiguous(let a, let b, _, _) = shape {
                if a > 12 && b <= 12 { dayFirst += 1 }
                if b > 12 && a <= 12 { monthFirst += 1 }
            }
        }
        if dayFirst != monthFirst { return (dayFirst > monthFirst ? .dayFirst : .monthFirst, false) }
        guard shapes.contains(where: { if case .ambiguous = $0 { return true } else { return false } }) else {
            return (.dayFirst, false)
        }
        if let preferred, preferred != .yearFirst { return (preferred, true) }
        func inOrder(_ order: DateOrder) -> Int {
            let dates = shapes.compactMap { $0.date(order) }
            let pairs = zip(dates, dates.dropFirst())
            return max(pairs.filter { $0 <= $1 }.count, pairs.filter { $0 >= $1 }.count)
        }
        let monthFirstOrdered = inOrder(.monthFirst)
        let dayFirstOrdered = inOrder(.dayFirst)
        if monthFirstOrdered != dayFirstOrdered {
            return (monthFirstOrdered > dayFirstOrdered ? .monthFirst : .dayFirst, true)
        }
        return (.dayFirst, true)
    }

    /// An amount and the currency it names, if any.
    struct Amount: Equatable {
        var value: Decimal
        var currency: Currency?
        /// `CR` or `DR` said which way the money went.
        var marked = false
    }

    /// True when the cells use a decimal comma: some cell ends in a comma and one or two digits
    /// without a point before it (`15,49`, `-1.234,56`).
    static func usesDecimalComma(_ cells: [String]) -> Bool {
        cells.contains { cell in
            guard let comma = cell.lastIndex(of: ",") else { return false }
            let after = cell[cell.index(after: comma)...].prefix { $0.isASCII && $0.isWholeNumber }
            let point = cell.lastIndex(of: ".")
            return (1...2).contains(after.count) && (point == nil || point! < comma)
        }
    }

    private static let symbols: [Character: String?] = [
        "$": nil, "¥": nil, "￥": nil, "元": nil, "円": nil, "€": "EUR", "£": "GBP", "₩": "KRW", "₹": "INR", "₽": "RUB",
    ]
    private static let dollarPrefixes = [
        "US": "USD", "HK": "HKD", "NT": "TWD", "CN": "CNY", "A": "AUD", "AU": "AUD", "C": "CAD", "CA": "CAD",
        "S": "SGD", "SG": "SGD", "NZ": "NZD",
    ]

    /// `-15.49`, `15,49` (with a decimal comma), `1,234.56`, `1.234,56`, `1 234,56`, `¥15.00`,
    /// `$15.49`, `-$15.49`, `(15.49)`, `15.49-`, `USD 15.49`, `15.49 CR`; nil for anything else.
    static func amount(_ cell: String, decimalComma: Bool) -> Amount? {
        let text = String(cleaned(cell).filter { !$0.isWhitespace })
        guard !text.isEmpty, text.count <= 40 else { return nil }
        let characters = Array(text)
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isWholeNumber }
        guard var first = characters.firstIndex(where: isDigit), let last = characters.lastIndex(where: isDigit)
        else { return nil }
        if first > 0, characters[first - 1] == "." || characters[first - 1] == "," { first -= 1 }
        let core = characters[first...last]
        var outside = String(characters[..<first]) + " " + String(characters[(last + 1)...])
        var negative = false
        if outside.hasPrefix("("), outside.hasSuffix(")") {
            negative = true
            outside = String(outside.dropFirst().dropLast())
        }
        let minus = outside.filter { $0 == "-" || $0 == "−" }.count
        guard minus <= 1, !(negative && minus == 1) else { return nil }
        negative = negative || minus == 1
        var currency: Currency?
        var marked = false
        var words: [String] = []
        var word = ""
        for character in outside + " " {
            if character.isASCII && character.isLetter {
                word.append(character)
                continue
            }
            if !word.isEmpty { words.append(word.uppercased()) }
            word = ""
            if let code = symbols[character] {
                if let code, let named = Currency(code: code) { currency = named }
                if character == "$" || character == "¥", let prefix = words.last, let code = dollarPrefixes[prefix] {
                    words.removeLast()
                    currency = Currency(code: code)
                }
            } else if !" +-−".contains(character) {
                return nil
            }
        }
        for name in words {
            switch name {
            case "CR": marked = true
            case "DR":
                marked = true
                negative = true
            case "RMB": currency = Currency(code: "CNY")
            default:
                guard let code = Currency(code: name) else { return nil }
                currency = code
            }
        }
        guard let value = number(String(core), decimalComma: decimalComma) else { return nil }
        return Amount(value: negative ? -value : value, currency: currency, marked: marked)
    }

    /// Digits with grouping and a decimal separator, as in `1,234.56`, `1.234,56`, `1'234.56`,
    /// `1,23,456.00`: when both `.` and `,` appear the last one is the decimal separator; a lone
    /// one followed by exactly three digits is grouping unless the file uses it as its decimal
    /// separator. Groups after the first must hold 3 digits (or 2, then 3, as in India).
    private static func number(_ text: String, decimalComma: Bool) -> Decimal? {
        let digitsOnly = text.filter { $0 != "'" && $0 != "’" }
        let points = digitsOnly.filter { $0 == "." }.count
        let commas = digitsOnly.filter { $0 == "," }.count
        var decimal: Character?
        if points > 0 && commas > 0 {
            decimal = digitsOnly.last { $0 == "." || $0 == "," }
        } else if points + commas == 1 {
            let separator: Character = points == 1 ? "." : ","
            let after = digitsOnly.split(separator: separator, omittingEmptySubsequences: false).last?.count ?? 0
            let isDecimal = (separator == ",") == decimalComma
            decimal = after != 3 || isDecimal ? separator : nil
        }
        var whole = digitsOnly
        var fraction = ""
        if let decimal {
            let parts = digitsOnly.split(separator: decimal, omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            whole = String(parts[0])
            fraction = String(parts[1])
        }
        let groups = whole.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "," || $0 == "." })
        if groups.count > 1 {
            guard groups.dropFirst().allSatisfy({ $0.count == 3 || $0.count == 2 }), groups.last?.count == 3,
                !groups[0].isEmpty, groups[0].count <= 3
            else { return nil }
        }
        let integer = groups.joined()
        guard integer.allSatisfy({ $0.isASCII && $0.isWholeNumber }),
            fraction.allSatisfy({ $0.isASCII && $0.isWholeNumber }), integer.count <= 15, fraction.count <= 6,
            !(integer.isEmpty && fraction.isEmpty)
        else { return nil }
        return Decimal(exactly: (integer.isEmpty ? "0" : integer) + (fraction.isEmpty ? "" : "." + fraction))
    }

    /// `USD`, `usd`, `人民币`, `美元`…; nil when the cell names no currency sandjar knows.
    static func currency(_ cell: String) -> Currency? {
        let text = cleaned(cell)
        let names = [
            "人民币": "CNY", "人民币元": "CNY", "RMB": "CNY", "美元": "USD", "港币": "HKD", "港元": "HKD", "欧元": "EUR",
            "日元": "JPY", "英镑": "GBP", "韩元": "KRW", "新台币": "TWD",
        ]
        if let code = names[text.uppercased()] { return Currency(code: code) }
        return Currency(code: text.uppercased())
    }

    /// Which way money went, from a `收/支` or `Debit/Credit` column: -1 out, 1 in, nil neither.
    static func direction(_ cell: String) -> Int? {
        switch cleaned(cell).lowercased() {
        case "支出", "支", "付款", "借", "借方", "debit", "dr", "d", "out", "expense", "withdrawal", "payment": return -1
        case "收入", "收", "收款", "贷", "贷方", "credit", "cr", "c", "in", "income", "deposit", "refund": return 1
        default: return nil
        }
    }
}
