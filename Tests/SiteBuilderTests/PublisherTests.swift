import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData
@testable import SitePublish

/// The promises of DESIGN.md §7 about the output folder.
final class PublisherTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func site(_ text: String) -> SiteFiles {
        var files = SiteFiles()
        files.add("index.html", text)
        files.add("goals/a/index.html", "goal \(text)")
        return files
    }

    func testRefusesRootHomeAndSomeoneElsesFolder() throws {
        XCTAssertNotNil(SitePublisher(output: URL(fileURLWithPath: "/")).refusal())
        XCTAssertNotNil(SitePublisher(output: FileManager.default.homeDirectoryForCurrentUser).refusal())

        let work = TestSupport.temporaryFolder(self)
        let theirs = work.appendingPathComponent("photos")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        try "precious".write(to: theirs.appendingPathComponent("cat.jpg"), atomically: true, encoding: .utf8)
        let publisher = SitePublisher(output: theirs)
        XCTAssertNotNil(publisher.refusal())
        XCTAssertThrowsError(try publisher.publish(site("new")))
        XCTAssertEqual(TestSupport.snapshot(theirs), ["cat.jpg": Data("precious".utf8)], "nothing deleted")
    }

    /// docs/cron.md promises the home folder is always refused: also an empty one, and also the
    /// one `HOME` names when the user database says otherwise (sudo, containers, cron).
    func testTheHomeFolderIsRefusedEvenWhenEmpty() throws {
        let work = TestSupport.temporaryFolder(self)
        let home = work.appendingPathComponent("home")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        let previous = ProcessInfo.processInfo.environment["HOME"]
        setenv("HOME", home.path, 1)
        defer {
            if let previous { setenv("HOME", previous, 1) } else { unsetenv("HOME") }
        }
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.today = CalendarDateFixture.sampleToday
        let shown = home.resolvingSymlinksInPath().path
        for given in [home.path, home.path + "/", work.path + "/./home"] {
            options.output = given
            let report = SiteBuild(options: options).run()
            XCTAssertEqual(
                report.diagnostics.map(\.headline),
                [
                    "\(given): error: refusing to write the site to the home folder \(shown); "
                        + "give --out a folder of its own, such as \(shown)/site"
                ])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: home.path), [], "nothing written")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["home"], "no lock, no staging")
    }

    /// An `--out` that cannot be made says why, and what to do, before any lock is tried (which
    /// would fail with "cannot take the build lock: No such file or directory").
    func testAnOutThatCannotBeMadeSaysWhy() throws {
        let work = TestSupport.temporaryFolder(self)
        let file = work.appendingPathComponent("notes.txt")
        try "keep me".write(to: file, atomically: true, encoding: .utf8)
        let missing = work.appendingPathComponent("www/dash").path
        let parent = work.appendingPathComponent("www").path
        let cases = [
            missing: "cannot write the site here: its parent folder \(parent) does not exist; "
                + "create it (mkdir -p \(parent)) or give another --out",
            file.path + "/site": "cannot write the site here: \(file.path) is a file, not a folder",
            file.path:
                "'\(file.path)' exists and is not a folder; give --out a new folder, an empty one or an earlier site",
        ]
        for (out, message) in cases {
            var options = BuildOptions()
            options.data = TestSupport.sampleContent.path
            options.output = out
            options.today = CalendarDateFixture.sampleToday
            XCTAssertEqual(SiteBuild(options: options).run().diagnostics.map(\.headline), ["\(out): error: \(message)"])
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["notes.txt"], "nothing made")
    }

    func testCommandLineRefusesForeignOutAndDeletesNothing() throws {
        let work = TestSupport.temporaryFolder(self)
        let theirs = work.appendingPathComponent("docs")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        try "keep me".write(to: theirs.appendingPathComponent("notes.txt"), atomically: true, encoding: .utf8)
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.output = theirs.path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertFalse(report.succeeded)
        XCTAssertTrue(report.diagnostics.first?.message.contains("not written by sandjar") ?? false)
        XCTAssertEqual(TestSupport.snapshot(theirs), ["notes.txt": Data("keep me".utf8)])
    }

    func testPublishesIntoMissingThenEmptyThenMarkedFolderAndReplacesWholly() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let publisher = SitePublisher(output: output)
        try publisher.publish(site("one"))
        XCTAssertEqual(TestSupport.snapshot(output)["index.html"], Data("one".utf8))
        XCTAssertNotNil(TestSupport.snapshot(output)[SitePublisher.marker])

        var smaller = SiteFiles()
        smaller.add("index.html", "two")
        try publisher.publish(smaller)
        let after = TestSupport.snapshot(output)
        XCTAssertEqual(after["index.html"], Data("two".utf8))
        XCTAssertNil(after["goals/a/index.html"], "files of the previous build are gone")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0.hasPrefix(".") }
        XCTAssertEqual(
            leftovers.sorted(), [".public.sandjar-records", ".public.sandjar-spare"],
            "no staging folders left behind, only the spare and the records")

        let empty = work.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        try SitePublisher(output: empty).publish(site("three"))
        XCTAssertEqual(TestSupport.snapshot(empty)["index.html"], Data("three".utf8))
    }

    /// DESIGN.md §7: a docroot shared with a web server keeps its access after a swap. The new
    /// site takes the replaced folder's mode (with setgid); its folders get the same, its files 0644.
    func testTheNewSiteKeepsTheOutputFoldersMode() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        try SitePublisher(output: output).publish(site("one"))
        XCTAssertEqual(chmod(output.path, 0o2750), 0)
        try SitePublisher(output: output).publish(site("two"))
        XCTAssertEqual(TestSupport.snapshot(output)["index.html"], Data("two".utf8))
        XCTAssertEqual(access(output), .init(mode: 0o2750, owner: geteuid(), group: getegid()))
        XCTAssertEqual(access(output.appendingPathComponent("goals/a")), access(output), "folders like the site's")
        XCTAssertEqual(mode(output.appendingPathComponent("goals/a/index.html")), 0o644)
        XCTAssertEqual(mode(output.appendingPathComponent(SitePublisher.marker)), 0o644)

        // An empty folder made ready for the first build hands its mode on the same way.
        let empty = work.appendingPathComponent("empty")
        XCTAssertEqual(mkdir(empty.path, 0o700), 0)
        XCTAssertEqual(chmod(empty.path, 0o750), 0)
        try SitePublisher(output: empty).publish(site("three"))
        XCTAssertEqual(access(empty)?.mode, 0o750)
        XCTAssertEqual(access(empty.appendingPathComponent("goals"))?.mode, 0o750)
        XCTAssertEqual(mode(empty.appendingPathComponent("index.html")), 0o644)
    }

    /// `chmod 2750 site; chown daemon:nogroup site`, then a build: the web server reading through
    /// the group still can. Giving a folder away needs root.
    func testTheNewSiteKeepsTheOutputFoldersOwnerAndGroup() throws {
        guard geteuid() == 0 else {
            throw XCTSkip("giving the site another owner and group needs root; the mode is tested without")
        }
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        try SitePublisher(output: output).publish(site("one"))
        let other = FolderAccess(mode: 0o2750, owner: 1, group: 65534)  // daemon, nogroup
        XCTAssertEqual(chown(output.path, other.owner, other.group), 0)
        XCTAssertEqual(chmod(output.path, other.mode), 0)
        try SitePublisher(output: output).publish(site("two"))
        try SitePublisher(output: output).publish(site("three"))
        XCTAssertEqual(TestSupport.snapshot(output)["index.html"], Data("three".utf8))
        XCTAssertEqual(access(output), other)
        XCTAssertEqual(access(output.appendingPathComponent("goals")), other)
        XCTAssertEqual(access(output.appendingPathComponent("goals/a")), other)
        for file in ["index.html", "goals/a/index.html", SitePublisher.marker] {
            var status = stat()
            XCTAssertEqual(lstat(output.appendingPathComponent(file).path, &status), 0)
            XCTAssertEqual([status.st_mode & 0o7777, status.st_uid, status.st_gid], [0o644, 1, 65534], file)
        }
    }

    private func access(_ folder: URL) -> FolderAccess? { FolderAccess.of(folder.path) }

    private func mode(_ file: URL) -> mode_t? {
        var status = stat()
        return lstat(file.path, &status) == 0 ? status.st_mode & 0o7777 : nil
    }

    func testLeftoversOfAKilledBuildAreCleanedAndTheSiteKept() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let publisher = SitePublisher(output: output)
        try publisher.publish(site("one"))
        // What a build killed mid-write leaves: a half-written staging folder beside the site.
        let staging = work.appendingPathComponent(".public.sandjar-new-99999")
        try FileManager.default.createDirectory(at: staging, withIntermediateDirectories: true)
        try "half".write(to: staging.appendingPathComponent("index.html"), atomically: true, encoding: .utf8)
        XCTAssertEqual(TestSupport.snapshot(output)["index.html"], Data("one".utf8), "the published site is whole")
        try publisher.publish(site("two"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: staging.path))
        XCTAssertEqual(TestSupport.snapshot(output)["index.html"], Data("two".utf8))
    }

    func testSecondBuildIsRefusedWhileTheLockIsHeld() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let held = try BuildLock(path: output.path + ".lock", wait: false)
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.output = output.path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertEqual(report.diagnostics.map(\.message), ["another build is running (use --wait to wait for it)"])
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.path))
        held.release()
        XCTAssertTrue(SiteBuild(options: options).run().succeeded, "the lock is free once released")
    }

    func testOutputPathsCannotEscape() {
        XCTAssertFalse(SiteFiles.isSafeRelativePath("../x"))
        XCTAssertFalse(SiteFiles.isSafeRelativePath("/etc/passwd"))
        XCTAssertFalse(SiteFiles.isSafeRelativePath("a//b"))
        for unsafe in ["", ".", "..", "a/.", "a/../b", "a/", "a\\b", "a\u{0}b", "/", "./a"] {
            XCTAssertFalse(SiteFiles.isSafeRelativePath(unsafe), unsafe)
        }
        XCTAssertTrue(SiteFiles.isSafeRelativePath("goals/bike/index.html"))
        for safe in ["...", "a/.b", "..a/b", "a/b..", "目标/索引.html", ".well-known/x"] {
            XCTAssertTrue(SiteFiles.isSafeRelativePath(safe), safe)
        }
    }
}
