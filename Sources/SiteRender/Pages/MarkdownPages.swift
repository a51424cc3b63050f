import Mustache
import SiteData
import UIKeys

/// `pages/`: the index of the Markdown pages that are not drafts, newest first (in pages of
/// `perIndexPage` entries), and `pages/<slug>/`, one page each. The navigation links the index only.
struct MarkdownPages: PageFamily {
    /// The navigation section every Markdown page belongs to.
    static let section = UIKey.Nav.pages
    /// Entries on one page of the index: 2,000 pages make five index pages, each well under the
    /// 100 KB a page may weigh with its stylesheet.
    static let perIndexPage = 300

    /// `pages/index.html`, then `pages/2.html`, `pages/3.html`, …: beside the first, so the links
    /// to the pages stay the same, and never a `<slug>/index.html`.
    static func indexPath(_ index: Int) -> String {
        index == 0 ? "pages/index.html" : "pages/\(index + 1).html"
    }

    /// The link to an index page from another one (they share a folder).
    static func indexHref(_ index: Int) -> String {
        index == 0 ? "./" : "\(index + 1).html"
    }

    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        guard !renderer.pages.isEmpty else { return }
        let listed = renderer.pages.enumerated().sorted { lhs, rhs in
            // Dated pages newest first, then undated ones; ties keep the loaded order (by file).
            switch (lhs.element.date, rhs.element.date) {
            case (let left?, let right?) where left != right: return left > right
            case (.some, .none): return true
            case (.none, .some): return false
            default: return lhs.offset < rhs.offset
            }
        }.map(\.element)
        let chunks = stride(from: 0, to: listed.count, by: Self.perIndexPage).map {
            Array(listed[$0..<min($0 + Self.perIndexPage, listed.count)])
        }
        for (index, chunk) in chunks.enumerated() {
            renderer.page(
                Self.indexPath(index), template: "pages/pages", title: renderer.string(.pages(.title)),
                section: Self.section.rawValue,
                [
                    "pages": .list(
                        chunk.map { page in
                            .object([
                                "href": .string("\(page.slug)/"),
                                "title": .string(page.title),
                                "date": renderer.dateValue(page.date),
                            ])
                        }),
                    "pager": chunks.count < 2
                        ? .null
                        : .object([
                            "newer": index == 0 ? .null : .object(["href": .string(Self.indexHref(index - 1))]),
                            "older": index + 1 == chunks.count
                                ? .null : .object(["href": .string(Self.indexHref(index + 1))]),
                            "position": .string(
                                renderer.string(
                                    .pages(.position), ["page": "\(index + 1)", "count": "\(chunks.count)"])),
                        ]),
                ], dated: false, into: &site)
        }
        for markdownPage in renderer.pages {
            renderer.page(
                "pages/\(markdownPage.slug)/index.html", template: "pages/page", title: markdownPage.title,
                section: Self.section.rawValue,
                [
                    "title": .string(markdownPage.title),
                    "date": renderer.dateValue(markdownPage.date),
                    "body_html": .string(renderer.markdown(markdownPage.body, unsafeHTML: markdownPage.unsafeHTML)),
                ], dated: false, into: &site)
        }
    }
}
