import Foundation
import TestSupport
import XCTest

@testable import SiteData

/// `DataFolder.allFiles` lists what a build may read (DESIGN.md §2): every entry that is not a
/// folder, sorted, hidden ones and their contents left out, folders entered but never through a
/// symlink; what may actually be read is decided when it is read.
final class DataFolderWalkTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    func testTheWalkListsFilesAndLinksAndEntersOnlyRealFolders() throws {
        let root = TestSupport.temporaryFolder(self)
        let fm = FileManager.default
        func write(_ relative: String) throws {
            let url = root.appendingPathComponent(relative)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data("x".utf8).write(to: url)
        }
        try write("site.toml")
        try write("pages/a.md")
        try write("pages/deep/er/b.md")
        try write("pages/.hidden.md")
        try write(".git/config")
        try write("pages/.drafts/c.md")
        try write("elsewhere/d.md")
        try fm.createSymbolicLink(atPath: root.path + "/pages/link.md", withDestinationPath: "a.md")
        try fm.createSymbolicLink(atPath: root.path + "/pages/broken.md", withDestinationPath: "/nonexistent")
        try fm.createSymbolicLink(atPath: root.path + "/pages/folder-link", withDestinationPath: "../elsewhere")
        XCTAssertEqual(mkfifo(root.path + "/pages/fifo.md", 0o600), 0)
        let folder = DataFolder(path: root.path)
        XCTAssertEqual(
            folder.allFiles(),
            [
                "elsewhere/d.md", "pages/a.md", "pages/broken.md", "pages/deep/er/b.md", "pages/fifo.md",
                "pages/link.md", "site.toml",
            ])
        XCTAssertEqual(
            folder.files(in: "pages", withExtension: "md"),
            ["pages/a.md", "pages/broken.md", "pages/fifo.md", "pages/link.md"])
        XCTAssertEqual(folder.allFiles(under: "pages/deep"), ["pages/deep/er/b.md"])
        XCTAssertEqual(folder.allFiles(under: "missing"), [])
    }

    /// One folder's listing (`files(in:)`, one `opendir`) against the walk of the whole tree
    /// (`allFiles`, another method) keeping only what is directly in it, on random trees.
    func testOneFoldersListingIsTheWalksDirectChildren() throws {
        var random = SystemRandomNumberGenerator()
        let fm = FileManager.default
        for round in 0..<20 {
            let root = TestSupport.temporaryFolder(self).appendingPathComponent("r\(round)")
            let names = ["a", "b", ".c", "d-e", "f.TOML", "g"]
            for _ in 0..<Int.random(in: 5...25, using: &random) {
                let depth = Int.random(in: 1...3, using: &random)
                let parts = (0..<depth).map { _ in names.randomElement(using: &random)! }
                let ext = ["toml", "md", "txt"].randomElement(using: &random)!
                let url = root.appendingPathComponent("goals/" + parts.joined(separator: "/") + "." + ext)
                try? fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try? Data("x".utf8).write(to: url)
            }
            try? fm.createSymbolicLink(atPath: root.path + "/goals/to-a.toml", withDestinationPath: "a.toml")
            try? fm.createSymbolicLink(atPath: root.path + "/goals/to-folder.toml", withDestinationPath: "a")
            let folder = DataFolder(path: root.path)
            for ext in ["toml", "md", "txt"] {
                let walked = folder.allFiles(under: "goals").filter {
                    !$0.dropFirst("goals/".count).contains("/") && $0.hasSuffix("." + ext)
                }
                XCTAssertEqual(folder.files(in: "goals", withExtension: ext), walked, "round \(round) .\(ext)")
            }
        }
    }
}
