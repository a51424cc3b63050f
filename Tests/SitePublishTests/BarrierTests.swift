import Foundation
import TestSupport
import XCTest

@testable import SiteData
@testable import SitePublish

#if canImport(Glibc)
    import Glibc
#endif

/// DESIGN.md §7, "Durable without the cost": a build pays a bounded number of durability
/// barriers (`fsync`, `syncfs`), counted here through the publisher's `DiskFlush`, not by the
/// machine: a first build of 2,000 pages and a rebuild after one change (without a spare and with
/// one) each pay one barrier before the swap and one after, and every file written has its
/// writeback started and waited for.
final class BarrierTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// What a build asked of the disk.
    private final class Calls: @unchecked Sendable {
        private let lock = NSLock()
        private var counts: [String: Int] = [:]

        func add(_ call: String) {
            lock.lock()
            counts[call, default: 0] += 1
            lock.unlock()
        }

        func take() -> [String: Int] {
            lock.lock()
            defer { lock.unlock() }
            let taken = counts
            counts = [:]
            return taken
        }

        /// `fsync` and `syncfs` of `counts`: the barriers.
        static func barriers(_ counts: [String: Int]) -> Int {
            counts["fsync", default: 0] + counts["syncfs", default: 0]
        }
    }

    /// The system's calls, each counted; `waitWritten` answers `waitFails` instead where given.
    private func counting(_ calls: Calls, waitFails: Int32? = nil) -> DiskFlush {
        let system = DiskFlush.system
        return DiskFlush(
            startWriting: {
                calls.add("start")
                system.startWriting($0)
            },
            waitWritten: { descriptor in
                calls.add("wait")
                return waitFails ?? system.waitWritten(descriptor)
            },
            fsync: {
                calls.add("fsync")
                return system.fsync($0)
            },
            syncfs: {
                calls.add("syncfs")
                return system.syncfs($0)
            })
    }

    /// 2,000 pages, each in a folder of its own in one of 20 sections, as the benchmark's site has
    /// them, and a home page naming `day`.
    private func site(day: Int, changedPage: Int? = nil) -> SiteFiles {
        var files = SiteFiles()
        files.add("index.html", "home on day \(day)")
        files.add("style.css", "body { margin: 0 }")
        for page in 0..<2_000 {
            let text = "page \(page)" + (page == changedPage ? " changed on day \(day)" : "")
            files.add("section-\(page % 20)/page-\(page)/index.html", text)
        }
        return files
    }

    private func folderInodes(_ root: URL) -> [String: ino_t] {
        var inodes: [String: ino_t] = [:]
        let walker = FileManager.default.enumerator(atPath: root.path)
        while let relative = walker?.nextObject() as? String {
            var status = stat()
            if lstat(root.path + "/" + relative, &status) == 0, status.st_mode & S_IFMT == S_IFDIR {
                inodes[relative] = status.st_ino
            }
        }
        return inodes
    }

    func testAFirstBuildAndNightlyRebuildsOf2000PagesPayTwoBarriersEach() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let calls = Calls()
        var publisher = SitePublisher(output: output)
        publisher.disk = counting(calls)

        try publisher.publish(site(day: 1))
        let first = calls.take()
        XCTAssertEqual(Calls.barriers(first), 2, "first build: \(first)")
        XCTAssertEqual(first["start"], 2_003, "writeback started for every file written (and the marker)")
        XCTAssertEqual(first["wait"], 2_003, "and waited for before the barrier")

        // The nightly after one change, first with no spare yet (the first build replaced none).
        try publisher.publish(site(day: 2, changedPage: 7))
        let second = calls.take()
        XCTAssertEqual(Calls.barriers(second), 2, "rebuild without a spare: \(second)")
        XCTAssertEqual(second["start"], 2, "the home page and the changed page are written, the rest linked")

        // Then the usual nightly, which updates the spare: not one folder is made again.
        let spare = work.appendingPathComponent(".public.sandjar-spare")
        let spareFolders = folderInodes(spare)
        try publisher.publish(site(day: 3, changedPage: 8))
        let third = calls.take()
        XCTAssertEqual(Calls.barriers(third), 2, "rebuild from the spare: \(third)")
        XCTAssertLessThanOrEqual(third["start", default: 0], 4)
        XCTAssertEqual(folderInodes(output), spareFolders, "the spare's folders are the new site's")
        XCTAssertEqual(
            String(
                decoding: try Data(contentsOf: output.appendingPathComponent("section-8/page-8/index.html")),
                as: UTF8.self),
            "page 8 changed on day 3")
    }

    /// Where a file's writeback cannot be waited for (no `sync_file_range`), the one barrier is a
    /// `syncfs`, which writes and waits for everything; where writing failed, the build fails and
    /// the published site stays.
    func testWithoutAWaitOneSyncfsAndAFailedWriteChangesNothing() throws {
        let work = TestSupport.temporaryFolder(self)
        let output = work.appendingPathComponent("public")
        let calls = Calls()
        var publisher = SitePublisher(output: output)
        publisher.disk = counting(calls, waitFails: ENOSYS)
        try publisher.publish(site(day: 1))
        let unwaited = calls.take()
        XCTAssertEqual(unwaited["syncfs"], 1, "\(unwaited)")
        XCTAssertEqual(Calls.barriers(unwaited), 2, "\(unwaited)")

        publisher.disk = counting(calls, waitFails: EIO)
        XCTAssertThrowsError(try publisher.publish(site(day: 2, changedPage: 3))) { error in
            XCTAssertTrue("\(error)".contains(String(cString: strerror(EIO))), "\(error)")
        }
        XCTAssertEqual(
            String(decoding: try Data(contentsOf: output.appendingPathComponent("index.html")), as: UTF8.self),
            "home on day 1")
        XCTAssertEqual(Calls.barriers(calls.take()), 0, "nothing flushed for a build that failed")
    }

    /// A tmpfs has no journal to commit: the barrier there is `syncfs`.
    func testTheBarrierFollowsTheFileSystem() throws {
        let descriptor = open("/dev/shm", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        try XCTSkipIf(descriptor < 0, "no /dev/shm")
        defer { close(descriptor) }
        XCTAssertEqual(SitePublisher.barrier(for: descriptor), .fileSystem)
    }
}
