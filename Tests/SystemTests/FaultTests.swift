import Foundation
import TestSupport
import XCTest

@testable import SitePublish

#if canImport(Glibc)
    import Glibc
#endif

/// The cron promises of DESIGN.md §7 under faults, against the built `sandjar` executable: builds
/// killed at random moments, two builds at once, an unwritable output folder, a full disk, and a
/// data file changed while a build runs. After each, the published folder must be byte for byte
/// the whole previous site or the whole new one (`SiteVersions`), and the next build must succeed
/// and leave nothing behind.
final class FaultTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var versions: SiteVersions!
    /// The test's folder; a private tmpfs when `onTmpfs`.
    private var work: URL!
    private var onTmpfs = false
    private var output: URL!
    private var cache: URL!
    private var logs: URL!

    override func setUpWithError() throws {
        versions = try SiteVersions.shared.get()
        (work, onTmpfs) = makeWorkFolder()
        try use(work)
    }

    override class func tearDown() {
        if case .success(let versions) = SiteVersions.shared {
            try? FileManager.default.removeItem(at: versions.folder)
        }
        super.tearDown()
    }

    // MARK: - Killed builds

    func testBuildsKilledAtRandomMomentsLeaveAWholeSiteAndTheNextBuildSucceeds() throws {
        var generator = SplitMix64.fromEnvironment(default: 0x5341_4E44_4A41_5221)
        if onTmpfs {
            try killBuilds(20, where: "on a tmpfs", generator: &generator)
            // A few on the disk too, where most of a build is the flush to the disk before the swap.
            try use(TestSupport.temporaryFolder(self))
            try killBuilds(4, where: "on the disk", generator: &generator)
        } else {
            try killBuilds(20, where: "on the disk", generator: &generator)
        }
    }

    /// Starts builds over a published site and kills each at a seeded random moment, half of them
    /// anywhere in the build and half in its write-and-swap phase, until the kills have landed as
    /// meant: `count` of them (a build that finished first is not one), at least one before the
    /// writing began and at least one in the middle of it — at most three times `count` tries.
    /// The test fails if they did not, since then it proved nothing about a half-written site.
    ///
    /// Where each kill landed is read from what the killed build left: the previous site and no
    /// staging folder of its own, before it began writing; its staging folder
    /// (`.public.sandjar-new-PID`), in the middle of writing; the new site, after the swap.
    private func killBuilds(
        _ count: Int, where place: String, generator: inout SplitMix64, file: StaticString = #filePath,
        line: UInt = #line
    ) throws {
        try publish(0, file: file, line: line)
        // Where a build over a published site spends its time: from spawning to the staging
        // folder's first appearance (loading and rendering), then writing, flushing and swapping.
        // Measured again on every build that runs to the end, as the machine's load changes.
        var (writing, total) = try measureWritePhase(building: 1, file: file, line: line)
        var outcomes = (previous: 0, new: 0, finished: 0, leftovers: 0)
        var landed = (beforeWriting: 0, whileWriting: 0, afterSwap: 0)
        var current = 1
        var kill = 0
        func landedAsMeant() -> Bool {
            outcomes.previous + outcomes.new >= count && landed.beforeWriting > 0 && landed.whileWriting > 0
        }
        while !landedAsMeant() && kill < 3 * count {
            kill += 1
            let next = 1 - current
            let moment =
                kill.isMultiple(of: 2)
                ? Double.random(in: 0...total, using: &generator)
                : Double.random(in: writing...total, using: &generator)
            let victim = try SandjarProcess(build(next), logs: logs)
            FaultSetup.sleep(until: moment, of: victim)
            victim.kill(SIGKILL)
            let ended = victim.wait(file: file, line: line)
            let found = versions.version(in: output)
            let label = String(format: "kill %d %@ at %.3f s", kill, place, moment)
            if ended.signal == SIGKILL {
                XCTAssertTrue(
                    found == current || found == next, "\(label): the published folder is not a whole site", file: file,
                    line: line)
                if found == current { outcomes.previous += 1 } else { outcomes.new += 1 }
                let staging = ".\(output.lastPathComponent).sandjar-new-\(victim.pid)"
                if found == next {
                    landed.afterSwap += 1
                } else if SiteVersions.leftovers(beside: output).contains(staging) {
                    landed.whileWriting += 1
                } else {
                    landed.beforeWriting += 1
                }
            } else {
                XCTAssertEqual(ended.status, 0, "\(label): \(ended.stderr)", file: file, line: line)
                XCTAssertEqual(
                    found, next, "\(label): a finished build published something else", file: file, line: line)
                outcomes.finished += 1
            }
            if !SiteVersions.leftovers(beside: output).isEmpty { outcomes.leftovers += 1 }

            // The next build succeeds, publishes the whole new site and clears what was left.
            (writing, total) = try measureWritePhase(building: next, label, file: file, line: line)
            XCTAssertEqual(
                SiteVersions.leftovers(beside: output), [], "\(label): the next build left folders behind", file: file,
                line: line)
            current = next
        }
        print(
            String(
                format: "fault: %d tries %@ (a build takes %.3f s, writing from %.3f s): ", kill, place, total, writing
            )
                + "\(outcomes.previous) kills left the previous site, \(outcomes.new) the new one, "
                + "\(outcomes.finished) builds finished first; \(outcomes.leftovers) left a staging "
                + "folder that the next build removed; kills landed \(landed.beforeWriting) before the writing, "
                + "\(landed.whileWriting) in the middle of it, \(landed.afterSwap) after the swap")
        XCTAssertGreaterThanOrEqual(
            outcomes.previous + outcomes.new, count,
            "\(place): \(count) kills were asked for, \(outcomes.previous + outcomes.new) landed in \(kill) tries",
            file: file, line: line)
        XCTAssertGreaterThan(
            landed.beforeWriting, 0, "\(place): no kill landed before the writing", file: file, line: line)
        XCTAssertGreaterThan(
            landed.whileWriting, 0, "\(place): no kill landed in the middle of the writing", file: file, line: line)
    }

    // MARK: - Two builds at once

    func testASecondBuildIsRefusedOrWaitsWhileTheLockIsHeld() throws {
        try publish(0)
        let held = try BuildLock(path: output.path + ".lock", wait: false)

        let refused = try SandjarProcess.run(build(1), logs: logs)
        XCTAssertEqual(refused.status, 1)
        XCTAssertEqual(
            refused.errors, ["\(output.path).lock: error: another build is running (use --wait to wait for it)"])
        XCTAssertEqual(versions.version(in: output), 0)

        let waiting = try SandjarProcess(build(1, ["--wait"]), logs: logs)
        // An event, not a time: the kernel lists the build as blocked on the lock (/proc/locks).
        let blocked = FaultSetup.waitUntilBlockedOnALock(waiting)
        XCTAssertTrue(blocked, "--wait must wait on the lock while it is held: \(waiting.outputSoFar)")
        XCTAssertTrue(waiting.isRunning, "--wait must wait while the lock is held")
        XCTAssertEqual(versions.version(in: output), 0, "nothing is written while waiting")
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])
        held.release()
        let waited = waiting.wait()
        XCTAssertEqual(waited.status, 0, waited.stderr)
        XCTAssertEqual(versions.version(in: output), 1)
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])
        print(
            String(
                format: "fault: refused in %.3f s; --wait finished %.3f s after it started", refused.seconds,
                waited.seconds))
    }

    func testTwoBuildsStartedTogetherNeverBothWrite() throws {
        try publish(0)
        var refusals = 0
        for round in 0..<2 {
            // Started together, each with its own version of the data.
            let builds = try [0, 1].map { try SandjarProcess(build($0), logs: logs) }
            let ended = builds.map { $0.wait() }
            let succeeded = ended.indices.filter { ended[$0].status == 0 }
            for run in ended where run.status != 0 {
                XCTAssertEqual(run.status, 1, run.stderr)
                XCTAssertEqual(
                    run.errors, ["\(output.path).lock: error: another build is running (use --wait to wait for it)"])
                refusals += 1
            }
            XCTAssertFalse(succeeded.isEmpty, "round \(round): one of the two builds must succeed")
            let found = versions.version(in: output)
            XCTAssertNotNil(found, "round \(round): the published folder is not a whole site")
            if succeeded.count == 1 { XCTAssertEqual(found, succeeded[0], "round \(round): the refused build wrote") }
            XCTAssertEqual(SiteVersions.leftovers(beside: output), [])
        }
        // With --wait both finish, one after the other.
        let builds = try [0, 1].map { try SandjarProcess(build($0, ["--wait"]), logs: logs) }
        let ended = builds.map { $0.wait() }
        XCTAssertEqual(ended.map(\.status), [0, 0], ended.map(\.stderr).joined())
        XCTAssertNotNil(versions.version(in: output))
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])
        print("fault: two builds started together: \(refusals) of 2 rounds ended with one refused")
    }

    // MARK: - Unwritable output, full disk

    func testUnwritableOutputFolderFailsClearlyAndKeepsTheSite() throws {
        let parent = output.deletingLastPathComponent()
        // Root writes anywhere, so as root the builds run as `nobody` (setpriv) or, without
        // setpriv, the folder is made read-only by a bind mount.
        let setpriv = FaultSetup.tool("/usr/bin/setpriv", "/bin/setpriv")
        var wrapper: [String] = []
        var lock: () throws -> Void = {
            try FileManager.default.setAttributes([.posixPermissions: 0o555], ofItemAtPath: parent.path)
        }
        var unlock: () throws -> Void = {
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: parent.path)
        }
        var reason = "Permission denied"
        var how = "chmod 555 on the output's parent, builds run as this (non-root) user"
        if FaultSetup.isRoot, let setpriv {
            // nobody may not be able to enter the checkout (a clone in a folder only root can
            // enter), so it runs a copy of the executable from the work folder it owns.
            let copy = work.appendingPathComponent("sandjar-for-nobody")
            try FileManager.default.copyItem(at: try SandjarProcess.requireExecutable(), to: copy)
            wrapper = [
                setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--",
                "/bin/sh", "-c", "exec \"\(copy.path)\" \"$@\"",
            ]
            for folder in [work!, parent, cache!] { XCTAssertEqual(chown(folder.path, 65534, 65534), 0) }
            how = "chmod 555 on the output's parent, builds run as nobody through setpriv"
        } else if FaultSetup.isRoot {
            lock = {
                guard FaultSetup.system(["/bin/mount", "--bind", parent.path, parent.path], logs: self.logs) == 0,
                    FaultSetup.system(["/bin/mount", "-o", "remount,bind,ro", parent.path], logs: self.logs) == 0
                else { throw XCTSkip("cannot make a folder unwritable for root here (no setpriv, no mount)") }
            }
            unlock = { FaultSetup.system(["/bin/umount", parent.path], logs: self.logs) }
            addTeardownBlock { FaultSetup.system(["/bin/umount", parent.path], logs: self.logs) }
            reason = "Read-only file system"
            how = "a read-only bind mount of the output's parent"
        }
        print("fault: unwritable output: \(how)")

        try publish(0, wrapper: wrapper)
        try lock()
        addTeardownBlock { try? unlock() }
        // The lock file went with the build that made it, so the next cannot even take its lock.
        let failed = try SandjarProcess.run(build(1), logs: logs, wrapper: wrapper)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(
            failed.errors,
            [
                "\(output.path).lock: error: cannot take the build lock: \(reason); a build writes its lock and "
                    + "the new site beside the site, in \(parent.path)"
            ])
        XCTAssertEqual(versions.version(in: output), 0, "the previous site is intact")
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])

        // A first build into the same folder fails the same way, and creates nothing.
        let fresh = parent.appendingPathComponent("fresh")
        let first = try SandjarProcess.run(build(1, into: fresh), logs: logs, wrapper: wrapper)
        XCTAssertEqual(first.status, 1, first.stderr)
        XCTAssertEqual(
            first.errors,
            [
                "\(fresh.path).lock: error: cannot take the build lock: \(reason); a build writes its lock and "
                    + "the new site beside the site, in \(parent.path)"
            ])
        XCTAssertEqual(
            try FileManager.default.contentsOfDirectory(atPath: parent.path).sorted(),
            [".public.sandjar-records", "public"])

        try unlock()
        let again = try SandjarProcess.run(build(1), logs: logs, wrapper: wrapper)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(versions.version(in: output), 1)
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])
    }

    // MARK: - The output folder's group

    /// DESIGN.md §7: a build that cannot give the new site the output folder's group (it runs as a
    /// user outside that group) fails before the swap and keeps the site; in its own group it
    /// keeps the mode and the group.
    func testAGroupThatCannotBeKeptFailsTheBuildAndKeepsTheSite() throws {
        guard FaultSetup.isRoot, let setpriv = FaultSetup.tool("/usr/bin/setpriv", "/bin/setpriv") else {
            throw XCTSkip("needs root and setpriv, to build as a user outside the output folder's group")
        }
        let copy = work.appendingPathComponent("sandjar-for-nobody")
        try FileManager.default.copyItem(at: try SandjarProcess.requireExecutable(), to: copy)
        let wrapper = [
            setpriv, "--reuid=65534", "--regid=65534", "--clear-groups", "--",
            "/bin/sh", "-c", "exec \"\(copy.path)\" \"$@\"",
        ]
        for folder in [work!, output.deletingLastPathComponent(), cache!] {
            XCTAssertEqual(chown(folder.path, 65534, 65534), 0)
        }
        try publish(0, wrapper: wrapper)
        // The site nobody may replace, but in the group daemon, which nobody is not in.
        XCTAssertEqual(FaultSetup.system(["/bin/chown", "-R", "65534:1", output.path], logs: logs), 0)
        XCTAssertEqual(chmod(output.path, 0o2750), 0)
        let failed = try SandjarProcess.run(build(1), logs: logs, wrapper: wrapper)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(
            failed.errors,
            [
                "\(output.path): error: cannot give the new site the group 'daemon' that \(output.path) has: "
                    + "Operation not permitted; build as a member of that group (or as root), or change the folder's group"
            ])
        XCTAssertEqual(versions.version(in: output), 0, "the previous site is intact")
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])

        XCTAssertEqual(FaultSetup.system(["/bin/chown", "-R", "65534:65534", output.path], logs: logs), 0)
        XCTAssertEqual(chmod(output.path, 0o2750), 0)
        try publish(1, wrapper: wrapper)
        XCTAssertEqual(FolderAccess.of(output.path), FolderAccess(mode: 0o2750, owner: 65534, group: 65534))

        // A site published read-only, even for its owner: written, then given its modes, and the
        // previous one still removed.
        XCTAssertEqual(chmod(output.path, 0o2550), 0)
        try publish(0, wrapper: wrapper)
        try publish(1, wrapper: wrapper)
        let readOnly = FolderAccess(mode: 0o2550, owner: 65534, group: 65534)
        XCTAssertEqual(FolderAccess.of(output.path), readOnly)
        XCTAssertEqual(FolderAccess.of(output.appendingPathComponent("goals").path), readOnly)
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])
        XCTAssertEqual(FaultSetup.system(["/bin/chmod", "-R", "u+w", output.path], logs: logs), 0)
    }

    func testFullDiskFailsClearlyAndKeepsTheSite() throws {
        let disk = work.appendingPathComponent("disk")
        try FileManager.default.createDirectory(at: disk, withIntermediateDirectories: true)
        let mounted =
            FaultSetup.isRoot
            && FaultSetup.system(
                ["/bin/mount", "-t", "tmpfs", "-o", "size=8m,mode=0755", "tmpfs", disk.path], logs: logs)
                == 0
        guard mounted else {
            throw XCTSkip(
                "mounting a small tmpfs is not permitted here; testFileSizeLimitFailsClearlyAndKeepsTheSite covers failing writes"
            )
        }
        addTeardownBlock { FaultSetup.system(["/bin/umount", "-l", disk.path], logs: self.logs) }
        output = disk.appendingPathComponent("public")
        try publish(0)

        // Fill the disk but for 256 KiB: the new site's first files fit, the rest do not.
        var status = statvfs()
        XCTAssertEqual(statvfs(disk.path, &status), 0)
        let free = Int(status.f_bavail) * Int(status.f_frsize)
        let filler = disk.appendingPathComponent("filler")
        try Data(count: max(0, free - (256 << 10))).write(to: filler)
        print("fault: full disk: an 8 MiB tmpfs with \(free >> 10) KiB free after the first site, filled but 256 KiB")

        let failed = try SandjarProcess.run(build(1), logs: logs)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(
            failed.errors,
            ["\(output.path): error: cannot write the new site next to \(output.path): No space left on device"])
        XCTAssertEqual(versions.version(in: output), 0, "the previous site is intact")
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [], "the half-written staging folder is removed")

        try FileManager.default.removeItem(at: filler)
        let again = try SandjarProcess.run(build(1), logs: logs)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(versions.version(in: output), 1)
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])
    }

    /// Where mounting is not permitted, a file-size limit (RLIMIT_FSIZE, `ulimit -f`, with SIGXFSZ
    /// ignored) makes writes fail the same way; it runs everywhere.
    func testFileSizeLimitFailsClearlyAndKeepsTheSite() throws {
        try publish(0)
        // Below the largest file of the new site, in 512- and in 1024-byte blocks alike.
        let largest = versions.sites[1].values.map(\.count).max() ?? 0
        let blocks = max(1, largest / 2048)
        let limited = ["/bin/sh", "-c", "ulimit -f \(blocks) && trap '' XFSZ && exec \"$0\" \"$@\""]
        print("fault: file-size limit: ulimit -f \(blocks), the largest file of the site is \(largest) bytes")
        let failed = try SandjarProcess.run(build(1), logs: logs, wrapper: limited)
        XCTAssertEqual(failed.status, 1, failed.stderr)
        XCTAssertEqual(
            failed.errors, ["\(output.path): error: cannot write the new site next to \(output.path): File too large"])
        XCTAssertEqual(versions.version(in: output), 0, "the previous site is intact")
        XCTAssertEqual(SiteVersions.leftovers(beside: output), [])

        let again = try SandjarProcess.run(build(1), logs: logs)
        XCTAssertEqual(again.status, 0, again.stderr)
        XCTAssertEqual(versions.version(in: output), 1)
    }

    // MARK: - Data changed during a build

    /// sandjar reads each data file once, at the start, through one descriptor; the site is built
    /// from those bytes. A file replaced while a build runs (as `sandjar add deposit` and most
    /// editors replace it, by a rename) gives a site of the old version or of the new one, never a
    /// mix, and the next build picks the change up. (A file rewritten in place, byte by byte,
    /// can be read half-written: the build then fails on it or builds what it read.)
    func testDataFileReplacedDuringTheBuildGivesASiteOfOneVersion() throws {
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(versions.data[0], onto: data)
        let goal = data.appendingPathComponent(SiteVersions.goalFile)
        let staged = work.appendingPathComponent("bike.toml.new")
        let seconds = try publish(0)

        var generator = SplitMix64.fromEnvironment(default: 0x4441_5441_4348_4721)
        var outcomes = (old: 0, new: 0)
        var current = 0
        let changes = 4
        for change in 0..<changes {
            let next = 1 - current
            // Loading comes first in a build: the change lands during or soon after it.
            let moment = Double.random(in: 0...(seconds * 0.4), using: &generator)
            let running = try SandjarProcess(
                SiteVersions.build(data, into: output, cache: cache), logs: logs)
            FaultSetup.sleep(until: moment, of: running)
            try versions.goal[next].write(to: staged)
            XCTAssertEqual(rename(staged.path, goal.path), 0)
            let ended = running.wait()
            let label = String(format: "change %d at %.3f s", change + 1, moment)
            XCTAssertEqual(ended.status, 0, "\(label): \(ended.stderr)")
            let found = versions.version(in: output)
            XCTAssertTrue(found == current || found == next, "\(label): the site mixes versions")
            if found == current { outcomes.old += 1 } else { outcomes.new += 1 }

            let again = try SandjarProcess.run(SiteVersions.build(data, into: output, cache: cache), logs: logs)
            XCTAssertEqual(again.status, 0, again.stderr)
            XCTAssertEqual(versions.version(in: output), next, "\(label): the next build did not pick the change up")
            current = next
        }
        print(
            "fault: data changed during \(changes) builds: \(outcomes.old) built the old version, \(outcomes.new) the new"
        )
    }

    // MARK: - Helpers

    /// A fresh folder for one test: a private tmpfs when root may mount one, so that a build's
    /// time is sandjar's own and not the flush of other programs' writes to a shared disk
    /// (`syncfs`), which on a busy machine makes builds several times slower; else a temporary
    /// folder on the disk.
    private func makeWorkFolder(file: StaticString = #filePath, line: UInt = #line) -> (URL, Bool) {
        let folder = TestSupport.temporaryFolder(self, file: file, line: line)
        let mountPoint = folder.appendingPathComponent("tmpfs")
        let mounted =
            FaultSetup.isRoot
            && (try? FileManager.default.createDirectory(at: mountPoint, withIntermediateDirectories: true)) != nil
            && FaultSetup.system(
                ["/bin/mount", "-t", "tmpfs", "-o", "size=128m,mode=0755", "tmpfs", mountPoint.path], logs: folder,
                file: file, line: line) == 0
        guard mounted else { return (folder, false) }
        addTeardownBlock {
            FaultSetup.system(["/bin/umount", "-l", mountPoint.path], logs: folder, file: file, line: line)
        }
        return (mountPoint, true)
    }

    /// Builds into `folder/site/public`, with the cache and the logs beside.
    private func use(_ folder: URL) throws {
        output = folder.appendingPathComponent("site").appendingPathComponent("public")
        cache = folder.appendingPathComponent("cache")
        logs = folder.appendingPathComponent("logs")
        for made in [output.deletingLastPathComponent(), cache, logs] {
            try FileManager.default.createDirectory(at: made!, withIntermediateDirectories: true)
        }
    }

    private func build(_ version: Int, into folder: URL? = nil, _ extra: [String] = []) -> [String] {
        SiteVersions.build(versions.data[version], into: folder ?? output, cache: cache, extra)
    }

    /// Builds `version` to the end into `output`; it must succeed. Its duration.
    @discardableResult
    private func publish(_ version: Int, wrapper: [String] = [], file: StaticString = #filePath, line: UInt = #line)
        throws -> Double
    {
        let run = try SandjarProcess.run(build(version), logs: logs, wrapper: wrapper, file: file, line: line)
        XCTAssertEqual(run.status, 0, run.stderr, file: file, line: line)
        XCTAssertEqual(versions.version(in: output), version, file: file, line: line)
        return run.seconds
    }

    /// Builds `version` over the published site to the end, watching for the staging folder: the
    /// seconds until it first appears and until the build ends.
    private func measureWritePhase(
        building version: Int, _ label: String = "", file: StaticString = #filePath, line: UInt = #line
    ) throws -> (
        writing: Double, total: Double
    ) {
        let watched = try SandjarProcess(build(version), logs: logs)
        // Its own staging folder: one a killed build left is there from the start.
        let staging = ".\(output.lastPathComponent).sandjar-new-\(watched.pid)"
        var writing: Double?
        while watched.isRunning {
            if writing == nil && SiteVersions.leftovers(beside: output).contains(staging) {
                writing = watched.elapsed
            }
            usleep(200)
        }
        let ended = watched.wait(file: file, line: line)
        XCTAssertEqual(ended.status, 0, "\(label) \(ended.stderr)", file: file, line: line)
        XCTAssertEqual(
            versions.version(in: output), version, "\(label): a finished build published something else", file: file,
            line: line)
        let total = max(ended.seconds, 0.05)
        return (min(writing ?? total * 0.6, total), total)
    }
}
