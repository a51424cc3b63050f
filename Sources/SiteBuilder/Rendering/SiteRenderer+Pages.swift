import Domain
import Foundation
import Mustache

extension SiteRenderer {
    func renderDashboard(into site: inout SiteFiles) throws(MustacheError) {
        try page(
            "index.html", template: "pages/dashboard", title: data.site.title, section: "home",
            [
                "goals": .list(data.goals.map(goalCard)),
                "has_goals": .bool(!data.goals.isEmpty),
                "subscription_count": .int(data.subscriptions.filter { $0.killed == nil }.count),
                "session_count": .int(data.sessions.count),
            ], into: &site)
    }

    func renderGoals(into site: inout SiteFiles) throws(MustacheError) {
        try page(
            "goals/index.html", template: "pages/goals", title: string("goals.title"), section: "goals",
            [
                "goals": .list(data.goals.map(goalCard)),
                "has_goals": .bool(!data.goals.isEmpty),
            ], into: &site)
        for goal in data.goals {
            var card = goalFields(goal)
            let deposits = goal.deposits.sorted { $0.at > $1.at }.map { deposit -> MustacheValue in
                .object([
                    "date": .string(format.date(deposit.at.date)), "iso": .string(deposit.at.description),
                    "amount": .string(format.money(deposit.amount, goal.currency)),
                    "note": deposit.note.map { .string($0) } ?? .null,
                ])
            }
            card["deposits"] = .list(deposits)
            card["note_html"] = goal.note.map { .string(markdown($0, unsafeHTML: data.site.unsafeHTML)) } ?? .null
            card["plan"] =
                goal.plan.map { plan in
                    .object([
                        "amount": .string(format.money(plan.amount, goal.currency)),
                        "frequency": .string(string("frequency.\(plan.frequency.rawValue)")),
                        "start": .string(format.date(plan.start)),
                    ])
                } ?? .null
            try page(
                "goals/\(goal.id)/index.html", template: "pages/goal", title: goal.name, section: "goals",
                card, into: &site)
        }
    }

    func goalCard(_ goal: Goal) -> MustacheValue {
        .object(goalFields(goal))
    }

    private func goalFields(_ goal: Goal) -> [String: MustacheValue] {
        let totals = GoalTotals(goal: goal)
        let percent = totals.progress.map { min($0, 1) * 100 }
        return [
            "id": .string(goal.id),
            "name": .string(goal.name),
            "icon": goal.icon.map { .string($0) } ?? .null,
            "mode": .string(string("mode.\(goal.mode.rawValue)")),
            "saved": .string(format.money(totals.saved, goal.currency)),
            "target": goal.target.map { .string(format.money($0, goal.currency)) } ?? .null,
            "progress": totals.progress.map { .string(format.percent($0)) } ?? .null,
            "progress_value": percent.map { .string($0.fixed(1)) } ?? .null,
            "reached_on": totals.reachedOn.map { .string(format.date($0)) } ?? .null,
            "deposit_count": .int(goal.deposits.count),
        ]
    }

    func renderSubscriptions(into site: inout SiteFiles) throws(MustacheError) {
        let ids = SubscriptionIDs.make(for: data.subscriptions)
        let rows = zip(data.subscriptions, ids).map { subscription, id -> MustacheValue in
            let currency = subscription.currency ?? data.site.currency
            return .object([
                "id": .string(id),
                "name": .string(subscription.name),
                "price": subscription.price.map { .string(format.money($0, currency)) } ?? .null,
                "cycle": subscription.cycle.map { .string(string("cycle.\($0.rawValue)")) } ?? .null,
                "members": .int(subscription.members),
                "next_billing": subscription.nextBilling.map { .string(format.date($0)) } ?? .null,
                "killed": subscription.killed.map { .string(format.date($0)) } ?? .null,
                "category": subscription.category.map { .string($0) } ?? .null,
                "unsubscribe": subscription.unsubscribe.map { .string($0) } ?? .null,
                "trial": .bool(subscription.trial),
            ])
        }
        try page(
            "subscriptions/index.html", template: "pages/subscriptions", title: string("subscriptions.title"),
            section: "subscriptions", ["subscriptions": .list(rows), "has_subscriptions": .bool(!rows.isEmpty)],
            into: &site)
    }

    func renderBreathing(into site: inout SiteFiles) throws(MustacheError) {
        let patterns = data.patterns.map { pattern -> MustacheValue in
            .object([
                "id": .string(pattern.id), "name": .string(pattern.name),
                "phases": .string(
                    [pattern.inhale, pattern.hold, pattern.exhale, pattern.rest]
                        .map { NSDecimalNumber(decimal: $0).stringValue }.joined(separator: "-")),
                "sessions": .int(data.sessions.filter { $0.pattern == pattern.id }.count),
            ])
        }
        let recent = data.sessions.suffix(10).reversed().map { session -> MustacheValue in
            let length: String
            switch session.length {
            case .cycles(let n): length = "\(n) \(string("breathing.cycles"))"
            case .minutes(let m): length = "\(NSDecimalNumber(decimal: m).stringValue) \(string("breathing.minutes"))"
            }
            return .object([
                "date": .string(format.date(session.at.date)), "pattern": .string(session.pattern),
                "length": .string(length),
            ])
        }
        try page(
            "breathing/index.html", template: "pages/breathing", title: string("breathing.title"),
            section: "breathing",
            [
                "patterns": .list(patterns), "recent": .list(Array(recent)),
                "session_count": .int(data.sessions.count),
            ], into: &site)
    }

    func renderMarkdownPages(into site: inout SiteFiles) throws(MustacheError) {
        for markdownPage in pages {
            try page(
                "pages/\(markdownPage.slug)/index.html", template: "pages/page", title: markdownPage.title,
                section: "page-" + markdownPage.slug,
                [
                    "title": .string(markdownPage.title),
                    "date": markdownPage.date.map { .string(format.date($0)) } ?? .null,
                    "date_iso": markdownPage.date.map { .string($0.description) } ?? .null,
                    "body_html": .string(markdown(markdownPage.body, unsafeHTML: markdownPage.unsafeHTML)),
                ], into: &site)
        }
    }

    func renderNotFound(into site: inout SiteFiles) throws(MustacheError) {
        // A host serves 404.html for a missing address at any depth, so its links start from
        // base_url when the site knows it (relative links would resolve against the wrong folder).
        let base = data.site.baseURL
        try page(
            "404.html", template: "pages/404", title: string("notfound.title"), section: "",
            ["home": .string(base ?? "./")], root: base, into: &site)
    }
}

/// Subscription ids for data.json and anchors: the name slugged, or `sub-N` when it has no ASCII
/// letters, made unique with `-2`, `-3`… in file order.
enum SubscriptionIDs {
    static func make(for subscriptions: [Subscription]) -> [String] {
        var used: Set<String> = []
        return subscriptions.enumerated().map { index, subscription in
            var base = slug(subscription.name)
            if !base.contains(where: { $0.isASCII && $0.isLetter }) {
                if case .entry(let pinned) = subscription.catalog { base = pinned } else { base = "sub-\(index + 1)" }
            }
            var id = base
            var n = 2
            while used.contains(id) {
                id = "\(base)-\(n)"
                n += 1
            }
            used.insert(id)
            return id
        }
    }

    static func slug(_ name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if scalar == "+" {
                out += out.isEmpty || out.hasSuffix("-") ? "plus" : "-plus"
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        while out.hasPrefix("-") { out.removeFirst() }
        return out
    }
}
