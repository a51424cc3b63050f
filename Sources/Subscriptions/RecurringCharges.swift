import Domain
import Foundation

/// Subscriptions hiding in a bank statement (DESIGN.md §3, recurring-charge detection): charges to
/// one payee at a regular interval with steady amounts. Values in, values out.
///
/// The rules, exactly:
/// - Only money out counts; refunds, salary and other credits are ignored.
/// - Charges are grouped by `normalisedPayee(_:)` and currency — or, when a charge carries a SEPA
///   direct debit mandate (camt.053's `MndtId`), by the mandate and currency: a creditor's charges
///   under one mandate are one subscription for certain, whatever name each row gives.
/// - A group is a subscription when it has at least 3 charges, every gap between two consecutive
///   charges is one billing cycle (±2 days for weekly, ±3 days for the others; months follow the
///   anchor-day rule) except at most one gap of two cycles (one skipped charge), and the amounts are
///   steady: all within 5 % of their median — or, for a price change, an earlier run and a later
///   run of at least 2 charges that goes on to the last charge, each within 5 % of its own median.
///   One fixed price followed by another fixed price, charged at least twice, is reported as a
///   price change even when the step is smaller than 5 %.
/// - A group that fails is split into amount bands (amounts within 5 % of the band's smallest)
///   and each band is tried alone, without a price change, so a payee that bills two plans, or a
///   subscription among one-off purchases from the same shop, is still found.
/// - The cycle is the first of weekly, monthly, quarterly, semiannual and yearly that fits with the
///   fewest skipped charges.
/// - `price` is the latest amount, `started` the first charge, `nextBilling` the next date of the
///   schedule after the last charge: counted from the first charge with the anchor-day rule while
///   the charges keep to that schedule, else one cycle after the last charge.
/// - The same charge twice — the same day, payee as written, amount, currency, mandate and bank id
///   (OFX's `FITID`, where the format has one) — counts once: two overlapping downloads joined.
/// - A suggestion is `lapsed` (`stopped` on its last charge) when the statement goes on past the
///   next expected charge plus the tolerance without it: probably cancelled already.
public enum RecurringCharges {
    /// One payment as the statement shows it.
    public struct Charge: Sendable, Equatable {
        public var date: CalendarDate
        /// As written in the statement: `NETFLIX.COM 1234`.
        public var payee: String
        /// Money out, > 0.
        public var amount: Decimal
        /// Nil when neither the statement nor the site says.
        public var currency: Currency?
        /// The SEPA direct debit mandate the charge was collected under, when the statement says.
        public var mandate: String?
        /// The bank's id of the transaction, where the statement has one (OFX's `FITID`).
        public var id: String?

        public init(
            date: CalendarDate, payee: String, amount: Decimal, currency: Currency? = nil, mandate: String? = nil,
            id: String? = nil
        ) {
            self.id = id
            self.date = date
            self.payee = payee
            self.amount = amount
            self.currency = currency
            self.mandate = mandate
        }
    }

    /// The later charges cost something else than the earlier ones.
    public struct PriceChange: Sendable, Equatable {
        /// The last amount at the old price.
        public var from: Decimal
        public var to: Decimal
        /// The first charge at the new price.
        public var on: CalendarDate

        public init(from: Decimal, to: Decimal, on: CalendarDate) {
            self.from = from
            self.to = to
            self.on = on
        }
    }

    /// A suggested `[[subscription]]`, with the charges that are its evidence.
    public struct Suggestion: Sendable, Equatable {
        /// The grouping key: `netflix.com`.
        public var payee: String
        /// The latest charge's payee without reference numbers, case kept: `NETFLIX.COM`.
        public var name: String
        public var price: Decimal
        public var currency: Currency?
        public var cycle: Subscription.Cycle
        public var started: CalendarDate
        public var nextBilling: CalendarDate
        /// Oldest first.
        public var charges: [Charge]
        public var priceChange: PriceChange?
        /// The date a charge was expected but none came (the one skipped period), if any.
        public var skipped: CalendarDate?
        /// The statement goes on past the next expected charge (and its tolerance) without it:
        /// stopped on the last charge, perhaps.
        public var lapsed: Bool
        /// The last charge's date when `lapsed`: "stopped on …?".
        public var stopped: CalendarDate? { lapsed ? charges.last?.date : nil }
        /// The catalogue entry this payee matches; filled in by whoever knows the catalogue, so the
        /// suggestion can say `catalog = "id"`.
        public var catalogID: String?
    }

    public static let minimumCharges = 3

    /// Finds the subscriptions among `charges`, sorted by payee.
    /// - Parameter end: the last day the statement covers (default: the last charge), to tell
    ///   subscriptions still running from lapsed ones.
    public static func detect(_ charges: [Charge], until end: CalendarDate? = nil) -> [Suggestion] {
        let end = end ?? charges.map(\.date).max()
        var groups: [GroupKey: [Charge]] = [:]
        var seen: Set<ChargeKey> = []
        for charge in charges where charge.amount > 0 {
            // Two overlapping downloads joined: the same charge twice counts once.
            guard seen.insert(ChargeKey(charge)).inserted else { continue }
            let key = charge.mandate.map { "\u{1}mandate \($0)" } ?? normalisedPayee(charge.payee)
            groups[GroupKey(payee: key, currency: charge.currency?.code ?? ""), default: []].append(charge)
        }
        var found: [Suggestion] = []
        for (key, group) in groups {
            let sorted = group.enumerated().sorted { ($0.element.date, $0.offset) < ($1.element.date, $1.offset) }
                .map(\.element)
            // The payee the suggestion is known by: its latest charge's, for a group by mandate too.
            let payee = sorted.last.map { normalisedPayee($0.payee) } ?? key.payee
            if let whole = suggestion(payee, sorted, end: end, allowPriceChange: true) {
                found.append(whole)
            } else {
                for band in amountBands(sorted) where band.count < sorted.count {
                    if let one = suggestion(payee, band, end: end, allowPriceChange: false) { found.append(one) }
                }
            }
        }
        return found.sorted {
            ($0.payee, $0.currency?.code ?? "", $0.started, $0.price) < (
                $1.payee, $1.currency?.code ?? "", $1.started, $1.price
            )
        }
    }

    /// Lower-cased, with reference numbers gone: "NETFLIX.COM 1234" → `netflix.com`,
    /// "SQ *BLUE BOTTLE #4411" → `sq blue bottle`, "网易云音乐 订单号20260802001" → `网易云音乐 订单号`.
    public static func normalisedPayee(_ text: String) -> String {
        payeeWords(text).joined(separator: " ").lowercased()
    }

    /// The words of a payee that name it: split at spaces, `*` and `#`, trimmed of punctuation;
    /// words without a letter are dropped, as are ASCII codes of 5 or more characters with 2 or
    /// more digits (`P1A2B3C4`), and runs of 2 or more digits inside other words (`订单号2026`).
    /// When nothing is left, the whole text is one word.
    static func payeeWords(_ text: String) -> [String] {
        var words: [String] = []
        for piece in text.split(whereSeparator: { $0.isWhitespace || $0 == "*" || $0 == "#" }) {
            var word = piece.trimmingCharacters(in: .punctuationCharacters)
            guard word.contains(where: \.isLetter) else { continue }
            let digitCount = word.filter(isDigit).count
            if word.allSatisfy(\.isASCII) {
                if digitCount >= 2 && word.count >= 5 { continue }
            } else if digitCount >= 2 {
                word = withoutDigitRuns(word)
                guard word.contains(where: \.isLetter) else { continue }
            }
            words.append(word)
        }
        if words.isEmpty {
            let whole = text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
            return whole.isEmpty ? [] : [whole]
        }
        return words
    }

    private static func withoutDigitRuns(_ word: String) -> String {
        var out = ""
        var run = ""
        for character in word {
            if isDigit(character) {
                run.append(character)
                continue
            }
            if run.count == 1 { out += run }
            run = ""
            out.append(character)
        }
        if run.count == 1 { out += run }
        return out.trimmingCharacters(in: .punctuationCharacters)
    }

    private static func isDigit(_ character: Character) -> Bool { character.isASCII && character.isWholeNumber }

    /// What makes two rows one charge: the day, the payee as written, the amount, the currency,
    /// the mandate and the bank's id, where there is one.
    private struct ChargeKey: Hashable {
        var date: CalendarDate
        var payee: String
        var amount: Decimal
        var currency: String?
        var mandate: String?
        var id: String?

        init(_ charge: Charge) {
            date = charge.date
            payee = charge.payee
            amount = charge.amount
            currency = charge.currency?.code
            mandate = charge.mandate
            id = charge.id
        }
    }

    private struct GroupKey: Hashable {
        var payee: String
        var currency: String
    }

    /// The suggestion for one payee's charges (oldest first), or nil when they are not a subscription.
    private static func suggestion(
        _ payee: String, _ charges: [Charge], end: CalendarDate?, allowPriceChange: Bool
    ) -> Suggestion? {
        guard charges.count >= minimumCharges, let last = charges.last, let first = charges.first,
            let fit = fitCycle(charges.map(\.date))
        else { return nil }
        let amounts = charges.map(\.amount)
        var split = constantSplit(amounts)
        if split == nil && !steady(amounts[...]) {
            guard allowPriceChange, let found = priceSplit(amounts) else { return nil }
            split = found
        }
        let change = split.map { PriceChange(from: amounts[$0 - 1], to: amounts[$0], on: charges[$0].date) }
        let next = nextBilling(first: first.date, last: last.date, cycle: fit.cycle)
        // The charge expected next is missing when the statement goes on past its date and the
        // tolerance: stopped, perhaps; never suggested as running with a next billing already past.
        var lapsed = false
        if let end { lapsed = next.adding(days: tolerance(fit.cycle)) < end }
        return Suggestion(
            payee: payee, name: payeeWords(last.payee).joined(separator: " "), price: last.amount,
            currency: last.currency, cycle: fit.cycle, started: first.date, nextBilling: next, charges: charges,
            priceChange: change, skipped: fit.skipped, lapsed: lapsed, catalogID: nil)
    }

    /// Days a charge may land away from its expected date.
    static func tolerance(_ cycle: Subscription.Cycle) -> Int { cycle == .weekly ? 2 : 3 }

    /// `date` moved by `count` cycles (months with the anchor-day rule, weeks as 7 days).
    static func step(_ date: CalendarDate, _ cycle: Subscription.Cycle, _ count: Int) -> CalendarDate {
        guard let months = cycle.months else { return date.adding(days: 7 * count) }
        return date.adding(months: months * count)
    }

    /// The cycle whose schedule the dates keep, with the fewest skipped charges (at most one).
    static func fitCycle(_ dates: [CalendarDate]) -> (cycle: Subscription.Cycle, skipped: CalendarDate?)? {
        var best: (cycle: Subscription.Cycle, skipped: CalendarDate?)?
        cycles: for cycle in Subscription.Cycle.allCases {
            let slack = tolerance(cycle)
            var skipped: CalendarDate?
            for (earlier, later) in zip(dates, dates.dropFirst()) {
                if abs(step(earlier, cycle, 1).days(to: later)) <= slack { continue }
                guard skipped == nil, abs(step(earlier, cycle, 2).days(to: later)) <= slack else { continue cycles }
                skipped = step(earlier, cycle, 1)
            }
            if skipped == nil { return (cycle, nil) }
            if best == nil { best = (cycle, skipped) }
        }
        return best
    }

    /// All amounts within 5 % of their median.
    static func steady(_ amounts: ArraySlice<Decimal>) -> Bool {
        steady(sorted: amounts.sorted())
    }

    /// `steady` for amounts already sorted: only the smallest and the largest can be too far out.
    private static func steady(sorted: [Decimal]) -> Bool {
        guard let lowest = sorted.first, let highest = sorted.last else { return false }
        let middle = sorted.count / 2
        let median = sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
        return median > 0 && (highest - median) * 20 <= median && (median - lowest) * 20 <= median
    }

    /// Where the price changed: the index of the first charge of a later run of ≥ 2 steady amounts
    /// that reaches the end, after an earlier steady run; the longest such later run wins.
    static func priceSplit(_ amounts: [Decimal]) -> Int? {
        guard amounts.count >= minimumCharges else { return nil }
        // Every later run, from the shortest up, kept sorted as it grows: sorting each one afresh
        // took minutes for a few thousand charges to one payee.
        var later: [Decimal] = []
        var longest: Int?
        for split in stride(from: amounts.count - 1, through: 1, by: -1) {
            let amount = amounts[split]
            var low = 0
            var high = later.count
            while low < high {
                let middle = (low + high) / 2
                if later[middle] < amount { low = middle + 1 } else { high = middle }
            }
            later.insert(amount, at: low)
            if later.count >= 2, steady(sorted: later) { longest = split }
        }
        guard let split = longest else { return nil }
        return steady(amounts[..<split]) ? split : nil
    }

    /// Where one fixed price gave way to another (`9.99 9.99 10.99 10.99`), even a step smaller
    /// than 5 %: the later price must be charged at least twice. Nil for a single price.
    static func constantSplit(_ amounts: [Decimal]) -> Int? {
        guard let split = amounts.firstIndex(where: { $0 != amounts[0] }), split <= amounts.count - 2,
            amounts[split...].allSatisfy({ $0 == amounts[split] })
        else { return nil }
        return split
    }

    /// Charges (oldest first) in bands of amounts within 5 % of the band's smallest, each band
    /// oldest first.
    static func amountBands(_ charges: [Charge]) -> [[Charge]] {
        var bands: [[Charge]] = []
        var floor: Decimal = 0
        for charge in charges.sorted(by: { $0.amount < $1.amount }) {
            if bands.isEmpty || charge.amount * 20 > floor * 21 {
                bands.append([])
                floor = charge.amount
            }
            bands[bands.count - 1].append(charge)
        }
        return bands.map { band in band.sorted { $0.date < $1.date } }
    }

    /// The next date of the schedule anchored on the first charge, when the last charge keeps to
    /// it; otherwise one cycle after the last charge.
    static func nextBilling(first: CalendarDate, last: CalendarDate, cycle: Subscription.Cycle) -> CalendarDate {
        guard let months = cycle.months else { return last.adding(days: 7) }
        let elapsed = last.monthIndex - first.monthIndex
        let guess = Int((Double(elapsed) / Double(months)).rounded())
        let nearest = [guess - 1, guess, guess + 1].filter { $0 >= 0 }
            .min {
                abs(first.adding(months: $0 * months).days(to: last))
                    < abs(first.adding(months: $1 * months).days(to: last))
            }
        if let periods = nearest, abs(first.adding(months: periods * months).days(to: last)) <= tolerance(cycle) {
            return first.adding(months: (periods + 1) * months)
        }
        return last.adding(months: months)
    }
}
