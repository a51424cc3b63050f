import Domain
import Foundation
import SiteData

/// One subscription of a Wallos export, read into sandjar's terms (DESIGN.md §3, Import): the
/// price's number and currency, the cycle mapped, the dates read, inactive or not. Values in,
/// values out: what the data folder already holds and the catalogue are the importer's business.
public struct WallosSubscription: Sendable, Equatable {
    public var entry: WallosExport.Entry
    public var name: String
    /// The price per cycle as a TOML number literal, as Wallos wrote the number (`12.99`, `10`).
    public var price: String
    /// As written: `$15.49`.
    public var priceText: String
    public var currency: Currency
    /// How the currency was found, for the comment: the symbol, or `--currency` for one that
    /// names several.
    public var currencyFromOption: Bool
    /// A symbol several currencies write (`$`), read as the site's currency, which it can mean.
    public var currencyFromSite: Bool = false
    /// Nil when the export does not say (older Wallos versions).
    public var cycle: Subscription.Cycle?
    /// As written: `Every 3 Months`.
    public var cycleText: String?
    public var nextPayment: CalendarDate?
    /// Wallos's `Renewal` is `Manual`: it renews only when renewed by hand.
    public var manualRenewal: Bool
    /// Wallos's own category, as written (nil for "No category").
    public var wallosCategory: String?
    /// The catalogue category it stands for, when it is one of Wallos's own defaults.
    public var category: String?
    public var paymentMethod: String?
    public var paidBy: String?
    public var notes: String?
    public var url: String?
    /// Neither `Active: No` nor `State: Disabled`.
    public var active: Bool
    public var cancellation: CalendarDate?
    /// Wallos's notifications for it are off.
    public var notificationsOff: Bool

    /// Every subscription of `export`, and the findings about it: an error stops the import (a
    /// price or cycle sandjar cannot hold as written, a date that is not one, a symbol of several
    /// currencies without `--currency`); a warning does not.
    /// - Parameters:
    ///   - currency: `--currency`, for symbols several currencies write (and prices without one).
    ///   - siteCurrency: for a price written without a symbol, when `--currency` is not given.
    public static func read(
        _ export: WallosExport, currency: Currency?, siteCurrency: Currency?
    ) -> (subscriptions: [WallosSubscription], findings: [Diagnostic]) {
        var subscriptions: [WallosSubscription] = []
        var findings: [Diagnostic] = []
        for entry in export.entries {
            switch read(entry, in: export, currency: currency, siteCurrency: siteCurrency) {
            case .success(let subscription): subscriptions.append(subscription)
            case .failure(let found): findings += found.diagnostics
            }
        }
        return (subscriptions, findings)
    }

    private static func read(
        _ entry: WallosExport.Entry, in export: WallosExport, currency option: Currency?, siteCurrency: Currency?
    ) -> Result<WallosSubscription, Findings> {
        var errors: [Diagnostic] = []
        func error(_ field: WallosExport.Field, _ message: String) {
            errors.append(export.diagnostic(.error, at: field, message))
        }
        guard let name = entry.field("Name") else {
            return .failure(
                Findings(diagnostics: [export.diagnostic(.error, at: entry, "this subscription has no \"Name\"")]))
        }
        let label = "\"\(name.text)\""
        // The price: a symbol and a number.
        var price = "0"
        var currency = option ?? siteCurrency
        var fromOption = false
        var fromSite = false
        if let field = entry.field("Price") {
            switch WallosSubscription.price(field.text) {
            case nil:
                error(field, "\(label): '\(field.text)' is not a price such as €12.99")
            case .some(let (symbol, number)):
                price = number
                if symbol.isEmpty {
                    if currency == nil {
                        error(field, "\(label): '\(field.text)' names no currency; say which with --currency CODE")
                    }
                    fromOption = option != nil
                } else {
                    switch CurrencySymbol.resolve(symbol, option: option, site: siteCurrency) {
                    case .success(let (named, source)):
                        currency = named
                        fromOption = source == .option
                        fromSite = source == .site
                    case .failure(let refusal):
                        error(field, "\(label): " + refusal.message(symbol: symbol, option: option, site: siteCurrency))
                    }
                }
            }
        } else {
            errors.append(export.diagnostic(.error, at: entry, "\(label) has no \"Price\""))
        }
        // The cycle, when the export says it.
        var cycle: Subscription.Cycle?
        let cycleField = entry.field("Payment Cycle")
        if let field = cycleField {
            cycle = WallosSubscription.cycle(field.text)
            if cycle == nil {
                error(
                    field,
                    "\(label): sandjar bills weekly, monthly, quarterly (Every 3 Months), semiannual (Every 6 Months) "
                        + "or yearly, not '\(field.text)'; change it in Wallos or in the export")
            }
        }
        func date(_ key: String) -> CalendarDate? {
            guard let field = entry.field(key) else { return nil }
            guard let day = CalendarDate(iso: String(field.text.prefix(10))), field.text.count == 10 else {
                error(field, "\(label): \(key) '\(field.text)' is not a date such as 2026-12-02")
                return nil
            }
            return day
        }
        let next = date("Next Payment")
        let cancellation = date("Cancellation Date")
        let inactive =
            entry.field("Active").map { $0.text.lowercased() == "no" } == true
            || entry.field("State").map { $0.text.lowercased() == "disabled" } == true
        guard errors.isEmpty, let currency else { return .failure(Findings(diagnostics: errors)) }
        let wallosCategory = entry.field("Category", "Categpry")?.text
        let ownCategory = wallosCategory.flatMap { $0.lowercased() == "no category" ? nil : $0 }
        return .success(
            WallosSubscription(
                entry: entry, name: name.text, price: price, priceText: entry.field("Price")?.text ?? "",
                currency: currency, currencyFromOption: fromOption, currencyFromSite: fromSite, cycle: cycle,
                cycleText: cycleField?.text,
                nextPayment: next, manualRenewal: entry.field("Renewal")?.text.lowercased() == "manual",
                wallosCategory: ownCategory, category: ownCategory.flatMap { categories[$0.lowercased()] },
                paymentMethod: entry.field("Payment Method")?.text, paidBy: entry.field("Paid By")?.text,
                notes: entry.field("Notes")?.text, url: entry.field("URL")?.text, active: !inactive,
                cancellation: cancellation,
                notificationsOff: entry.field("Notifications")?.text.lowercased() == "disabled"))
    }

    /// `€12.99` → (`€`, `12.99`); `kr99` → (`kr`, `99`); `12.99 CHF` → (`CHF`, `12.99`); nil when
    /// there is no plain number (at most 15 digits before the point and 10 after).
    static func price(_ text: String) -> (symbol: String, number: String)? {
        let characters = Array(text)
        let isDigit: (Character) -> Bool = { $0.isASCII && $0.isWholeNumber }
        guard let first = characters.firstIndex(where: isDigit), let last = characters.lastIndex(where: isDigit) else {
            return nil
        }
        let number = String(characters[first...last])
        let before = String(characters[..<first]).trimmingCharacters(in: .whitespaces)
        let after = String(characters[(last + 1)...]).trimmingCharacters(in: .whitespaces)
        guard before.isEmpty || after.isEmpty else { return nil }
        let parts = number.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(isDigit) }),
            parts[0].count <= AmountBounds.integerDigits,
            parts.count == 1 || parts[1].count <= AmountBounds.fractionDigits
        else { return nil }
        // Without leading zeros, as TOML wants its integers.
        var whole = String(parts[0].drop { $0 == "0" })
        if whole.isEmpty { whole = "0" }
        return (before.isEmpty ? after : before, parts.count == 2 ? "\(whole).\(parts[1])" : whole)
    }

    /// Wallos's `Payment Cycle` as a sandjar cycle; nil for one sandjar has not (daily, every
    /// 2 weeks, every 2 years…).
    static func cycle(_ text: String) -> Subscription.Cycle? {
        let words = text.lowercased().split(whereSeparator: { $0 == " " || $0 == "-" }).map(String.init)
        switch words {
        case ["weekly"], ["every", "week"], ["every", "1", "week"], ["every", "1", "weeks"]: return .weekly
        case ["monthly"], ["every", "month"], ["every", "1", "month"], ["every", "1", "months"]: return .monthly
        case ["quarterly"], ["every", "3", "months"]: return .quarterly
        case ["semiannual"], ["semiannually"], ["half", "yearly"], ["every", "6", "months"]: return .semiannual
        case ["yearly"], ["annually"], ["annual"], ["every", "year"], ["every", "1", "year"], ["every", "1", "years"],
            ["every", "12", "months"]:
            return .yearly
        default: return nil
        }
    }

    /// Wallos's default categories that are categories of sandjar's catalogue; any other is kept
    /// as written.
    static let categories: [String: String] = [
        "music": "music", "productivity": "productivity", "education": "education", "gaming": "gaming",
        "news & magazines": "news", "software": "software", "cloud services": "cloud", "cloud": "cloud",
        "health & wellbeing": "health", "fitness": "fitness", "shopping": "shopping", "streaming": "streaming",
    ]
}
