import Domain
import Foundation
import Mustache

extension SiteRenderer {
    func renderMarkdownPages(into site: inout PageQueue) {
        for markdownPage in pages {
            page(
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

    func renderNotFound(into site: inout PageQueue) {
        // A host serves 404.html for a missing address at any depth, so its links start from
        // base_url when the site knows it (relative links would resolve against the wrong folder).
        notFound(root: data.site.baseURL, into: &site)
    }

    /// The 404 page with its links starting at `root` (nil: relative to where it is written).
    func notFoundPage(root: String?) throws(MustacheError) -> String {
        var queue = PageQueue()
        notFound(root: root, into: &queue)
        let job = queue.jobs[0]
        return try render(job, navigation: Navigation(renderer: self, roots: [job.root]))
    }

    private func notFound(root: String?, into site: inout PageQueue) {
        page(
            "404.html", template: "pages/404", title: string("notfound.title"), section: "",
            ["home": .string(root ?? "./")], root: root, into: &site)
    }
}
