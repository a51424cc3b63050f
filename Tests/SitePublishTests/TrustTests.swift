import Foundation
import TestSupport
import XCTest

@testable import SiteData
@testable import SitePublish

#if canImport(Glibc)
    import Glibc
#endif

/// What a rebuild trusts without reading it back (`SiteRecords`), and what it never trusts: every
/// way a person or a tool can change a published file or the spare — in place, with its times set
/// back, at once after a build, by a copy that keeps its time, through a hard link, through the
/// spare — and every state of the records file, leads to a site of exactly the new bytes.
final class TrustTests: XCTestCase {
    private var work: URL!
    private var output: URL!
    private var spare: URL!
    private var records: URL!

    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    override func setUp() {
        work = TestSupport.temporaryFolder(self)
        output = work.appendingPathComponent("public")
        spare = work.appendingPathComponent(".public.sandjar-spare")
        records = work.appendingPathComponent(".public.sandjar-records")
    }

    private func site(_ text: String) -> SiteFiles {
        var files = SiteFiles()
        files.add("index.html", "home \(text)")
        files.add("goals/a/index.html", "the same goal page every night")
        files.add("goals/b/index.html", "goal b \(text)")
        files.add("quotes/2026-01-01/index.html", "a quote")
        return files
    }

    /// The site has exactly `files`' bytes, its marker aside.
    private func assertPublished(_ files: SiteFiles, _ message: String, line: UInt = #line) {
        var found = TestSupport.snapshot(output)
        XCTAssertNotNil(found.removeValue(forKey: SitePublisher.marker), message, line: line)
        XCTAssertEqual(found, files.files.mapValues { Data($0) }, message, line: line)
    }

    private func status(_ url: URL, _ path: String) -> stat {
        var status = stat()
        XCTAssertEqual(lstat(url.appendingPathComponent(path).path, &status), 0, path)
        return status
    }

    /// Writes `text` over the start of the file at `path`, in place: the same inode and size.
    private func editInPlace(_ url: URL, _ path: String, _ text: String) {
        let descriptor = open(url.appendingPathComponent(path).path, O_WRONLY)
        XCTAssertGreaterThanOrEqual(descriptor, 0, path)
        XCTAssertEqual(
            Array(text.utf8).withUnsafeBytes { pwrite(descriptor, $0.baseAddress!, $0.count, 0) }, text.utf8.count)
        close(descriptor)
    }

    /// Three nightly builds: the site, a spare beside it, records of both.
    private func publishNights() throws -> SitePublisher {
        let publisher = SitePublisher(output: output)
        for night in ["one", "two", "three"] { try publisher.publish(site(night)) }
        XCTAssertTrue(FileManager.default.fileExists(atPath: spare.path))
        XCTAssertTrue(FileManager.default.fileExists(atPath: records.path))
        return publisher
    }

    func testAnUnchangedFileIsKeptAndRecorded() throws {
        let publisher = try publishNights()
        let before = status(output, "goals/a/index.html")
        try publisher.publish(site("four"))
        let after = status(output, "goals/a/index.html")
        XCTAssertEqual(after.st_ino, before.st_ino, "the same file, not written again")
        XCTAssertEqual(FileStamp(after).modified, FileStamp(before).modified, "its time kept")
        let file = try XCTUnwrap(RecordsFile(text: String(contentsOf: records, encoding: .utf8)))
        let record = try XCTUnwrap(file.site?.files["goals/a/index.html"])
        XCTAssertEqual(record.stamp, FileStamp(after))
        XCTAssertEqual(record.hash, ContentHash.of(Array("the same goal page every night".utf8)))
        XCTAssertEqual(file.site?.folders["goals/a"], FileStamp(status(output, "goals/a")))
        XCTAssertNotNil(file.spare?.files["goals/b/index.html"], "the spare's records go with it")
        assertPublished(site("four"), "the fourth night")
    }

    /// Same size, other bytes, a new modification time: rewritten, in the site and never through it.
    func testAFileEditedInPlaceIsNeverTrusted() throws {
        let publisher = try publishNights()
        editInPlace(output, "goals/a/index.html", "THE SAME")
        try publisher.publish(site("four"))
        assertPublished(site("four"), "edited in place")
    }

    /// `touch -d` setting the recorded time back after an edit: the change time gives it away.
    func testAFileEditedWithItsTimeSetBackIsNeverTrusted() throws {
        let publisher = try publishNights()
        let before = status(output, "goals/a/index.html")
        editInPlace(output, "goals/a/index.html", "the SAME")
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, output.appendingPathComponent("goals/a/index.html").path, &times, 0), 0)
        XCTAssertEqual(FileStamp(status(output, "goals/a/index.html")).modified, FileStamp(before).modified)
        try publisher.publish(site("four"))
        assertPublished(site("four"), "edited, its time set back")
    }

    /// An edit in the same instant the build ends, before the file system's clock moved on:
    /// the records wait for the clock, so the edit still gets a time of its own.
    func testAFileEditedTheMomentTheBuildEndsIsNeverTrusted() throws {
        let publisher = try publishNights()
        for night in 0..<12 {
            // One page rewritten every night and edited right away, one kept and edited right away.
            try publisher.publish(site("night \(night)"))
            editInPlace(output, "goals/b/index.html", "GOAL B")
            editInPlace(output, "goals/a/index.html", "THE SAME")
            try publisher.publish(site("night \(night)"))
            assertPublished(site("night \(night)"), "night \(night)")
        }
    }

    /// The same on a file system that keeps whole seconds (ext4 with 128-byte inodes, as old
    /// ext3 volumes have): an edit in the second the build ended would have the time the build
    /// recorded, were the records kept before the clock moved on. Needs root, to mount one: it
    /// skips without, and fails instead under CI (`CI` set), which runs as root.
    func testOnAFileSystemOfWholeSecondsAnEditRightAfterTheBuildIsNeverTrusted() throws {
        guard FaultSetup.isRoot, let mkfs = FaultSetup.tool("/sbin/mkfs.ext4", "/usr/sbin/mkfs.ext4") else {
            throw Self.skipOrFail("needs root and mkfs.ext4, to mount a file system of whole seconds")
        }
        let image = work.appendingPathComponent("seconds.img")
        let mountPoint = work.appendingPathComponent("seconds")
        try FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)
        XCTAssertTrue(FileManager.default.createFile(atPath: image.path, contents: nil))
        XCTAssertEqual(truncate(image.path, 32 << 20), 0)
        guard FaultSetup.system([mkfs, "-q", "-F", "-I", "128", image.path], logs: work) == 0,
            FaultSetup.system(["/bin/mount", "-o", "loop", image.path, mountPoint.path], logs: work) == 0
        else { throw Self.skipOrFail("cannot make and mount a loop file system here") }
        addTeardownBlock { FaultSetup.system(["/bin/umount", "-l", mountPoint.path], logs: self.work) }
        output = mountPoint.appendingPathComponent("public")
        spare = mountPoint.appendingPathComponent(".public.sandjar-spare")
        records = mountPoint.appendingPathComponent(".public.sandjar-records")
        var status = stat()
        let publisher = try publishNights()
        XCTAssertEqual(lstat(output.appendingPathComponent("index.html").path, &status), 0)
        XCTAssertEqual(status.st_mtim.tv_nsec, 0, "a file system of whole seconds")
        for night in 0..<2 {
            try publisher.publish(site("night \(night)"))
            editInPlace(output, "goals/b/index.html", "GOAL B")
            try publisher.publish(site("night \(night)"))
            assertPublished(site("night \(night)"), "night \(night)")
        }
    }

    /// A skip on a person's machine; under CI, which runs as root and can mount, a failure, so CI
    /// never passes without the test having run.
    private static func skipOrFail(_ reason: String) -> Error {
        if ProcessInfo.processInfo.environment["CI"] != nil { return CIMustRun(description: "under CI: " + reason) }
        return XCTSkip(reason)
    }

    private struct CIMustRun: Error, CustomStringConvertible {
        var description: String
    }

    /// `cp -p` or `rsync -t`: another file of the same size and time in its place.
    func testAFileReplacedByOneOfTheSameSizeAndTimeIsNeverTrusted() throws {
        let publisher = try publishNights()
        let path = output.appendingPathComponent("goals/a/index.html")
        let before = status(output, "goals/a/index.html")
        let copy = work.appendingPathComponent("copy.html")
        try Data("THE SAME goal page every night".utf8).write(to: copy)
        var times = [before.st_atim, before.st_mtim]
        XCTAssertEqual(utimensat(AT_FDCWD, copy.path, &times, 0), 0)
        XCTAssertEqual(rename(copy.path, path.path), 0)
        try publisher.publish(site("four"))
        assertPublished(site("four"), "replaced by a copy keeping the time")
    }

    /// A published file hard-linked from elsewhere (a backup by `cp -al`): the site gets a file of
    /// its own, so an edit through the other name never reaches it.
    func testAFileLinkedFromElsewhereIsNotSharedWithTheNextSite() throws {
        let publisher = try publishNights()
        let elsewhere = work.appendingPathComponent("backup.html")
        XCTAssertEqual(link(output.appendingPathComponent("goals/a/index.html").path, elsewhere.path), 0)
        try publisher.publish(site("four"))
        var outside = stat()
        XCTAssertEqual(lstat(elsewhere.path, &outside), 0)
        XCTAssertNotEqual(status(output, "goals/a/index.html").st_ino, outside.st_ino)
        editInPlace(work, "backup.html", "EDITED")
        assertPublished(site("four"), "linked from elsewhere")
    }

    /// `touch` alone: the bytes are the same, so the file is compared, kept, and recorded anew.
    func testATouchedFileIsComparedAndKept() throws {
        let publisher = try publishNights()
        let before = status(output, "goals/a/index.html")
        XCTAssertEqual(utimensat(AT_FDCWD, output.appendingPathComponent("goals/a/index.html").path, nil, 0), 0)
        try publisher.publish(site("four"))
        XCTAssertEqual(status(output, "goals/a/index.html").st_ino, before.st_ino, "compared equal, kept")
        let file = try XCTUnwrap(RecordsFile(text: String(contentsOf: records, encoding: .utf8)))
        XCTAssertEqual(file.site?.files["goals/a/index.html"]?.stamp, FileStamp(status(output, "goals/a/index.html")))
        assertPublished(site("four"), "touched")
    }

    /// The spare shares its unchanged files with the site: one edited there, in place, is edited in
    /// the site too, and both are written again. A file or folder added to a folder of the spare,
    /// however deep, never reaches the site.
    func testWhatIsChangedInTheSpareNeverReachesTheSite() throws {
        let publisher = try publishNights()
        editInPlace(spare, "goals/a/index.html", "THE SAME")
        try "<script>stray</script>".write(
            to: spare.appendingPathComponent("goals/a/stray.html"), atomically: false, encoding: .utf8)
        XCTAssertEqual(mkdir(spare.appendingPathComponent("quotes/2026-01-01/extra").path, 0o755), 0)
        try publisher.publish(site("four"))
        assertPublished(site("four"), "edited through the spare")
        try publisher.publish(site("five"))
        assertPublished(site("five"), "the spare updated again")
        XCTAssertFalse(FileManager.default.fileExists(atPath: spare.appendingPathComponent("goals/a/stray.html").path))
    }

    /// A file a person adds deep in the site is carried into the next one, though the folder it is
    /// in was recorded: its stamp changed, so it is read.
    func testAFileAddedToARecordedFolderIsKept() throws {
        let publisher = try publishNights()
        try "mine".write(to: output.appendingPathComponent("goals/a/notes.txt"), atomically: false, encoding: .utf8)
        let published = try publisher.publish(site("four"))
        XCTAssertEqual(published.newlyKept, "goals/a/notes.txt")
        try publisher.publish(site("five"))
        XCTAssertEqual(TestSupport.snapshot(output)["goals/a/notes.txt"], Data("mine".utf8))
    }

    /// Whatever the records file holds — nothing, garbage, a cut-short file, records of another
    /// site, records that lie about a file's bytes — the next site is exactly the new bytes.
    func testNoRecordsFileMakesAWrongSite() throws {
        let publisher = try publishNights()
        let other = work.appendingPathComponent("other")
        let otherPublisher = SitePublisher(output: other)
        for night in ["x", "y"] { try otherPublisher.publish(site(night)) }
        let good = try String(contentsOf: records, encoding: .utf8)
        let othersRecords = try String(
            contentsOf: work.appendingPathComponent(".other.sandjar-records"), encoding: .utf8)
        // A record that claims the edited page holds the new bytes: its stamp is not the file's.
        func hex(_ text: String) -> String {
            let digits = String(ContentHash.of(Array(text.utf8)), radix: 16)
            return String(repeating: "0", count: 16 - digits.count) + digits
        }
        let lie = good.replacingOccurrences(of: hex("goal b three"), with: hex("goal b four"))
        XCTAssertNotEqual(lie, good)
        let cases = [
            "missing": nil, "empty": "", "garbage": "\u{0}\u{1}not records\n",
            "cut short": String(good.prefix(good.count / 2)), "another site's": othersRecords, "lying": lie,
        ]
        for (name, text) in cases.sorted(by: { $0.key < $1.key }) {
            try publisher.publish(site("three"))
            editInPlace(output, "goals/b/index.html", "GOAL B")
            if let text {
                try text.write(to: records, atomically: false, encoding: .utf8)
            } else {
                try FileManager.default.removeItem(at: records)
            }
            try publisher.publish(site("four"))
            assertPublished(site("four"), "records \(name)")
        }
    }

    /// What a build wrote and vouched for is what the records hold, line for line.
    func testRecordsReadBackAsWritten() throws {
        var set = SiteRecords()
        set.files["a b/c.html"] = FileRecord(
            hash: 0x0123_4567_89AB_CDEF, size: 42,
            stamp: FileStamp(
                inode: 7, modified: .init(seconds: 1_764_547_200, nanoseconds: 5),
                changed: .init(seconds: 1_764_547_200, nanoseconds: 999_999_999)))
        set.folders["a b"] = FileStamp(
            inode: 8, modified: .init(seconds: 1, nanoseconds: 0), changed: .init(seconds: 2, nanoseconds: 3))
        set.kept = ["CNAME", ".well-known"]
        let file = RecordsFile(site: set, spare: SiteRecords())
        XCTAssertEqual(RecordsFile(text: file.text), file)
        XCTAssertNil(RecordsFile(text: String(file.text.dropLast(6))), "cut short: not read")
    }

    /// XXH64's published test vectors (computed with the reference libxxhash 0.8.1).
    func testContentHashIsXXH64() {
        let vectors: [(String, UInt64)] = [
            ("", 0xEF46_DB37_51D8_E999), ("a", 0xD24E_C4F1_A98C_6E5B), ("abc", 0x44BC_2CF5_AD77_0999),
            ("0123456789abcdef0123456789abcdef", 0x642A_9495_8E71_E6C5), ("聚沙成塔", 0xD228_478B_A6F2_E15A),
        ]
        for (text, hash) in vectors { XCTAssertEqual(ContentHash.of(Array(text.utf8)), hash, text) }
        let long = (0..<3).flatMap { _ in (0...255).map(UInt8.init) } + Array("xyz".utf8)
        XCTAssertEqual(ContentHash.of(long), 0xE921_A1B4_5BD7_79F8)
    }
}
