import Domain
import Foundation
import Mustache

extension SiteRenderer {
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
        site.add("404.html", try notFoundPage(root: data.site.baseURL))
    }

    /// The 404 page with its links starting at `root` (nil: relative to where it is written).
    func notFoundPage(root: String?) throws(MustacheError) -> String {
        var page = SiteFiles()
        try self.page(
            "404.html", template: "pages/404", title: string("notfound.title"), section: "",
            ["home": .string(root ?? "./")], root: root, into: &page)
        return page.text("404.html") ?? ""
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
