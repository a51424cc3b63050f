import Mustache

/// `pages/`: the index of the Markdown pages that are not drafts, newest first, and
/// `pages/<slug>/`, one page each. The navigation links the index only.
struct MarkdownPages: PageFamily {
    /// The navigation section every Markdown page belongs to.
    static let section = "pages"

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
        renderer.page(
            "pages/index.html", template: "pages/pages", title: renderer.string("pages.title"),
            section: Self.section,
            [
                "pages": .list(
                    listed.map { page in
                        .object([
                            "href": .string("\(page.slug)/"),
                            "title": .string(page.title),
                            "date": page.date.map { .string(renderer.format.date($0)) } ?? .null,
                            "date_iso": page.date.map { .string($0.description) } ?? .null,
                        ])
                    })
            ], into: &site)
        for markdownPage in renderer.pages {
            renderer.page(
                "pages/\(markdownPage.slug)/index.html", template: "pages/page", title: markdownPage.title,
                section: Self.section,
                [
                    "title": .string(markdownPage.title),
                    "date": markdownPage.date.map { .string(renderer.format.date($0)) } ?? .null,
                    "date_iso": markdownPage.date.map { .string($0.description) } ?? .null,
                    "body_html": .string(renderer.markdown(markdownPage.body, unsafeHTML: markdownPage.unsafeHTML)),
                ], into: &site)
        }
    }
}
