import Foundation
import SiteData
import TestSupport
import XCTest

@testable import PhysicsCache
@testable import SiteBuilder
@testable import SitePublish

#if canImport(Glibc)
    import Glibc
#endif

/// DESIGN.md §7 "Never deletes what it does not own": what a person put into the output — `.git/`
/// (a site published by pushing the folder), `CNAME`, `.well-known/`, a note inside a goal's
/// folder — is carried into every new site; the output may not hold the data or the cache; the
/// cache must be sandjar's own; and nothing is left behind, the lock included.
final class KeepForeignTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var work: URL!
    private var output: URL!

    override func setUp() {
        work = TestSupport.temporaryFolder(self)
        output = work.appendingPathComponent("public")
    }

    private func site(_ text: String, goal: Bool = true) -> SiteFiles {
        var files = SiteFiles()
        files.add("index.html", text)
        if goal { files.add("goals/a/index.html", "goal \(text)") }
        files.add("goals/index.html", "goals \(text)")
        return files
    }

    private func write(_ text: String, _ relative: String, mode: mode_t = 0o644) throws {
        let url = output.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
        chmod(url.path, mode)
    }

    private func inode(_ relative: String) -> ino_t? {
        var status = stat()
        return lstat(output.appendingPathComponent(relative).path, &status) == 0 ? status.st_ino : nil
    }

    func testWhatAPersonPutInTheOutputIsCarriedIntoEveryNewSite() throws {
        let publisher = SitePublisher(output: output)
        try publisher.publish(site("one"))
        try write("ref: refs/heads/main\n", ".git/HEAD")
        try write("blob", ".git/objects/ab/cdef", mode: 0o444)
        try write("example.org\n", "CNAME")
        try write("Contact: mailto:me@example.org\n", ".well-known/security.txt")
        try write("my notes", "goals/a/notes/today.txt")
        try write("todo", "goals/todo.txt")
        XCTAssertEqual(symlink("../index.html", output.appendingPathComponent("goals/home").path), 0)
        let git = inode(".git/objects/ab/cdef")

        let first = try publisher.publish(site("two"))
        XCTAssertEqual(first.newlyKept, ".git/, .well-known/, CNAME, goals/a/notes/, goals/home, goals/todo.txt")
        let after = TestSupport.snapshot(output)
        XCTAssertEqual(after["index.html"], Data("two".utf8))
        XCTAssertEqual(after["CNAME"], Data("example.org\n".utf8))
        XCTAssertEqual(after[".git/objects/ab/cdef"], Data("blob".utf8))
        XCTAssertEqual(after["goals/a/notes/today.txt"], Data("my notes".utf8))
        XCTAssertEqual(after["goals/todo.txt"], Data("todo".utf8))
        XCTAssertEqual(inode(".git/objects/ab/cdef"), git, "files are carried as hard links, never copied")
        var status = stat()
        XCTAssertEqual(lstat(output.appendingPathComponent(".git/objects/ab/cdef").path, &status), 0)
        XCTAssertEqual(status.st_mode & 0o7777, 0o444, "a kept file keeps its mode")
        XCTAssertEqual(
            try FileManager.default.destinationOfSymbolicLink(atPath: output.appendingPathComponent("goals/home").path),
            "../index.html")

        // The next build keeps them without naming them again; a goal whose folder went keeps the
        // note a person put in it, in a folder of its own.
        let second = try publisher.publish(site("three", goal: false))
        XCTAssertNil(second.newlyKept)
        let third = TestSupport.snapshot(output)
        XCTAssertNil(third["goals/a/index.html"], "what the build wrote before and writes no more goes")
        XCTAssertEqual(third["goals/a/notes/today.txt"], Data("my notes".utf8))
        XCTAssertEqual(third[".git/HEAD"], Data("ref: refs/heads/main\n".utf8))
        let marker = SiteMarker(text: String(decoding: third[SitePublisher.marker] ?? Data(), as: UTF8.self))
        XCTAssertEqual(marker.written, ["index.html", "goals/index.html"])
        XCTAssertEqual(
            marker.kept, [".git", ".well-known", "CNAME", "goals/a/notes", "goals/home", "goals/todo.txt"])
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: work.path).filter { $0 != "public" }
        XCTAssertEqual(
            leftovers.sorted(), [".public.sandjar-records", ".public.sandjar-spare"],
            "nothing beside the site but the site it replaced and the records of both")
    }

    /// A build never overwrites what it did not write: a person's `goals/index.html` where the new
    /// site has a page of that name stops the build, and the site stays as it was.
    func testAForeignFileWhereTheNewSitePutsOneStopsThePublishAndChangesNothing() throws {
        let publisher = SitePublisher(output: output)
        var small = SiteFiles()
        small.add("index.html", "one")
        try publisher.publish(small)
        try write("mine", "goals/index.html")
        let before = TestSupport.snapshot(output)
        XCTAssertThrowsError(try publisher.publish(site("two"))) { error in
            let message = (error as? Diagnostic)?.message ?? ""
            XCTAssertTrue(message.contains("holds 'goals/index.html', which sandjar did not write"), message)
            XCTAssertTrue(message.contains("move it out of the site and build again"), message)
        }
        XCTAssertEqual(TestSupport.snapshot(output), before)
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(),
            [".public.sandjar-records", "public"], "the first build's records, and nothing of the refused one")
    }

    /// A site from before the marker listed its files: the dot-files at its top and `CNAME` are
    /// kept, everything else is the old site's.
    func testAnOlderMarkerKeepsTheDotEntriesAndCNAME() throws {
        try write("This folder is written by sandjar; it replaces everything in it on each build.\n", ".sandjar-site")
        try write("old page", "old/index.html")
        try write("ref", ".git/HEAD")
        try write("example.org", "CNAME")
        let published = try SitePublisher(output: output).publish(site("new"))
        XCTAssertEqual(published.newlyKept, ".git/, CNAME")
        let after = TestSupport.snapshot(output)
        XCTAssertNil(after["old/index.html"])
        XCTAssertEqual(after[".git/HEAD"], Data("ref".utf8))
        XCTAssertEqual(after["CNAME"], Data("example.org".utf8))
    }

    /// `build s1/mydata --out s1` once deleted the data folder kept inside the site.
    func testTheOutputMayNotHoldTheDataFolderOrTheCache() throws {
        let data = output.appendingPathComponent("mydata")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        try write("This folder is written by sandjar; it replaces everything in it on each build.\n", ".sandjar-site")
        let before = TestSupport.snapshot(output)
        var options = BuildOptions()
        options.data = data.path
        options.output = output.path
        options.today = CalendarDateFixture.sampleToday
        XCTAssertEqual(
            SiteBuild(options: options).run().diagnostics.map(\.headline),
            [
                "\(output.path): error: refusing to write the site to '\(output.path)': it holds the data folder "
                    + "(\(data.path)), which replacing the site would take away; give --out a folder of its own"
            ])
        options.data = TestSupport.fixtures.appendingPathComponent("base").path
        options.cache = output.appendingPathComponent("cache").path
        XCTAssertEqual(
            SiteBuild(options: options).run().diagnostics.map(\.message),
            [
                "refusing to write the site to '\(output.path)': it holds the cache (\(options.cache!)), which "
                    + "replacing the site would take away; give --out a folder of its own"
            ])
        XCTAssertEqual(TestSupport.snapshot(output), before, "nothing changed")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["public"], "no lock left")
    }

    /// `--cache /` once wrote `/jar/*.json`. A cache must be missing, empty or sandjar's own, and
    /// never inside the data folder or the output; a refusal writes nothing, checks included.
    func testTheCacheMustBeSandjarsOwnAndLiveApart() throws {
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let theirs = work.appendingPathComponent("documents")
        try FileManager.default.createDirectory(at: theirs, withIntermediateDirectories: true)
        try Data("mine".utf8).write(to: theirs.appendingPathComponent("letter.txt"))
        XCTAssertNotNil(CacheFolder.refusal("/", data: data.path, output: output.path))

        var options = BuildOptions()
        options.data = data.path
        options.output = output.path
        options.today = CalendarDateFixture.sampleToday
        let cases = [
            theirs.path: "refusing to write the cache into '\(theirs.path)': it is not empty and holds no "
                + ".sandjar-cache marker, so it is not a sandjar cache; give --cache a new or empty folder",
            data.appendingPathComponent("cache").path:
                "refusing to keep the cache in '\(data.path)/cache': it is inside the data folder \(data.path); "
                + "leave --cache out (the cache then goes to ~/.cache/sandjar) or give a folder of its own",
            theirs.appendingPathComponent("letter.txt").path:
                "'\(theirs.path)/letter.txt' exists and is not a folder; give --cache a new folder, an empty one or an "
                + "earlier cache",
        ]
        let dataBefore = TestSupport.snapshot(data)
        for (cache, message) in cases {
            options.cache = cache
            XCTAssertEqual(
                SiteBuild(options: options).run().diagnostics.map(\.headline), ["\(cache): error: \(message)"])
            XCTAssertEqual(SiteBuild(options: options).check().0.diagnostics.map(\.message), [message])
        }
        XCTAssertEqual(TestSupport.snapshot(theirs), ["letter.txt": Data("mine".utf8)])
        XCTAssertEqual(TestSupport.snapshot(data), dataBefore)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path).sorted(), ["data", "documents"])

        // A new folder becomes a marked cache, which the next build takes as its own.
        let cache = work.appendingPathComponent("cache")
        options.cache = cache.path
        XCTAssertTrue(SiteBuild(options: options).run().succeeded)
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.appendingPathComponent(".sandjar-cache").path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: cache.appendingPathComponent("jar/bike.json").path))
        XCTAssertTrue(SiteBuild(options: options).run().succeeded)
        // A cache from before the marker (only jar/*.json) is still taken.
        try FileManager.default.removeItem(at: cache.appendingPathComponent(".sandjar-cache"))
        XCTAssertNil(CacheFolder.refusal(cache.path, data: data.path, output: output.path))
        // So is one holding the marker's temporary file (`AtomicFile`), which another build is
        // writing at that moment, or one killed doing so left: it is no stranger's.
        try Data("This folder".utf8).write(to: cache.appendingPathComponent("..sandjar-cache.sandjar-42.tmp"))
        XCTAssertNil(CacheFolder.refusal(cache.path, data: data.path, output: output.path))
        XCTAssertTrue(SiteBuild(options: options).run().succeeded)
    }

    /// `cd ~ && sandjar build .` without a site.toml once left `public.lock` behind.
    func testAFailedBuildLeavesNoLockAndNoFolder() throws {
        let empty = work.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        var options = BuildOptions()
        options.data = empty.path
        options.today = CalendarDateFixture.sampleToday
        options.cache = work.appendingPathComponent("cache").path
        XCTAssertFalse(SiteBuild(options: options).run().succeeded)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: empty.path), [])
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: work.path), ["empty"])
    }

    /// A lock file removed by the build that held it cannot let two builds in at once: whoever
    /// gets a lock on a file that is no longer at the name takes the name's file instead.
    func testTheLockFileGoesWithTheBuildAndStillLocks() throws {
        let path = work.appendingPathComponent("public.lock").path
        let first = try BuildLock(path: path, wait: false)
        XCTAssertThrowsError(try BuildLock(path: path, wait: false)) {
            XCTAssertEqual($0 as? Diagnostic, BuildLock.busy)
        }
        first.release()
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        let second = try BuildLock(path: path, wait: false)
        XCTAssertThrowsError(try BuildLock(path: path, wait: false))
        second.release()
    }
}
