import Basics
import Dispatch
import Mustache
import SiteData

/// One page of the site, waiting to be rendered: where it goes, its template, what the layout
/// needs, and its own fields, computed when the page is rendered (Markdown, long lists).
struct PageJob: Sendable {
    let path: String
    let template: String
    let title: String
    let section: String
    /// The relative path back to the site's top (`../../`), or the fixed root of the 404 page.
    let root: String
    /// Whether the page says when the site was updated: only where what it shows is as of today,
    /// so a page that does not change from one day to the next keeps its bytes (and a rebuild
    /// need not write it again).
    let dated: Bool
    let content: @Sendable () -> [String: MustacheValue]
}

/// The site's files in the order the renderers produce them: files as they are, and pages to
/// render.
///
/// The pages are rendered all together at the end, on every core at once, each into its own slot;
/// then every file is added to `SiteFiles` in the order it was produced, so the site is byte for
/// byte what rendering one page after the other gives, and an error is the first one in that order.
struct PageQueue {
    private enum Entry {
        case file(String, [UInt8])
        /// A file made when it is first read (`defersFiles`).
        case later(String, @Sendable () -> [UInt8])
        case page(Int)
    }

    private var entries: [Entry] = []
    private(set) var jobs: [PageJob] = []

    /// Only the pages are wanted (one page rendered alone): files are not made at all.
    var pagesOnly = false

    /// The files that are not pages are made when they are first read, as the pages are
    /// (`deferredFiles`): a served site's rebuild need not make data.json, the calendar or the feed
    /// again until someone asks for them.
    var defersFiles = false

    mutating func add(_ path: String, _ text: @autoclosure @escaping @Sendable () -> String) {
        guard !pagesOnly else { return }
        guard !defersFiles else { return entries.append(.later(path, { Array(text().utf8) })) }
        entries.append(.file(path, Array(text().utf8)))
    }

    mutating func add(_ path: String, _ bytes: @autoclosure @escaping @Sendable () -> [UInt8]) {
        guard !pagesOnly else { return }
        guard !defersFiles else { return entries.append(.later(path, bytes)) }
        entries.append(.file(path, bytes()))
    }

    mutating func add(_ job: PageJob) {
        entries.append(.page(jobs.count))
        jobs.append(job)
    }

    /// Every file, each page left to `render` when it is first read (`DeferredPage`): what a
    /// served site's rebuild makes, so that a write renders the page it lands on and not the others.
    func deferredFiles(rendering render: @escaping @Sendable (PageJob) throws(MustacheError) -> [UInt8]) -> SiteFiles {
        var site = SiteFiles()
        for entry in entries {
            switch entry {
            case .file(let path, let bytes):
                site.add(path, bytes)
            case .later(let path, let bytes):
                site.add(path, deferred: DeferredPage { .success(bytes()) })
            case .page(let index):
                let job = jobs[index]
                site.add(
                    job.path,
                    deferred: DeferredPage {
                        do throws(MustacheError) {
                            return .success(try render(job))
                        } catch {
                            return .failure(error)
                        }
                    })
            }
        }
        return site
    }

    /// Renders every page with `render` (in parallel) and returns all the files.
    func files(rendering render: @Sendable (PageJob) throws(MustacheError) -> [UInt8]) throws(MustacheError)
        -> SiteFiles
    {
        let jobs = self.jobs
        let slots = Slots<Result<[UInt8], MustacheError>>(count: jobs.count)
        DispatchQueue.concurrentPerform(iterations: jobs.count) { index in
            do throws(MustacheError) {
                slots[index] = .success(try render(jobs[index]))
            } catch {
                slots[index] = .failure(error)
            }
        }
        var site = SiteFiles()
        for entry in entries {
            switch entry {
            case .file(let path, let bytes):
                site.add(path, bytes)
            case .later(let path, let bytes):
                site.add(path, bytes())
            case .page(let index):
                switch slots.take(index) {
                case .success(let bytes)?: site.add(jobs[index].path, bytes)
                case .failure(let error)?: throw error
                case nil: preconditionFailure("page \(jobs[index].path) was not rendered")
                }
            }
        }
        return site
    }
}
