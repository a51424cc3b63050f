import Mustache
import SiteData

/// `404.html`. A host serves it for a missing address at any depth, so its links start from
/// base_url when the site knows it (relative links would resolve against the wrong folder).
struct NotFoundPage: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        Self.queue(root: renderer.data.site.baseURL, into: &site, for: renderer)
    }

    /// The page with its links starting at `root` (nil: relative to where it is written).
    static func queue(root: String?, into site: inout PageQueue, for renderer: SiteRenderer) {
        renderer.page(
            "404.html", template: "pages/404", title: renderer.string(.notFound(.title)), section: "",
            ["home": .string(root ?? "./")], root: root, dated: false, into: &site)
    }
}

extension SiteRenderer {
    /// The 404 page alone: a multi-language build writes one at the top whose links go into a
    /// language's folder.
    func notFoundPage(root: String?) throws(MustacheError) -> String {
        var queue = PageQueue()
        NotFoundPage.queue(root: root, into: &queue, for: self)
        let job = queue.jobs[0]
        return try render(job, navigation: Navigation(renderer: self, roots: [job.root]))
    }
}
