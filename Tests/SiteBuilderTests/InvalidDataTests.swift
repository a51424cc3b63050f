import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

/// Each folder under `Tests/Fixtures/invalid/<case>/` overlays `data/` onto the valid base data
/// folder; the build must fail with exactly the errors in `expected.txt` (paths relative to the
/// data folder) and leave the previously published site byte-for-byte as it was.
///
/// Every case is required, not a number of them: `Tests/Fixtures/invalid.txt` lists them all, a
/// case folder it does not name or a name without its folder fails the test, each case must be
/// whole (`data/` with a file in it, a non-empty `expected.txt`, at most an `args` besides), and
/// both tests must have checked exactly the listed cases.
final class InvalidDataTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private static let casesFolder = TestSupport.fixtures.appendingPathComponent("invalid")

    /// The cases `invalid.txt` lists, in its order, once it is known that they are exactly the
    /// case folders and that each is whole.
    private static func cases(file: StaticString = #filePath, line: UInt = #line) throws -> [String] {
        let list = try String(contentsOf: TestSupport.fixtures.appendingPathComponent("invalid.txt"), encoding: .utf8)
        let listed = list.split(separator: "\n").map(String.init).filter { !$0.hasPrefix("#") }
        XCTAssertEqual(listed, listed.sorted(), "invalid.txt is kept sorted", file: file, line: line)
        XCTAssertEqual(Set(listed).count, listed.count, "invalid.txt names a case twice", file: file, line: line)
        let folders = try FileManager.default.contentsOfDirectory(atPath: casesFolder.path)
        XCTAssertEqual(
            Set(folders).subtracting(listed).sorted(), [], "case folders that invalid.txt does not list", file: file,
            line: line)
        XCTAssertEqual(
            Set(listed).subtracting(folders).sorted(), [], "cases in invalid.txt without their folder", file: file,
            line: line)
        for name in listed where folders.contains(name) {
            let folder = casesFolder.appendingPathComponent(name)
            let entries = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
            XCTAssertTrue(
                entries.isSuperset(of: ["data", "expected.txt"])
                    && entries.isSubset(of: ["data", "expected.txt", "args"]),
                "\(name) holds \(entries.sorted()): a case is data/, expected.txt and maybe args", file: file,
                line: line)
            XCTAssertFalse(
                TestSupport.snapshot(folder.appendingPathComponent("data")).isEmpty, "\(name)/data/ is empty",
                file: file, line: line)
            let expected = try? String(contentsOf: folder.appendingPathComponent("expected.txt"), encoding: .utf8)
            XCTAssertTrue(
                expected?.contains(": error: ") == true, "\(name)/expected.txt names no error", file: file, line: line)
        }
        return listed
    }

    func testEveryInvalidCaseFailsWithItsMessageAndLeavesThePreviousSite() throws {
        let casesFolder = Self.casesFolder
        let cases = try Self.cases()

        // One good build: the published site every bad build, pointed at the same folder, must
        // leave as it was.
        let reference = TestSupport.temporaryFolder(self)
        let published = reference.appendingPathComponent("public")
        var good = BuildOptions()
        good.data = TestSupport.fixtures.appendingPathComponent("base").path
        good.output = published.path
        good.cache = reference.appendingPathComponent("cache").path
        good.today = .init(year: 2026, month: 11, day: 29)
        let goodReport = SiteBuild(options: good).run()
        XCTAssertTrue(goodReport.succeeded, "base build failed: \(goodReport.diagnostics)")
        let before = TestSupport.snapshot(published)

        var checked = 0
        for name in cases {
            let caseFolder = casesFolder.appendingPathComponent(name)
            let data = reference.appendingPathComponent("data-\(name)")
            try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
            var options = good
            options.data = data.path
            try TestSupport.overlay(caseFolder.appendingPathComponent("data"), onto: data)
            let argsFile = caseFolder.appendingPathComponent("args")
            if let args = try? String(contentsOf: argsFile, encoding: .utf8) {
                options.strict = args.contains("--strict")
            }
            let report = SiteBuild(options: options).run()
            XCTAssertFalse(report.succeeded, "\(name): the build should fail")
            let actual =
                report.diagnostics.filter { $0.severity == .error }
                .map { $0.headline.replacingOccurrences(of: data.path + "/", with: "") }
                .joined(separator: "\n") + "\n"
            let expectedFile = caseFolder.appendingPathComponent("expected.txt")
            if TestSupport.recording {
                try actual.write(to: expectedFile, atomically: true, encoding: .utf8)
                XCTFail("\(name): recorded expected.txt; run again without RECORD_SNAPSHOTS")
            } else {
                let expected = try String(contentsOf: expectedFile, encoding: .utf8)
                XCTAssertEqual(actual, expected, "\(name): errors differ")
            }
            XCTAssertTrue(TestSupport.snapshot(published) == before, "\(name): the published site changed")
            checked += 1
        }
        print("invalid data cases: \(checked) of \(cases.count) checked")
        XCTAssertEqual(checked, cases.count, "every listed case is checked")
    }

    /// The same cases read from memory, through the same build steps: the loader never needs a
    /// disk, and the messages are the same.
    func testEveryInvalidCaseGivesItsMessageFromMemory() throws {
        let casesFolder = Self.casesFolder
        let cases = try Self.cases()
        let base = TestSupport.snapshot(TestSupport.fixtures.appendingPathComponent("base"))
        var checked = 0
        for name in cases {
            let caseFolder = casesFolder.appendingPathComponent(name)
            let files = base.merging(TestSupport.snapshot(caseFolder.appendingPathComponent("data"))) { $1 }
            var options = BuildOptions()
            options.dataFiles = DataFolder(files: files.mapValues { [UInt8]($0) }, display: "data")
            options.today = .init(year: 2026, month: 11, day: 29)
            let args = (try? String(contentsOf: caseFolder.appendingPathComponent("args"), encoding: .utf8)) ?? ""
            options.strict = args.contains("--strict")
            let (report, site) = SiteBuild(options: options).check()
            XCTAssertNil(site, name)
            let actual =
                report.diagnostics.filter { $0.severity == .error }
                .map { $0.headline.replacingOccurrences(of: "data/", with: "") }.joined(separator: "\n") + "\n"
            let expected = try String(contentsOf: caseFolder.appendingPathComponent("expected.txt"), encoding: .utf8)
            XCTAssertEqual(actual, expected, "\(name): errors differ")
            checked += 1
        }
        print("invalid data cases in memory: \(checked) of \(cases.count) checked")
        XCTAssertEqual(checked, cases.count, "every listed case is checked")
    }

    func testSymlinkOutOfTheDataFolderIsRefused() throws {
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let secret = work.appendingPathComponent("secret.toml")
        try "name = \"Secret\"\nmode = \"wish\"\ntarget = 1\n".write(to: secret, atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            at: data.appendingPathComponent("goals/secret.toml"),
            withDestinationURL: secret)
        let errors = check(data)
        XCTAssertEqual(errors, ["goals/secret.toml: error: is a symlink that leads out of the data folder"])
    }

    /// Refused by its size before it is read (BadInputScaleTests shows the same for 50 MB files of
    /// every kind, through the real executable).
    func testFileOver16MiBIsRefused() throws {
        let work = TestSupport.temporaryFolder(self)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        let big = Data(repeating: UInt8(ascii: "#"), count: (16 << 20) + 1)
        try big.write(to: data.appendingPathComponent("goals/big.toml"))
        let errors = check(data)
        XCTAssertEqual(errors, ["goals/big.toml: error: is larger than 16 MiB (16777217 bytes)"])
    }

    private func check(_ data: URL) -> [String] {
        var options = BuildOptions()
        options.data = data.path
        options.today = .init(year: 2026, month: 11, day: 29)
        return SiteBuild(options: options).check().0.diagnostics.filter { $0.severity == .error }
            .map { $0.headline.replacingOccurrences(of: data.path + "/", with: "") }
    }
}
