import Domain
import Foundation

extension ICalendar {
    /// The feed's few sentences, in the site's language. They live here rather than in the
    /// theme's string tables because calendar apps show them outside the site.
    package struct Labels {
        package let language: SiteSettings.Language

        package init(language: SiteSettings.Language) {
            self.language = language
        }
        private var money: MoneyFormatter { MoneyFormatter(language: language) }
        private var dates: DisplayFormat { DisplayFormat(language: language) }

        func money(_ amount: Decimal, _ currency: Currency) -> String { money.string(amount, currency) }

        func deadlinesName(_ title: String) -> String {
            language == .zhHans ? "\(title) · 到期" : "\(title) · deadlines"
        }

        func depositDue(goal: String, amount: String) -> String {
            language == .zhHans ? "该存钱了：\(goal) \(amount)" : "Deposit due: \(amount) into \(goal)"
        }

        func depositRepeats(_ frequency: SavingsPlan.Frequency) -> String {
            switch (language, frequency) {
            case (.en, .daily): return "Every day, by your savings plan."
            case (.en, .weekly): return "Every week, by your savings plan."
            case (.en, .biweekly): return "Every two weeks, by your savings plan."
            case (.en, .monthly): return "Every month, by your savings plan."
            case (.zhHans, .daily): return "按存钱计划，每天一次。"
            case (.zhHans, .weekly): return "按存钱计划，每周一次。"
            case (.zhHans, .biweekly): return "按存钱计划，每两周一次。"
            case (.zhHans, .monthly): return "按存钱计划，每月一次。"
            }
        }

        func calendarName(_ title: String) -> String {
            language == .zhHans ? "\(title) · 订阅" : "\(title) · subscriptions"
        }

        func summary(name: String, price: String?) -> String {
            guard let price else { return name }
            return language == .zhHans ? "\(name)：\(price)" : "\(name): \(price)"
        }

        func trialSuffix(_ date: CalendarDate) -> String {
            language == .zhHans ? "（试用期至 \(dates.date(date)) 结束）" : " (trial ends \(dates.date(date)))"
        }

        func trialLine(_ date: CalendarDate) -> String {
            language == .zhHans
                ? "免费试用：\(dates.date(date)) 首次扣费。"
                : "Free trial: the first charge is on \(dates.date(date))."
        }

        func repeats(_ cycle: Subscription.Cycle) -> String {
            switch (language, cycle) {
            case (.en, .weekly): return "Billed every week."
            case (.en, .monthly): return "Billed every month."
            case (.en, .quarterly): return "Billed every 3 months."
            case (.en, .semiannual): return "Billed every 6 months."
            case (.en, .yearly): return "Billed every year."
            case (.zhHans, .weekly): return "每周扣费。"
            case (.zhHans, .monthly): return "每月扣费。"
            case (.zhHans, .quarterly): return "每 3 个月扣费。"
            case (.zhHans, .semiannual): return "每 6 个月扣费。"
            case (.zhHans, .yearly): return "每年扣费。"
            }
        }

        func share(_ amount: String, members: Int) -> String {
            language == .zhHans ? "\(members) 人合租，我的份额 \(amount)。" : "Shared by \(members): my share is \(amount)."
        }

        func cancel(_ url: String) -> String {
            language == .zhHans ? "退订：\(url)" : "Cancel: \(url)"
        }

        /// The alarm before the charge that ends a free trial: the trial ends, it is not a renewal.
        func trialAlarm(name: String, days: Int) -> String {
            switch (language, days) {
            case (.en, 0): return "\(name): the free trial ends today, with the first charge"
            case (.en, 1): return "\(name): the free trial ends tomorrow, with the first charge"
            case (.en, _): return "\(name): the free trial ends in \(days) days, with the first charge"
            case (.zhHans, 0): return "\(name)：免费试用今天结束，随即首次扣费"
            case (.zhHans, 1): return "\(name)：免费试用明天结束，随即首次扣费"
            case (.zhHans, _): return "\(name)：免费试用将在 \(days) 天后结束，随即首次扣费"
            }
        }

        func alarm(name: String, days: Int) -> String {
            switch (language, days) {
            case (.en, 0): return "\(name) renews today"
            case (.en, 1): return "\(name) renews tomorrow"
            case (.en, _): return "\(name) renews in \(days) days"
            case (.zhHans, 0): return "\(name) 今天续费"
            case (.zhHans, 1): return "\(name) 明天续费"
            case (.zhHans, _): return "\(name) 将在 \(days) 天后续费"
            }
        }
    }
}
