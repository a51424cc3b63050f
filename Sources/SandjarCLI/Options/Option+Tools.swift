import SiteData
import Statement

/// The options of `detect`, `completion`, `debug fixture` and `help`.
extension Option where Value == StatementCSV.Columns {
    static var columns: Option {
        .parsed(
            "columns", "SPEC",
            help: ["which columns of a CSV hold the date, payee and amount, when", "the header does not say"]
        ) { text throws(Arguments.UsageError) in
            do throws(Diagnostic) {
                return try StatementCSV.Columns(option: text)
            } catch {
                throw Arguments.UsageError(message: error.message)
            }
        }
    }
}

extension Option where Value == String {
    static var account: Option {
        .text(
            "account", "ID",
            help: [
                "of a statement that holds several accounts, read this one alone",
                "(its number as the file writes it: OFX's ACCTID, camt's IBAN,",
                "QIF's account name); default: every account, each named",
            ])
    }
}

extension Option where Value == StatementCSV.DateOrder {
    static var dates: Option {
        let orders = StatementCSV.DateOrder.allCases.map(\.option)
        return .parsed(
            "dates", "ORDER", completes: .words(orders),
            help: [
                "how to read 08/07/2026 in a CSV or QIF: dmy (8 July), mdy",
                "(August 7) or ymd;",
                "default: what the dates themselves show, else the order of the",
                "data folder's locale, else the order they run in",
            ]
        ) { text throws(Arguments.UsageError) in
            guard let order = StatementCSV.DateOrder(option: text) else {
                throw Arguments.UsageError("--dates takes dmy, mdy or ymd, not '\(text)'", typed: text, closeTo: orders)
            }
            return order
        }
    }
}

extension Option where Value == CompletionList {
    static var values: Option {
        .parsed(
            "values", "KIND", completes: .words(CompletionList.allCases.map(\.rawValue)),
            help: [
                "print the data folder's goals, patterns, programs or",
                "subscriptions (active ones), one per line; nothing when there",
                "is no data folder or it cannot be read",
            ]
        ) { text throws(Arguments.UsageError) in
            guard let list = CompletionList(rawValue: text) else { throw CompletionList.refusal }
            return list
        }
    }
}

extension Option where Value == Int {
    static var scale: Option {
        .parsed(
            "scale", "N",
            help: [
                "1 to 100: scale 1 is 10 goals with about 10,000 deposits,",
                "100 subscriptions, 1,500 sessions and 500 pages; N times that",
            ]
        ) { text throws(Arguments.UsageError) in
            guard let scale = Int(text), (1...100).contains(scale) else {
                throw Arguments.UsageError(message: "--scale must be a whole number from 1 to 100, not '\(text)'")
            }
            return scale
        }
    }
}

extension Option where Value == Bool {
    static var man: Option {
        .flag(
            "man",
            help: [
                "print the manual page (roff) instead, the one 'man sandjar' shows;",
                "without installing it: sandjar help --man | man -l -",
            ])
    }
}

extension CompletionList {
    /// `--values` with a word that is not a list, or with anything else.
    static var refusal: Arguments.UsageError {
        Arguments.UsageError(message: "--values takes one of \(allCases.map(\.rawValue).joined(separator: ", "))")
    }
}
