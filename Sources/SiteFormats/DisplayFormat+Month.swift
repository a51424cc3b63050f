import Domain
import Foundation

extension DisplayFormat {
    /// `Sep 2026` or `2026年9月`: a calendar month, as a table row or a chart column names it.
    package func month(_ year: Int, _ month: Int) -> String {
        switch language {
        case .zhHans: return "\(year)年\(month)月"
        case .en: return String(date(CalendarDate(year: year, month: month, day: 1)!).drop { $0 != " " }.dropFirst())
        }
    }
}
