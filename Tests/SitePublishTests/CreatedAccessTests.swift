import Foundation
import SiteData
import TestSupport
import XCTest

@testable import SitePublish

/// Publishing skips `chown` and `chmod` where what it creates already has the site's access
/// (`CreatedAccess`), and makes them where it has not: a strict umask, a site folder of another
/// mode, a linked file whose mode was changed.
final class CreatedAccessTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func site(_ text: String) -> SiteFiles {
        var files = SiteFiles()
        files.add("index.html", text)
        files.add("goals/a/index.html", "goal \(text)")
        files.add("goals/b/index.html", "same every time")
        return files
    }

    private func status(_ url: URL) -> (mode: mode_t, owner: uid_t, group: gid_t)? {
        var status = stat()
        guard lstat(url.path, &status) == 0 else { return nil }
        return (status.st_mode & 0o7777, status.st_uid, status.st_gid)
    }

    func testWhatTheUmaskAndTheFolderAlreadyGiveNeedsNoCall() {
        let access = FolderAccess(mode: 0o2750, owner: 1000, group: 33)
        var made = stat()
        made.st_uid = 1000
        made.st_gid = 33
        made.st_mode = S_IFDIR | 0o2750
        XCTAssertEqual(CreatedAccess(status: made, mode: 0o2750, access: access), .init(chown: false, chmod: false))
        made.st_mode = S_IFDIR | 0o750  // no setgid inherited
        XCTAssertEqual(CreatedAccess(status: made, mode: 0o2750, access: access), .init(chown: false, chmod: true))
        made.st_gid = 1000  // the process's group, not the site's
        XCTAssertEqual(CreatedAccess(status: made, mode: 0o2750, access: access), .init(chown: true, chmod: true))
    }

    /// `umask 077` gives a new file 0600 and a new folder 0700: each still gets 0644 and the
    /// site's folder mode.
    func testAStrictUmaskStillGivesTheSitesModes() throws {
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public")
        try SitePublisher(output: output).publish(site("one"))
        XCTAssertEqual(chmod(output.path, 0o755), 0)
        let saved = umask(0o077)
        defer { umask(saved) }
        try SitePublisher(output: output).publish(site("two"))
        try SitePublisher(output: output).publish(site("three"))
        for file in ["index.html", "goals/a/index.html", "goals/b/index.html", SitePublisher.marker] {
            XCTAssertEqual(status(output.appendingPathComponent(file))?.mode, 0o644, file)
        }
        for folder in ["", "goals", "goals/a"] {
            XCTAssertEqual(status(output.appendingPathComponent(folder))?.mode, 0o755, folder)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: output.appendingPathComponent(".sandjar-probe").path))
    }

    /// A file left unchanged is linked from the previous site only while it still has the mode a
    /// new file gets; one a person made read-only is written again with 0644.
    func testAFileWhoseModeWasChangedIsWrittenAgain() throws {
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public")
        try SitePublisher(output: output).publish(site("one"))
        let unchanged = output.appendingPathComponent("goals/b/index.html")
        let before = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: unchanged.path)[.systemFileNumber] as? Int)
        try SitePublisher(output: output).publish(site("two"))
        let linked = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: unchanged.path)[.systemFileNumber] as? Int)
        XCTAssertEqual(linked, before, "an unchanged file is the same file, linked")
        XCTAssertEqual(chmod(unchanged.path, 0o600), 0)
        try SitePublisher(output: output).publish(site("three"))
        XCTAssertEqual(status(unchanged)?.mode, 0o644)
        let written = try XCTUnwrap(
            FileManager.default.attributesOfItem(atPath: unchanged.path)[.systemFileNumber] as? Int)
        XCTAssertNotEqual(written, before)
    }
}
