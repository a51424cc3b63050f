import Mustache

/// `pages/<slug>/`: one page per Markdown file that is not a draft, each with its own entry in the
/// navigation.
struct MarkdownPages: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        for markdownPage in renderer.pages {
            renderer.page(
                "pages/\(markdownPage.slug)/index.html", template: "pages/page", title: markdownPage.title,
                section: "page-" + markdownPage.slug,
                [
                    "title": .string(markdownPage.title),
                    "date": markdownPage.date.map { .string(renderer.format.date($0)) } ?? .null,
                    "date_iso": markdownPage.date.map { .string($0.description) } ?? .null,
                    "body_html": .string(renderer.markdown(markdownPage.body, unsafeHTML: markdownPage.unsafeHTML)),
                ], into: &site)
        }
    }
}
