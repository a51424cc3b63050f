import Badges
import Domain
import Figures
import SiteData
import Subscriptions
import UIKeys

/// `sandjar today`'s digest in words: what needs the person, each line said in the site's
/// language by the renderer that words the Today screen.
extension TodayDigest {
    /// The digest in the site's language (the first of `languages`), from a build's loaded data
    /// and figures; its links lead into that language's folder when the site has several.
    package init(theme: Theme, loaded: LoadedData, figures: SiteFigures) {
        let site = loaded.data.site
        guard site.languages.count > 1 else {
            self.init(SiteRenderer(theme: theme, loaded: loaded, figures: figures))
            return
        }
        let folder = SiteSettings.folder(for: site.language)
        var localized = loaded
        localized.data.site.baseURL = site.baseURL.map { "\($0)\(folder)/" }
        self.init(SiteRenderer(theme: theme, loaded: localized, figures: figures.localized(site.language)))
        pathPrefix = folder + "/"
    }

    init(_ renderer: SiteRenderer) {
        let today = renderer.today
        let format = renderer.format
        let figures = renderer.figures
        let lineTemplate = renderer.string(.today(.line))
        var items: [Item] = []
        func add(_ kind: Kind, _ title: String, on day: CalendarDate, amount: String?, path: String) {
            let days = today.days(to: day)
            let whenText: String
            if days < -1 || (days == -1 && kind != .badge) {
                whenText = renderer.overdueText(-days) ?? ""
            } else if days == -1 {
                whenText = renderer.string(.today(.yesterday))
            } else {
                whenText = renderer.relativeDay(days)
            }
            let line = SiteRenderer.fill(lineTemplate, ["title": title, "when": whenText])
            items.append(
                Item(
                    kind: kind, title: title, when: day, days: days, whenText: whenText, amount: amount, path: path,
                    line: line))
        }
        for entry in figures.savings.entries {
            guard let due = entry.progress.nextDue, due <= today, let plan = entry.goal.plan else { continue }
            let goal = entry.goal
            add(
                .deposit,
                renderer.string(
                    .dashboard(.deposit), ["goal": goal.name, "amount": format.money(plan.amount, goal.currency)]),
                on: due, amount: plan.amount.fixed(goal.currency.minorDigits), path: "goals/\(goal.id)/")
        }
        for item in figures.subscriptions.upcoming {
            guard let next = item.nextBilling, let days = item.daysUntilBilling else { continue }
            let price = item.price.map { format.money($0, item.currency) } ?? ""
            let amount = item.price.map { $0.fixed(item.currency.minorDigits) }
            let name = item.subscription.name
            if item.inTrial, days <= TodayDigest.trialDays {
                add(
                    .trial, renderer.string(.dashboard(.trial), ["name": name, "price": price]), on: next,
                    amount: amount, path: "subscriptions/#\(item.id)")
            } else if !item.inTrial, days <= TodayDigest.weekDays {
                add(
                    .renewal, renderer.string(.dashboard(.renewal), ["name": name, "price": price]), on: next,
                    amount: amount, path: "subscriptions/#\(item.id)")
            }
        }
        for item in figures.subscriptions.items where item.status == .active {
            guard let contract = item.contract, contract.autoRenew, let deadline = contract.noticeBy,
                today.days(to: deadline) <= TodayDigest.weekDays
            else { continue }
            add(
                .notice,
                renderer.string(
                    .today(.notice), ["name": item.subscription.name, "date": format.dateParts(deadline).main]),
                on: deadline, amount: nil, path: "subscriptions/#\(item.id)")
        }
        let streak = figures.breathing.streak
        if streak.current > 0, !streak.practisedToday, !renderer.data.practicePauses.covers(today) {
            add(
                .streak, renderer.counted(.today(.streak), streak.current), on: today, amount: nil,
                path: "breathing/")
        }
        let yesterday = today.adding(days: -1)
        for status in figures.badges {
            guard let day = status.unlockedOn, day >= yesterday, day <= today else { continue }
            add(
                .badge, renderer.string(.today(.badge), ["name": renderer.badgeText(status).name]), on: day,
                amount: nil, path: "badges/#\(status.definition.id)")
        }
        let kinds = Kind.allCases
        items = items.enumerated().sorted { a, b in
            let x = a.element
            let y = b.element
            return ((x.kind == .badge ? 1 : 0), x.days, kinds.firstIndex(of: x.kind)!, a.offset) < (
                (y.kind == .badge ? 1 : 0), y.days, kinds.firstIndex(of: y.kind)!, b.offset
            )
        }.map(\.element)
        let site = renderer.data.site.title
        let date = renderer.dayLine(today)
        let title =
            items.isEmpty
            ? renderer.string(.today(.nothing), ["site": site, "date": date])
            : renderer.counted(.today(.title), items.count, ["site": site, "date": date])
        self.init(today: today, title: title, items: items, baseURL: renderer.data.site.baseURL)
    }
}
