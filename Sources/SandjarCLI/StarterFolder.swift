import BuiltinFiles
import DataEdit
import Domain
import Foundation
import Mustache

/// The data folder `sandjar init` writes: `starter/<language>/` of the repository, built into the
/// binary, every file (and path) a Mustache template filled with the site's settings and with
/// dates set around today, so the first build shows every part of the dashboard.
struct StarterFolder {
    var language: SiteSettings.Language
    var currency: Currency
    var timezone: String
    var title: String
    var today: CalendarDate
    /// `init --household`: site.toml names two people (DESIGN.md §3 "Household").
    var household = false

    /// Relative path → bytes, ready to write.
    func files() throws(MustacheError) -> [String: [UInt8]] {
        let prefix = language.rawValue + "/"
        var sources: [String: String] = [:]
        for (path, bytes) in BuiltinFiles.starter where path.hasPrefix(prefix) {
            sources[String(path.dropFirst(prefix.count))] = String(decoding: bytes, as: UTF8.self)
        }
        let templates = try MustacheLibrary(templates: sources)
        let paths = try MustacheLibrary(templates: Dictionary(uniqueKeysWithValues: sources.keys.map { ($0, $0) }))
        var files: [String: [UInt8]] = [:]
        for name in sources.keys {
            let path = try paths.render(name, context, strict: true)
            let text = try templates.render(name, context, strict: true)
            if path.hasPrefix("practice/") {
                for (month, part) in StarterFolder.byMonth(text) { files["practice/\(month).toml"] = Array(part.utf8) }
            } else {
                files[path] = Array(text.utf8)
            }
        }
        return files
    }

    /// A practice file's `[[session]]`s split into one text per month of their `at` (the
    /// convention: a month's sessions in that month's file), each with the file's opening comments.
    /// Near a month's start the starter's week of sessions spans two months.
    static func byMonth(_ text: String) -> [(month: String, text: String)] {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let first = lines.firstIndex(of: "[[session]]") else { return [] }
        var header = Array(lines[..<first])
        while header.last?.isEmpty == true { header.removeLast() }
        var blocks: [[String]] = []
        for line in lines[first...] {
            if line == "[[session]]" { blocks.append([]) }
            blocks[blocks.count - 1].append(line)
        }
        var months: [(month: String, blocks: [[String]])] = []
        for var block in blocks {
            while block.last?.isEmpty == true { block.removeLast() }
            let month =
                block.first { $0.hasPrefix("at = ") }.map { String($0.dropFirst("at = ".count).prefix(7)) } ?? "undated"
            if let index = months.firstIndex(where: { $0.month == month }) {
                months[index].blocks.append(block)
            } else {
                months.append((month, [block]))
            }
        }
        return months.map { group in
            let body = group.blocks.map { $0.joined(separator: "\n") }.joined(separator: "\n\n")
            return (group.month, header.joined(separator: "\n") + "\n\n" + body + "\n")
        }
    }

    /// What the templates may use (starter/README.md lists them).
    var context: MustacheValue {
        var values: [String: MustacheValue] = [
            "title": .string(String(TOMLField.basicString(title).dropFirst().dropLast())),
            "language": .string(language.rawValue),
            "currency": .string(currency.code),
            "timezone": .string(timezone),
            "other_currency": .string(otherCurrency.code),
            "other_rate": .string(StarterFolder.rate(of: otherCurrency, in: currency)),
            "today": .string(today.description),
            "yesterday": .string(today.adding(days: -1).description),
            "month_start": .string(monthStart.description),
            "this_month": .string(String(today.description.prefix(7))),
            "household": .bool(household),
        ]
        for days in [2, 3, 5, 7, 14, 30, 45, 60, 90] {
            values["days_ago_\(days)"] = .string(today.adding(days: -days).description)
        }
        for days in [2, 10, 20] {
            values["in_\(days)_days"] = .string(today.adding(days: days).description)
        }
        for months in 1...3 {
            values["months_ago_\(months)"] = .string(monthStart.adding(months: -months).description)
        }
        return .object(values)
    }

    private var monthStart: CalendarDate { CalendarDate(year: today.year, month: today.month, day: 1) ?? today }

    /// The currency of the starter's foreign-priced subscription: the euro, or the dollar for a
    /// site in euros.
    var otherCurrency: Currency { Currency(code: currency.code == "EUR" ? "USD" : "EUR")! }

    /// Roughly what one US dollar buys of each currency (late 2026), only so that the starter's
    /// rates.toml holds a plausible number; its comment asks for today's rate.
    static let perDollar: [String: Decimal] = [
        "USD": 1, "EUR": 0.93, "GBP": 0.79, "CNY": 7.2, "JPY": 150, "KRW": 1380, "TWD": 32, "HKD": 7.8,
        "CHF": 0.88, "CAD": 1.38, "AUD": 1.52, "NZD": 1.66, "SGD": 1.34, "SEK": 10.6, "NOK": 10.8,
        "DKK": 6.9, "INR": 84, "PLN": 4.0, "CZK": 23, "HUF": 370, "MXN": 18, "BRL": 5.6,
    ]

    /// How many units of `base` one unit of `other` costs, to four decimals; "1" when either is
    /// not in the table.
    static func rate(of other: Currency, in base: Currency) -> String {
        guard let otherPerDollar = perDollar[other.code], let basePerDollar = perDollar[base.code] else { return "1" }
        var value = basePerDollar / otherPerDollar
        var rounded = Decimal()
        NSDecimalRound(&rounded, &value, 4, .plain)
        return "\(rounded)"
    }
}
