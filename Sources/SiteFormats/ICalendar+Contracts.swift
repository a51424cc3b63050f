import Domain
import Foundation
import Subscriptions

/// A contract's notice deadline in both calendars (DESIGN.md §3, Contracts): one all-day event on
/// the next deadline of a contract that renews by itself, with alarms 7, 3 and 1 days before it,
/// so the notice goes out in time. Once the deadline passes, the next build moves the event to the
/// next term's. The UID is the subscription's id with `notice-` before it, the same in both feeds.
extension ICalendar {
    /// Days before a notice deadline that its alarms ring.
    static let noticeAlarms = [7, 3, 1]

    /// The deadline's VEVENT, or nothing (no contract, or one that ends by itself).
    static func noticeEvent(_ item: SubscriptionItem, today: CalendarDate, site: String, labels: Labels) -> [String] {
        guard let contract = item.contract, contract.autoRenew, let deadline = contract.noticeBy else { return [] }
        let name = item.subscription.name
        var description = [labels.noticeLine(ends: contract.ends, deadline: deadline)]
        if let url = item.unsubscribe { description.append(labels.cancel(url)) }
        return Event(
            uid: "notice-\(item.id)@\(site)", on: deadline, summary: labels.noticeSummary(name: name),
            description: description.joined(separator: "\n"), categories: ["subscription", "contract"],
            url: item.unsubscribe, alarms: noticeAlarms.map { ("-P\($0)D", labels.noticeAlarm(name: name, days: $0)) }
        ).lines(today: today)
    }
}

extension ICalendar.Labels {
    func noticeSummary(name: String) -> String {
        language == .zhHans ? "\(name)：解约截止" : "\(name): last day to give notice"
    }

    func noticeLine(ends: CalendarDate, deadline: CalendarDate) -> String {
        let dates = DisplayFormat(language: language)
        return language == .zhHans
            ? "合约 \(dates.date(ends)) 到期；\(dates.date(deadline)) 前不提出解约就自动续期。"
            : "The contract ends on \(dates.date(ends)) and renews for another term unless notice is given by "
                + "\(dates.date(deadline))."
    }

    func noticeAlarm(name: String, days: Int) -> String {
        switch (language, days) {
        case (.en, 1): return "\(name): give notice by tomorrow, or the contract renews"
        case (.en, _): return "\(name): give notice within \(days) days, or the contract renews"
        case (.zhHans, 1): return "\(name)：明天是解约截止日，错过就自动续期"
        case (.zhHans, _): return "\(name)：\(days) 天后解约截止，错过就自动续期"
        }
    }
}
