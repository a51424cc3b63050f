import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// What an edit refuses before touching anything (DESIGN.md §6, §7): a folder that is not a data
/// folder, an argument that is not UTF-8, second 60, and amounts past the bounds. Each refusal
/// leaves every file as it was and creates none.
final class EditInputTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    /// 2026-11-30T02:14:05.75Z: 21:14:05 on Nov 29 in New York (the fixture's time zone).
    private let clock = Date(timeIntervalSince1970: 1_796_004_845.75)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-inputs-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        return (SandjarCommand.main(arguments: words, console: captured.console(), now: clock), captured)
    }

    private func everything() -> [String: Data] {
        var files: [String: Data] = [:]
        let walker = FileManager.default.enumerator(atPath: data.path)
        while let relative = walker?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: data.appendingPathComponent(relative).path) ?? Data()
        }
        return files
    }

    /// `add session … --data d/goals` once created `d/goals/practice/`.
    func testEveryEditNeedsAFolderWithSiteToml() throws {
        let goals = data.appendingPathComponent("goals")
        let before = everything()
        let message =
            "sandjar: \(goals.path) is not a data folder: it has no site.toml; nothing was changed. Give the folder "
            + "that holds site.toml (--data DIR), or create one with 'sandjar init DIR'\n"
        for words in [
            ["add", "session", "box", "--cycles", "3", "--at", "2026-11-29", "--data", goals.path],
            ["add", "deposit", "bike", "5", "--data", goals.path],
            ["slay", "Music", "--data", goals.path],
        ] {
            let (status, out) = run(words)
            XCTAssertEqual(status, 1, words.joined(separator: " "))
            XCTAssertEqual(out.err, message)
            XCTAssertEqual(out.out, "")
        }
        XCTAssertEqual(everything(), before, "nothing created or changed")
    }

    /// `--note $'bad\xffutf8'` was once written as U+FFFD without a word.
    func testAnArgumentThatIsNotUTF8IsAUsageErrorAndWritesNothing() throws {
        let before = everything()
        let captured = SandjarCommandTests.Captured(self)
        let words: [[UInt8]] =
            ["add", "deposit", "bike", "5", "--note"].map { Array($0.utf8) } + [
                Array("bad".utf8) + [0xFF] + Array("utf8 早".utf8)
            ] + [Array("--data".utf8), Array(data.path.utf8)]
        XCTAssertEqual(SandjarCommand.main(rawArguments: words, console: captured.console(), now: clock), 2)
        XCTAssertEqual(
            captured.err,
            "sandjar: argument 6, 'bad\\xFFutf8 \\xE6\\x97\\xA9', is not valid UTF-8; sandjar reads and writes UTF-8 "
                + "only and will not guess (convert it first, e.g. with iconv)\n")
        XCTAssertEqual(everything(), before)
        let valid = SandjarCommandTests.Captured(self)
        let good = ["add", "deposit", "bike", "5", "--note", "早", "--at", "2026-11-29", "--data", data.path]
        XCTAssertEqual(SandjarCommand.main(rawArguments: good.map { Array($0.utf8) }, console: valid.console()), 0)
    }

    /// `--at 2026-11-29T07:45:60` once wrote a file Python's tomllib cannot read.
    func testSecondSixtyIsRefused() throws {
        let before = everything()
        for words in [
            ["add", "deposit", "bike", "5", "--at", "2026-11-29T07:45:60"],
            ["add", "session", "box", "--cycles", "3", "--at", "2026-11-29 07:45:60+08:00"],
        ] {
            let (status, out) = run(words + ["--data", data.path])
            XCTAssertEqual(status, 2)
            XCTAssertTrue(
                out.err.contains(
                    "--at '\(words[words.count - 1])': second 60 is not a time of day; seconds run from "
                        + "00 to 59"), out.err)
        }
        XCTAssertEqual(everything(), before)
        XCTAssertEqual(run(["add", "deposit", "bike", "5", "--at", "2026-11-29T07:45:59", "--data", data.path]).0, 0)
    }

    /// At most 15 digits before the point and 10 after, as in files (DESIGN.md §7).
    func testAmountsPastTheBoundsAreRefused() throws {
        let before = everything()
        for (amount, why) in [
            ("1234567890123456", "too large (at most 15 digits before the point)"),
            ("1.12345678901", "more than 10 digits after the point"),
        ] {
            let (status, out) = run(["add", "deposit", "bike", amount, "--data", data.path])
            XCTAssertEqual(status, 2)
            XCTAssertTrue(out.err.hasPrefix("sandjar: invalid amount '\(amount)': \(why)\n"), out.err)
        }
        XCTAssertEqual(everything(), before)
        for amount in ["999999999999999", "0.0000000001", "123456789012345.1234567890"] {
            let (status, out) = run(["add", "deposit", "bike", amount, "--at", "2026-11-29", "--data", data.path])
            XCTAssertEqual(status, 0, "\(amount): \(out.err)")
        }
    }
}
