import DataEdit
import Domain
import Foundation
import SiteData
import Statement
import Subscriptions
import TOML

/// `sandjar detect STATEMENT [--format text|json] [--account ID] [--columns date=1,payee=2,amount=3]
/// [--dates dmy|mdy|ymd] [--data DIR] [--theme DIR]`: prints suggested `[[subscription]]` tables
/// for the recurring charges in a bank export, or with `--format json` everything it read
/// (DESIGN.md §3, §6). It only reads; nothing in the data folder changes.
///
/// The data folder is optional here: found as every command finds it, it gives the currency of
/// charges whose statement names none, the theme whose catalogue names the services, and the
/// subscriptions already tracked, which are listed apart and never suggested again.
extension SandjarCommand {
    static func detect(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.detect
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 1 else {
            throw Arguments.UsageError(
                message: arguments.positionals.isEmpty
                    ? "detect needs a bank statement, e.g. 'sandjar detect statement.csv'"
                    : "detect reads one statement at a time, got \(arguments.positionals.count)",
                command: command.name)
        }
        let columns = try arguments[.columns]
        let format = try arguments[.format] ?? .text
        let account = try arguments[.account]
        var dates = try arguments[.dates].map(StatementCSV.DateReading.given)
        let theme = try arguments[.theme]
        let data: String?
        if try arguments[.data] != nil {
            guard let named = try dataFolder(arguments, console: console) else { return 1 }
            data = named
        } else {
            data = DataLocation.nearest(from: FileManager.default.currentDirectoryPath)
        }
        // site.toml read once, by the build's own reader, for all that detect takes from it: the
        // dates' order, the site currency, the theme whose catalogue names services; the data's
        // files parsed once between that and the subscriptions already tracked (`memo`).
        let memo = ParsedTables()
        let site = data.map { DataLoader.siteEssentials(of: DataFolder(path: $0), memo: memo) }
        if dates == nil, let locale = (try? site?.get())?.locale {
            dates = .locale(locale)
        }
        let path = arguments.positionals[0]
        let statement: BankStatement
        do {
            statement = try BankStatement(
                bytes: try readStatement(path), path: path, columns: columns, dates: dates, account: account)
        } catch {
            console.err(error.description + "\n")
            return 1
        }
        for note in statement.notes { console.err(note.description + "\n") }
        let siteCurrency: Currency?
        do {
            siteCurrency = try detectSiteCurrency(site)
        } catch {
            console.err(error.description + "\n")
            return 1
        }
        let charges = statement.rows.filter { $0.amount < 0 }.map { row in
            RecurringCharges.Charge(
                date: row.date, payee: row.payee, amount: -row.amount, currency: row.currency ?? siteCurrency,
                mandate: row.mandate, id: row.id)
        }
        var suggestions = RecurringCharges.detect(charges, until: statement.period?.upperBound)
        let catalog = ShippedCatalog.load(theme: theme ?? (try? site?.get())?.themeOverlay)
        for index in suggestions.indices {
            suggestions[index].catalogID = catalog.match(suggestions[index].name)?.entry.id
        }
        var tracked: [TrackedSubscription] = []
        if let data {
            do {
                tracked = try TrackedSubscription.all(in: DataFolder(path: data), theme: theme, memo: memo)
            } catch {
                console.err(error.description + "\n")
                console.err("sandjar: cannot tell which of these are already tracked\n")
            }
        }
        switch format {
        case .json:
            console.out(DetectedStatement(path: path, statement: statement).json(suggestions))
        case .text:
            let source = URL(fileURLWithPath: path).lastPathComponent
            console.out(DetectedTOML(source: source, statement: statement, tracked: tracked).render(suggestions))
        }
        return 0
    }

    /// The statement's bytes, or why they cannot be read: at most 16 MiB, as any data file.
    private static func readStatement(_ path: String) throws(Diagnostic) -> [UInt8] {
        try DataFolder.readInput(path).mapError { finding in
            var finding = finding
            if finding.message.hasPrefix("is larger") { finding.message += "; export a shorter period" }
            return finding
        }.get()
    }

    /// The currency of charges whose statement names none: the site's, as `site.toml` was read by
    /// the build's own reader; none without a data folder.
    private static func detectSiteCurrency(_ site: Result<DataLoader.SiteEssentials, Diagnostic>?) throws(Diagnostic)
        -> Currency?
    {
        guard let site else { return nil }
        switch site {
        case .success(let site): return site.currency
        case .failure(let finding):
            var finding = finding
            finding.message += " (sandjar reads the site currency from it)"
            throw finding
        }
    }
}

/// Suggestions as TOML to review and paste into `subscriptions/*.toml`: one commented
/// `[[subscription]]` per recurring payee, sorted by payee; lapsed ones follow, commented out; those
/// the data folder already tracks (the same catalogue entry or name) are only listed, in comments,
/// last, so pasting the output never tracks one twice.
struct DetectedTOML {
    /// The statement's file name, for the comments.
    let source: String
    let statement: BankStatement
    /// The data folder's subscriptions, if there is a data folder.
    var tracked: [TrackedSubscription] = []

    func render(_ suggestions: [RecurringCharges.Suggestion]) -> String {
        var span = "\(statement.rows.count) rows"
        if let period = statement.period { span += ", \(period.lowerBound) … \(period.upperBound)" }
        let accounts = DetectedStatement(path: source, statement: statement).accountLines.joined(separator: "\n") + "\n"
        guard !suggestions.isEmpty else {
            return "# sandjar detect: no recurring charges found in \(comment(source)) (\(span)).\n" + accounts
        }
        let known = suggestions.map(trackedAs)
        let fresh = suggestions.indices.filter { known[$0] == nil }.map { suggestions[$0] }
        let running = fresh.filter { !$0.lapsed }
        let lapsed = fresh.filter(\.lapsed)
        var out = "# sandjar detect: subscriptions suggested from \(comment(source)) (\(span)).\n" + accounts
        if running.isEmpty && lapsed.isEmpty {
            out += "# Every recurring charge found is already tracked.\n"
        } else {
            out += "# Check each one, then copy the ones you keep into a file under subscriptions/.\n"
        }
        for suggestion in running {
            out += "\n" + block(suggestion).joined(separator: "\n") + "\n"
        }
        if !lapsed.isEmpty {
            out += "\n# Charged regularly before, but not lately: perhaps cancelled already.\n"
            for suggestion in lapsed {
                let lines = block(suggestion).map { $0.hasPrefix("#") ? $0 : "# " + $0 }
                out += "\n" + lines.joined(separator: "\n") + "\n"
            }
        }
        let already = suggestions.indices.compactMap { index in known[index].map { (suggestions[index], $0) } }
        if !already.isEmpty {
            out += "\n# Already tracked, so not suggested again:\n"
            for (suggestion, entry) in already {
                var line = "# \(comment(suggestion.name)): already tracked as \(entry.id), \(comment(entry.place))"
                if entry.slain {
                    line += " (slain)"
                } else if suggestion.lapsed {
                    line += " (no charge lately: cancelled already? sandjar slay \(entry.id))"
                }
                out += line + "\n"
            }
        }
        return out
    }

    /// The subscription the data already has for `suggestion`: an active one before a slain one.
    func trackedAs(_ suggestion: RecurringCharges.Suggestion) -> TrackedSubscription? {
        let same = tracked.filter { $0.isTheSame(name: suggestion.name, catalogID: suggestion.catalogID) }
        return same.first { !$0.slain } ?? same.first
    }

    /// The evidence comments and the table, line by line.
    func block(_ suggestion: RecurringCharges.Suggestion) -> [String] {
        let charges = suggestion.charges
        let first = charges.first?.date.description ?? ""
        let last = charges.last?.date.description ?? ""
        var lines = [
            "# detected from \(comment(source)): \(charges.count) charges, \(suggestion.cycle.rawValue), \(first) … \(last)"
        ]
        if charges.count <= 12 {
            lines.append("# charged on " + charges.map(\.date.description).joined(separator: ", "))
        }
        let digits = suggestion.currency?.minorDigits ?? 2
        if let change = suggestion.priceChange {
            lines.append(
                "# price \(money(change.from, digits)) until \(previousDate(before: change.on, in: charges)), "
                    + "\(money(change.to, digits)) since \(change.on)")
        } else if let low = charges.map(\.amount).min(), let high = charges.map(\.amount).max(), low != high {
            lines.append("# amounts from \(money(low, digits)) to \(money(high, digits)); the latest is the price")
        }
        let mandates = Set(charges.compactMap(\.mandate))
        if mandates.count == 1, let mandate = mandates.first, charges.allSatisfy({ $0.mandate != nil }) {
            lines.append(
                "# collected by SEPA direct debit under mandate \(comment(mandate)): cancel it with your bank too")
        }
        if let skipped = suggestion.skipped {
            lines.append("# no charge around \(skipped): one \(suggestion.cycle.rawValue) charge skipped")
        }
        if let stopped = suggestion.stopped, let end = statement.period?.upperBound {
            lines.append("# stopped on \(stopped)? no charge since, though the statement runs to \(end)")
        }
        var table = SubscriptionTable()
        table.add(.string("name", suggestion.name))
        if let id = suggestion.catalogID { table.add(.string("catalog", id)) }
        table.add(.price, literal: priceLiteral(suggestion.price, digits))
        if let currency = suggestion.currency { table.add(.string("currency", currency.code)) }
        table.add(.string("cycle", suggestion.cycle.rawValue))
        table.add(.dateTime("started", Self.date(suggestion.started)))
        table.add(.dateTime("next_billing", Self.date(suggestion.nextBilling)))
        return lines + table.lines
    }

    private static func date(_ day: CalendarDate) -> TOMLDateTime {
        TOMLDateTime(date: TOMLDate(year: day.year, month: day.month, day: day.day), time: nil)
    }

    /// The date of the charge just before the one on `date`.
    private func previousDate(before date: CalendarDate, in charges: [RecurringCharges.Charge]) -> String {
        (charges.last { $0.date < date }?.date ?? date).description
    }

    /// The amount with the currency's minor digits when that loses nothing (`25.00`, `1500`),
    /// else every digit it has, as a TOML number that reads back as the same decimal.
    func priceLiteral(_ price: Decimal, _ digits: Int) -> String {
        let text = money(price, digits)
        return (try? AmountLiteral(text))?.text ?? text
    }

    private func money(_ amount: Decimal, _ digits: Int) -> String {
        amount.rounded(scale: digits) == amount ? amount.fixed(digits) : "\(amount)"
    }

    /// Text for a `#` comment: one line, no control characters.
    private func comment(_ text: String) -> String {
        String(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : Character($0) })
    }
}
