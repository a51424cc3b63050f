import Domain
import Foundation
import SiteData
import TestSupport
import XCTest

@testable import Import

/// Loop's CSV as opencsv and Loop's own hand-written lines make it: what `sandjar import loop`
/// reads before it looks at a data folder.
final class LoopExportTests: XCTestCase {
    private func folder(_ files: [String: [UInt8]]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("loop-csv-\(UUID().uuidString)")
        for (relative, bytes) in files {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root.path
    }

    func testQuotesCRLFAndAByteOrderMark() throws {
        let habits = "\u{FEFF}Position,Name,Type\r\n001,\"Breathe, \"\"slowly\"\"\",YES_NO\r\n002,Über-Lauf,YES_NO\r\n"
        let path = try folder([
            "Habits.csv": Array(habits.utf8),
            "001 Breathe slowly/Checkmarks.csv": Array(
                "Date,Value,Notes\r\n2026-10-02,SKIP,\"two\r\nlines\"\r\n2026-10-01,YES_AUTO,\r\n".utf8),
            "Checkmarks.csv": Array("Date,Breathe,Über-Lauf,\n2026-10-01,NO,YES_MANUAL,\n".utf8),
        ])
        let export = try LoopExport(path: path)
        XCTAssertEqual(export.habits.map(\.name), ["Breathe, \"slowly\"", "Über-Lauf"])
        XCTAssertEqual(LoopExport.folderName(of: export.habits[1]), "002 ber-Lauf", "Loop keeps [ a-zA-Z0-9._-]")
        let breathe = try XCTUnwrap(export.habit(named: "BREATHE, \"SLOWLY\""))
        XCTAssertEqual(
            try export.days(of: breathe).map { "\($0.date) \($0.mark)" }, ["2026-10-01 done", "2026-10-02 skipped"],
            "its own folder, a note over two lines, oldest first")
        let other = try XCTUnwrap(export.habit(named: "über-lauf"))
        XCTAssertEqual(
            try export.days(of: other).map { "\($0.date) \($0.mark)" }, ["2026-10-01 done"],
            "no folder: its column of the all-habits file")
    }

    func testAQuoteNeverClosedIsAtItsPlace() throws {
        let path = try folder(["Habits.csv": Array("Position,Name\n001,\"Breathe\n".utf8)])
        XCTAssertThrowsError(try LoopExport(path: path)) { error in
            let failure = error as? LoopExport.Failure
            XCTAssertEqual(
                failure?.diagnostics.first?.description.components(separatedBy: "\n").first,
                "\(path)/Habits.csv:2:5: error: this quote is never closed")
        }
    }

    /// Loop's files and Wallos's JSON export that are not UTF-8 are refused at their first bad
    /// byte, the line quoted: random text with one bad byte where the test put it.
    func testAFileThatIsNotUTF8IsRefusedAtItsFirstBadByte() throws {
        var random = SplitMix64(seed: 42)
        for round in 0..<100 {
            let sample = NotUTF8Sample.random(&random, header: "Position,Name\n")
            let habits = try folder(["Habits.csv": sample.bytes])
            XCTAssertThrowsError(try LoopExport(path: habits), "round \(round)") { error in
                let finding = (error as? LoopExport.Failure)?.diagnostics.first
                XCTAssertEqual(finding.map { [$0.line, $0.column] }, [sample.line, sample.column], "round \(round)")
                XCTAssertEqual(finding?.path, habits + "/Habits.csv")
                XCTAssertEqual(
                    finding?.message,
                    sample.named + ": Loop writes UTF-8 text; was the file saved again by another program?")
            }
            XCTAssertThrowsError(try JSONReader.parse(sample.bytes, path: "w.json"), "round \(round)") { error in
                let finding = error as? Diagnostic
                XCTAssertEqual(finding.map { [$0.line, $0.column] }, [sample.line, sample.column], "round \(round)")
                XCTAssertEqual(finding?.message.hasPrefix(sample.named + ": a JSON export is UTF-8 text"), true)
            }
        }
        print("not UTF-8: 100 Loop files and 100 Wallos exports refused at the byte the test put there")

        // By hand: Latin-1 quoted as Latin-1, the caret under the é.
        let latin1 = try folder(["Habits.csv": Array("Position,Name\n001,Caf".utf8) + [0xE9] + Array(" au lait\n".utf8)]
        )
        XCTAssertThrowsError(try LoopExport(path: latin1)) { error in
            XCTAssertEqual(
                (error as? LoopExport.Failure)?.diagnostics.first?.description,
                """
                \(latin1)/Habits.csv:2:8: error: invalid UTF-8 byte 0xE9: Loop writes UTF-8 text; was the file saved \
                again by another program?
                  001,Café au lait
                         ^
                """)
        }
    }
}
