import Foundation
import SiteData

/// Which column holds what: from `--columns`, from a header row, or from the values themselves.
extension StatementCSV {
    /// 0-based column indexes.
    public struct Columns: Sendable, Equatable {
        public var date: Int
        public var payee: Int
        /// One signed amount (negative: money out)…
        public var amount: Int?
        /// …or money out and money in in columns of their own.
        public var debit: Int?
        public var credit: Int?
        public var currency: Int?
        /// `收/支`, `Debit/Credit`: which way an unsigned amount went.
        public var direction: Int?

        public init(
            date: Int, payee: Int, amount: Int? = nil, debit: Int? = nil, credit: Int? = nil, currency: Int? = nil,
            direction: Int? = nil
        ) {
            self.date = date
            self.payee = payee
            self.amount = amount
            self.debit = debit
            self.credit = credit
            self.currency = currency
            self.direction = direction
        }

        static let names = ["date", "payee", "amount", "debit", "credit", "currency", "direction"]

        /// `date=1,payee=2,amount=3`: column numbers count from 1, as spreadsheets do. Names are
        /// `date`, `payee`, `amount` (or `debit` and/or `credit`), `currency`, `direction`. A
        /// refusal says what is wrong with the option, to follow `sandjar: `.
        public init(option: String) throws(Diagnostic) {
            let example = "such as date=1,payee=2,amount=3"
            var given: [String: Int] = [:]
            for pair in option.split(separator: ",", omittingEmptySubsequences: false) {
                let parts = pair.split(separator: "=", omittingEmptySubsequences: false)
                    .map { $0.trimmingCharacters(in: .whitespaces) }
                guard parts.count == 2, !parts[0].isEmpty else {
                    throw Diagnostic("--columns '\(option)': '\(pair)' is not NAME=NUMBER; write it \(example)")
                }
                let name = parts[0].lowercased()
                guard Columns.names.contains(name) else {
                    var message = "--columns: unknown column name '\(parts[0])'"
                    if let guess = Suggestion.closest(to: name, in: Columns.names) {
                        message += "; did you mean '\(guess)'?"
                    }
                    throw Diagnostic(message + " (names: \(Columns.names.joined(separator: ", ")))")
                }
                guard let number = Int(parts[1]), (1...10_000).contains(number) else {
                    throw Diagnostic("--columns: \(name)=\(parts[1]) must name a column number from 1")
                }
                guard given[name] == nil else { throw Diagnostic("--columns: \(name) is given twice") }
                given[name] = number - 1
            }
            guard let date = given["date"], let payee = given["payee"] else {
                throw Diagnostic("--columns needs at least date, payee and amount (or debit/credit), \(example)")
            }
            let hasSplit = given["debit"] != nil || given["credit"] != nil
            guard given["amount"] != nil || hasSplit else {
                throw Diagnostic("--columns needs an amount column, or debit and/or credit columns, \(example)")
            }
            guard given["amount"] == nil || !hasSplit else {
                throw Diagnostic("--columns takes either amount or debit/credit, not both")
            }
            let columns = given.values.sorted()
            guard Set(columns).count == columns.count else {
                throw Diagnostic("--columns names the same column number twice")
            }
            self.init(
                date: date, payee: payee, amount: given["amount"], debit: given["debit"], credit: given["credit"],
                currency: given["currency"], direction: given["direction"])
        }

        /// The columns a row needs to have.
        var required: Int {
            [date, payee, amount, debit, credit].compactMap { $0 }.max().map { $0 + 1 } ?? 1
        }

        /// `date=1,payee=2,amount=3`, for messages.
        public var option: String {
            let named: [(String, Int?)] = [
                ("date", date), ("payee", payee), ("amount", amount), ("debit", debit), ("credit", credit),
                ("currency", currency), ("direction", direction),
            ]
            return named.compactMap { name, column in column.map { "\(name)=\($0 + 1)" } }.joined(separator: ",")
        }
    }

    enum Role: CaseIterable {
        case date, payee, description, amount, debit, credit, currency, direction
    }

    /// Header names by role, best first: a `Transaction Date` beats a `Posting Date`, a payee or
    /// merchant beats a description. Compared after `headerKey(_:)`.
    static let headerNames: [Role: [String]] = [
        .date: [
            "transaction date", "trans date", "trans. date", "date", "交易日期", "交易时间", "交易创建时间", "付款时间",
            "日期", "started date", "completed date", "posting date", "posted date", "post date", "booking date",
            "value date", "记账日期", "记账时间", "入账日期", "datum", "buchungstag", "fecha",
        ],
        .payee: [
            "payee", "merchant", "merchant name", "counterparty", "交易对方", "商户名称", "商户", "对方户名", "对方名称",
            "对手信息", "收款方", "收款人", "beneficiary", "name",
        ],
        .description: [
            "description", "transaction description", "details", "narrative", "memo", "摘要", "交易摘要",
            "交易描述", "商品说明", "商品名称", "交易说明", "备注", "verwendungszweck", "libellé", "libelle",
        ],
        .amount: ["amount", "transaction amount", "金额", "交易金额", "发生额", "betrag", "importe", "montant"],
        .debit: [
            "debit", "debit amount", "debits", "withdrawal", "withdrawals", "withdrawal amount", "money out",
            "paid out", "支出", "支出金额", "借方金额", "借方发生额",
        ],
        .credit: [
            "credit", "credit amount", "credits", "deposit", "deposits", "deposit amount", "money in", "paid in",
            "收入", "收入金额", "贷方金额", "贷方发生额", "存入",
        ],
        .currency: ["currency", "currency code", "ccy", "币种", "货币", "币别", "交易币种"],
        .direction: ["收/支", "收支", "收支类型", "debit/credit", "dr/cr", "credit/debit", "借贷", "借贷标志"],
    ]

    /// A header cell reduced to what names it: lower-cased, a unit in brackets dropped
    /// (`金额（元）`, `Amount (USD)`), `_` read as a space, a trailing colon dropped.
    static func headerKey(_ cell: String) -> String {
        var text = cleaned(cell).replacingOccurrences(of: "\u{FEFF}", with: "").lowercased()
        for (open, close) in [("(", ")"), ("（", "）"), ("[", "]")] {
            if let start = text.range(of: open), let end = text.range(of: close), start.lowerBound < end.lowerBound {
                text.removeSubrange(start.lowerBound..<end.upperBound)
            }
        }
        text = text.replacingOccurrences(of: "_", with: " ")
        while let last = text.last, last == ":" || last == "：" { text.removeLast() }
        return text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// The first of the leading records that names a date, a payee (or description) and an amount
    /// (or debit/credit) column.
    static func findHeader(_ records: [Record]) -> (index: Int, columns: Columns)? {
        for (index, record) in records.prefix(40).enumerated() {
            var best: [Role: (rank: Int, column: Int)] = [:]
            for (column, cell) in record.fields.enumerated() {
                let key = headerKey(cell)
                for (role, names) in headerNames {
                    guard let rank = names.firstIndex(of: key) else { continue }
                    if rank < best[role]?.rank ?? .max { best[role] = (rank, column) }
                }
            }
            guard let date = best[.date]?.column, let payee = (best[.payee] ?? best[.description])?.column,
                best[.amount] != nil || best[.debit] != nil || best[.credit] != nil
            else { continue }
            let split = best[.amount] == nil
            return (
                index,
                Columns(
                    date: date, payee: payee, amount: best[.amount]?.column,
                    debit: split ? best[.debit]?.column : nil, credit: split ? best[.credit]?.column : nil,
                    currency: best[.currency]?.column, direction: best[.direction]?.column)
            )
        }
        return nil
    }

    /// Columns of a file without a header, from its values: the first column where at least
    /// 80 % of the cells are dates, then the first other one where 80 % are amounts, and the one
    /// with the most cells holding letters (at least half) as the payee.
    static func inferColumns(_ records: [Record]) -> Columns? {
        let sample = Array(records.filter { !$0.isBlank }.prefix(200))
        var tally: [Int: Int] = [:]
        for record in sample { tally[record.fields.count, default: 0] += 1 }
        guard let width = tally.max(by: { ($0.value, $0.key) < ($1.value, $1.key) })?.key, width >= 3 else {
            return nil
        }
        let rows = sample.filter { $0.fields.count == width }
        let cells = (0..<width).map { column in rows.compactMap { $0.cell(column) } }
        let enough = { (count: Int, share: Double) in Double(count) >= share * Double(rows.count) }
        guard
            let date = cells.firstIndex(where: { column in enough(column.filter { dateShape($0) != nil }.count, 0.8) })
        else { return nil }
        let comma = usesDecimalComma(cells.flatMap { $0 })
        guard
            let amount = cells.indices.first(where: { column in
                column != date
                    && enough(cells[column].filter { amount($0, decimalComma: comma) != nil }.count, 0.8)
            })
        else { return nil }
        let letters = cells.indices.filter { $0 != date && $0 != amount }
            .map { column in (column, cells[column].filter { $0.contains(where: \.isLetter) }.count) }
        guard let payee = letters.max(by: { ($0.1, -$0.0) < ($1.1, -$1.0) }), enough(payee.1, 0.5) else { return nil }
        return Columns(date: date, payee: payee.0, amount: amount)
    }
}
