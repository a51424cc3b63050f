import Domain
import Foundation
import Mustache
import SiteData
import UIKeys

/// `404.html`. A host serves it for a missing address at any depth, on whatever host the site is
/// deployed to or previewed on (issue 34), so its links — its stylesheet's too — are neither
/// relative (they would resolve in the wrong folder) nor `base_url` itself (another host): they
/// are paths that start at the site's folder on the host, the path of `base_url` (`/dash/`), `/`
/// without one, and `/` under `sandjar serve`, which serves the site at the top.
struct NotFoundPage: PageFamily {
    func queue(into site: inout PageQueue, for renderer: SiteRenderer) {
        // Under serve a language's folder is at the top of the host; a build's base_url names it.
        let folder =
            renderer.forms != nil && !renderer.alternates.isEmpty
            ? SiteSettings.folder(for: renderer.data.site.language) + "/" : ""
        Self.queue(
            home: Self.home(renderer.data.site.baseURL, serving: renderer.forms != nil) + folder, into: &site,
            for: renderer)
    }

    /// Where the page's links start: the path part of `base_url`, or `/`.
    static func home(_ baseURL: String?, serving: Bool) -> String {
        guard !serving, let baseURL, let path = URL(string: baseURL)?.path, !path.isEmpty else { return "/" }
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// The page with its links starting at `home`.
    static func queue(home: String, into site: inout PageQueue, for renderer: SiteRenderer) {
        renderer.page(
            "404.html", template: "pages/404", title: renderer.string(.notFound(.title)), section: "",
            [
                "home": .string(home),
                "goals_label": .string(renderer.string(.nav(.goals))),
                "breathing_label": .string(renderer.string(.nav(.breathing))),
            ], root: home, dated: false, into: &site)
    }
}

extension SiteRenderer {
    /// The 404 page alone: a multi-language build writes one at the top whose links go into a
    /// language's folder (`folder`, e.g. `zh-hans/`).
    func notFoundPage(folder: String) throws(MustacheError) -> String {
        var queue = PageQueue()
        let site = forms == nil ? data.site.baseURL.map { String($0.dropLast(folder.count)) } : nil
        NotFoundPage.queue(home: NotFoundPage.home(site, serving: forms != nil) + folder, into: &queue, for: self)
        let job = queue.jobs[0]
        return try render(job, navigation: Navigation(renderer: self, roots: [job.root]))
    }
}
