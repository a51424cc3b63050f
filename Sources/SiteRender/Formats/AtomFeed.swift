import Domain
import Foundation
import SiteData
import SiteFormats
import UIKeys

/// `feed.xml`: an Atom 1.0 feed of the moments worth a notification — badges unlocked, wish
/// goals reached and subscriptions slain — newest first. Entry ids are `tag:` URIs (RFC 4151) dated by the event and
/// named after the site, so they stay the same on every build and differ between sites.
struct AtomFeed {
    struct Entry {
        var id: String
        var title: String
        var summary: String
        var date: CalendarDate
        var path: String
    }

    let renderer: SiteRenderer

    var entries: [Entry] {
        var entries: [Entry] = []
        for status in renderer.figures.badges {
            guard let day = status.unlockedOn else { continue }
            let text = renderer.badgeText(status)
            entries.append(
                Entry(
                    id: "badge/\(status.definition.id)",
                    title: renderer.string(.feed(.badge), ["name": text.name]),
                    summary: text.description, date: day,
                    path: "badges/#\(status.definition.id)"))
        }
        for entry in renderer.figures.savings.entries {
            guard let day = entry.progress.reachedOn else { continue }
            entries.append(
                Entry(
                    id: "goal/\(entry.goal.id)/reached",
                    title: renderer.string(.feed(.goal), ["name": entry.goal.name]),
                    summary: renderer.format.money(entry.progress.saved, entry.goal.currency), date: day,
                    path: "goals/\(entry.goal.id)/"))
        }
        for item in renderer.figures.subscriptions.slain.items {
            guard let day = item.killedOn else { continue }
            let saved = item.monthlyInBase.map {
                renderer.format.money($0.shown, renderer.figures.subscriptions.baseCurrency)
            }
            entries.append(
                Entry(
                    id: "subscription/\(item.id)/slain",
                    title: renderer.string(.feed(.slain), ["name": item.subscription.name]),
                    summary: saved.map { renderer.string(.feed(.slainSaves), ["amount": $0]) } ?? "", date: day,
                    path: "subscriptions/"))
        }
        return entries.sorted { ($0.date, $0.id) > ($1.date, $1.id) }
    }

    var xml: String {
        let data = renderer.data
        let base = data.site.baseURL
        let entries = self.entries
        let updated = entries.first?.date ?? renderer.today
        var out = "<?xml version=\"1.0\" encoding=\"utf-8\"?>\n"
        out += "<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"\(data.site.language.rawValue)\">\n"
        out += "  <title>\(XMLText.escape(data.site.title))</title>\n"
        out += "  <id>\(XMLText.escape(base ?? "tag:sandjar,2026-01-01:\(siteName)/"))</id>\n"
        out += "  <updated>\(updated)T00:00:00Z</updated>\n"
        out += "  <author><name>\(XMLText.escape(data.site.title))</name></author>\n"
        out += "  <link rel=\"alternate\" href=\"\(XMLText.escape(base ?? "./"))\"/>\n"
        if let base { out += "  <link rel=\"self\" href=\"\(XMLText.escape(base))feed.xml\"/>\n" }
        out += "  <generator>sandjar</generator>\n"
        for entry in entries {
            let id = "tag:sandjar,\(entry.date):\(siteName)/\(entry.id)"
            out += "  <entry>\n"
            out += "    <id>\(XMLText.escape(id))</id>\n"
            out += "    <title>\(XMLText.escape(entry.title))</title>\n"
            out += "    <updated>\(entry.date)T00:00:00Z</updated>\n"
            out += "    <link rel=\"alternate\" href=\"\(XMLText.escape((base ?? "") + entry.path))\"/>\n"
            out += "    <summary>\(XMLText.escape(entry.summary))</summary>\n"
            out += "  </entry>\n"
        }
        return out + "</feed>\n"
    }

    /// The site's address without its scheme (`example.org/dash`), or a hash of its title when it
    /// has no `base_url`.
    private var siteName: String {
        let data = renderer.data
        if let base = data.site.baseURL, let range = base.range(of: "://") {
            return String(base[range.upperBound...].dropLast(base.hasSuffix("/") ? 1 : 0))
        }
        return "site-" + String(UInt64(data.site.title.hashValueStable), radix: 16)
    }
}
