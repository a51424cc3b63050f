import Foundation
import TestSupport
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Two versions of a small data folder — the base fixture, and the same with one more deposit in
/// `goals/bike.toml` — and the sites they build, made once for all the fault tests. A published
/// folder is whole exactly when it is byte for byte one of these two sites.
struct SiteVersions: Sendable {
    /// Holds everything below; removed when the fault tests end.
    let folder: URL
    let data: [URL]
    let sites: [[String: Data]]
    /// The two versions of `goals/bike.toml`.
    let goal: [Data]

    static let goalFile = "goals/bike.toml"
    static let today = "2026-11-29"

    static let shared = Result { try SiteVersions() }

    private init() throws {
        _ = try SandjarProcess.requireExecutable()
        let fm = FileManager.default
        folder = fm.temporaryDirectory.appendingPathComponent("sandjar-faults-\(UUID().uuidString)")
        try fm.createDirectory(at: folder, withIntermediateDirectories: true)
        let a = folder.appendingPathComponent("data-a")
        let b = folder.appendingPathComponent("data-b")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: a)
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: b)
        let goalA = try Data(contentsOf: a.appendingPathComponent(SiteVersions.goalFile))
        let goalB = goalA + Data("\n[[deposit]]\nat = 2026-11-20\namount = 40\nnote = \"version B\"\n".utf8)
        try goalB.write(to: b.appendingPathComponent(SiteVersions.goalFile))
        data = [a, b]
        goal = [goalA, goalB]
        // Each reference is built with a cold cache of its own: the sites under test, built with a
        // shared cache that killed builds leave in any state, must still match them byte for byte.
        var sites: [[String: Data]] = []
        for (index, version) in data.enumerated() {
            let output = folder.appendingPathComponent("site-\(index)")
            let cache = folder.appendingPathComponent("cache-\(index)")
            let run = try SandjarProcess.run(
                SiteVersions.build(version, into: output, cache: cache), logs: folder)
            guard run.status == 0 else { throw Failure(message: "reference build failed: \(run.stderr)") }
            sites.append(TestSupport.snapshot(output))
        }
        guard sites[0] != sites[1], !sites[0].isEmpty else { throw Failure(message: "the two versions build alike") }
        self.sites = sites
    }

    struct Failure: Error {
        let message: String
    }

    /// `sandjar build` arguments, every path absolute and `--today` fixed.
    static func build(_ data: URL, into output: URL, cache: URL, _ extra: [String] = []) -> [String] {
        [
            "build", data.path, "--out", output.path,
            "--cache", cache.path, "--today", today, "--quiet",
        ] + extra
    }

    /// Which version `output` holds, whole; nil when it is neither.
    func version(in output: URL) -> Int? {
        let found = TestSupport.snapshot(output)
        return sites.firstIndex(of: found)
    }

    /// What a build left beside `output`: its staging or retired folders (the spare, the site a
    /// swap replaced, and the records of both are kept on purpose).
    static func leftovers(beside output: URL) -> [String] {
        let names =
            (try? FileManager.default.contentsOfDirectory(atPath: output.deletingLastPathComponent().path)) ?? []
        let prefix = ".\(output.lastPathComponent).sandjar-"
        return names.filter { $0.hasPrefix(prefix) && $0 != prefix + "spare" && $0 != prefix + "records" }.sorted()
    }
}

/// The random kill moments and edits, the same on every run.
extension SplitMix64 {
    /// `SANDJAR_FAULT_SEED` when set, so a failing sequence can be replayed.
    static func fromEnvironment(default seed: UInt64) -> SplitMix64 {
        let text = ProcessInfo.processInfo.environment["SANDJAR_FAULT_SEED"]
        return SplitMix64(seed: text.flatMap { UInt64($0) } ?? seed)
    }
}
