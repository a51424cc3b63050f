import Domain
import Foundation
import Mustache

extension SiteRenderer {
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
