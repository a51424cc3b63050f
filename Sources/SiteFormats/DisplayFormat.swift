import Domain
import Foundation

/// Money and dates as a person reads them in the site's language.
package struct DisplayFormat {
    package let language: SiteSettings.Language

    package init(language: SiteSettings.Language) {
        self.language = language
    }

    /// `¥1,669.50`, `US$15.49`, `JP¥1,490`: the site language's symbol, grouping and the
    /// currency's minor digits (Domain's `MoneyFormatter`).
    package func money(_ amount: Decimal, _ currency: Currency) -> String {
        MoneyFormatter(language: language).string(amount, currency)
    }

    /// `money`, with the digits past the currency's that `amount` has (a coin's worth).
    package func exactMoney(_ amount: Decimal, _ currency: Currency) -> String {
        MoneyFormatter(language: language).string(exactly: amount, currency)
    }

    /// `2026年11月29日` or `29 Nov 2026`.
    package func date(_ date: CalendarDate) -> String {
        let parts = dateParts(date)
        return parts.lead + parts.main + parts.trail
    }

    /// The long date cut around its year, so a phone can leave out the year it is in:
    /// `2026年` + `11月29日`, or `29 Nov` + ` 2026` (the part without a year is empty).
    package func dateParts(_ date: CalendarDate) -> (lead: String, main: String, trail: String) {
        switch language {
        case .zhHans:
            return ("\(date.year)年", "\(date.month)月\(date.day)日", "")
        case .en:
            let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
            return ("", "\(date.day) \(months[date.month - 1])", " \(date.year)")
        }
    }

    /// `42%`.
    package func percent(_ ratio: Decimal) -> String {
        (ratio * 100).fixed(0) + "%"
    }
}

extension DisplayFormat {
    /// `4.0%` for a rate such as 0.04.
    package func percent(_ ratio: Decimal, digits: Int) -> String {
        (ratio * 100).fixed(digits) + "%"
    }
}
