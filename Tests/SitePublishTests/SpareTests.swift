import Foundation
import TestSupport
import XCTest

@testable import SiteData
@testable import SitePublish

/// The spare (DESIGN.md §7, "publishing costs what changed"): the site a swap replaced is kept
/// beside the output and updated into the next site, and nothing in it reaches that site unless it
/// is the published site's own file holding the new bytes.
final class SpareTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func site(_ text: String, extra: [String: String] = [:]) -> SiteFiles {
        var files = SiteFiles()
        files.add("index.html", "home \(text)")
        files.add("goals/a/index.html", "goal a")
        files.add("goals/b/index.html", "goal b \(text)")
        files.add("quotes/2026-01-01/index.html", "a quote")
        for (path, text) in extra { files.add(path, text) }
        return files
    }

    private func inode(_ url: URL, _ path: String) -> ino_t? {
        var status = stat()
        return lstat(url.appendingPathComponent(path).path, &status) == 0 ? status.st_ino : nil
    }

    private func expected(_ files: SiteFiles) -> Set<String> {
        Set(files.paths).union([SitePublisher.marker])
    }

    func testTheReplacedSiteIsKeptAndUpdatedIntoTheNextOne() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let spare = work.appendingPathComponent(".public.sandjar-spare")
        let publisher = SitePublisher(output: output)

        try publisher.publish(site("one"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.path), "a first build replaces nothing")
        try publisher.publish(site("two"))
        XCTAssertEqual(TestSupport.snapshot(spare)["index.html"], Data("home one".utf8), "the spare is site one")
        let unchanged = inode(output, "goals/a/index.html")
        XCTAssertNotNil(unchanged)
        XCTAssertEqual(inode(spare, "goals/a/index.html"), unchanged, "an unchanged file is one file in both")

        try publisher.publish(site("three", extra: ["pages/new/index.html": "new"]))
        let published = TestSupport.snapshot(output)
        XCTAssertEqual(Set(published.keys), expected(site("three", extra: ["pages/new/index.html": "new"])))
        XCTAssertEqual(published["index.html"], Data("home three".utf8))
        XCTAssertEqual(published["goals/b/index.html"], Data("goal b three".utf8))
        XCTAssertEqual(published["pages/new/index.html"], Data("new".utf8))
        XCTAssertEqual(inode(output, "goals/a/index.html"), unchanged, "kept, not written again")
        XCTAssertEqual(TestSupport.snapshot(spare)["index.html"], Data("home two".utf8), "the spare is site two")

        // A smaller site: the spare's extra files and folders go.
        var smaller = SiteFiles()
        smaller.add("index.html", "home four")
        try publisher.publish(smaller)
        try publisher.publish(smaller)
        XCTAssertEqual(Set(TestSupport.snapshot(output).keys), ["index.html", SitePublisher.marker])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: output.path).sorted(), [".sandjar-site", "index.html"])
    }

    /// Whatever is put into the spare — a stray page, a changed file, a symbolic link where a
    /// folder goes, a folder where a file goes — never reaches the next site, and nothing a link
    /// points to is touched.
    func testNothingPutIntoTheSpareReachesTheSite() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let spare = work.appendingPathComponent(".public.sandjar-spare")
        let outside = work.appendingPathComponent("outside")
        try FileManager.default.createDirectory(
            at: outside.appendingPathComponent("a"), withIntermediateDirectories: true)
        try "secret".write(to: outside.appendingPathComponent("a/index.html"), atomically: false, encoding: .utf8)
        let publisher = SitePublisher(output: output)
        try publisher.publish(site("one"))
        try publisher.publish(site("two"))

        let fm = FileManager.default
        try "<script>stray</script>".write(
            to: spare.appendingPathComponent("stray.html"), atomically: false, encoding: .utf8)
        // Same size, other bytes, another file: not the published one, so written again.
        try fm.removeItem(at: spare.appendingPathComponent("quotes/2026-01-01/index.html"))
        try "A QUOTE".write(
            to: spare.appendingPathComponent("quotes/2026-01-01/index.html"), atomically: false, encoding: .utf8)
        try fm.removeItem(at: spare.appendingPathComponent("goals"))
        try fm.createSymbolicLink(at: spare.appendingPathComponent("goals"), withDestinationURL: outside)
        try fm.removeItem(at: spare.appendingPathComponent("index.html"))
        try fm.createDirectory(at: spare.appendingPathComponent("index.html/x"), withIntermediateDirectories: true)
        XCTAssertEqual(mkfifo(spare.appendingPathComponent("pipe").path, 0o600), 0)

        let next = site("three")
        try publisher.publish(next)
        let published = TestSupport.snapshot(output)
        XCTAssertEqual(Set(published.keys), expected(next))
        for (path, bytes) in next.files { XCTAssertEqual(published[path], Data(bytes), path) }
        XCTAssertEqual(TestSupport.snapshot(outside), ["a/index.html": Data("secret".utf8)], "nothing outside touched")
        var status = stat()
        XCTAssertEqual(lstat(output.appendingPathComponent("goals").path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFDIR, "a real folder, not the link")
    }

    /// A spare that is not a real folder (a symbolic link to one) is removed, never followed.
    func testASymbolicLinkByTheSparesNameIsNotFollowed() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let elsewhere = work.appendingPathComponent("elsewhere")
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        try "mine".write(to: elsewhere.appendingPathComponent("index.html"), atomically: false, encoding: .utf8)
        let publisher = SitePublisher(output: output)
        try publisher.publish(site("one"))
        let spare = work.appendingPathComponent(".public.sandjar-spare")
        try FileManager.default.createSymbolicLink(at: spare, withDestinationURL: elsewhere)
        try publisher.publish(site("two"))
        XCTAssertEqual(TestSupport.snapshot(elsewhere), ["index.html": Data("mine".utf8)])
        XCTAssertEqual(TestSupport.snapshot(output)["index.html"], Data("home two".utf8))
        var status = stat()
        XCTAssertEqual(lstat(spare.path, &status), 0)
        XCTAssertEqual(status.st_mode & S_IFMT, S_IFDIR, "the replaced site is the spare now")
    }

    /// A read-only site (`chmod 2550`): the spare's folders are read-only too, and are updated all
    /// the same; the site keeps its modes.
    func testAReadOnlySiteIsUpdatedFromItsSpare() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let publisher = SitePublisher(output: output)
        try publisher.publish(site("one"))
        XCTAssertEqual(chmod(output.path, 0o2550), 0)
        try publisher.publish(site("two"))
        try publisher.publish(site("three", extra: ["pages/new/index.html": "new"]))
        var fewer = SiteFiles()
        fewer.add("index.html", "home four")
        try publisher.publish(fewer)
        XCTAssertEqual(Set(TestSupport.snapshot(output).keys), ["index.html", SitePublisher.marker])
        XCTAssertEqual(FolderAccess.of(output.path)?.mode, 0o2550)
        try publisher.publish(site("five"))
        XCTAssertEqual(FolderAccess.of(output.appendingPathComponent("goals/a").path)?.mode, 0o2550)
        // The test folder's clean-up needs write access.
        for folder in [output, work.appendingPathComponent(".public.sandjar-spare")] {
            let paths = (FileManager.default.enumerator(atPath: folder.path)?.allObjects as? [String]) ?? []
            for path in [""] + paths { chmod(folder.appendingPathComponent(path).path, 0o755) }
        }
    }
}
