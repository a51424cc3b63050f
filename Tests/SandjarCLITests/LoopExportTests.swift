import Domain
import Foundation
import SiteData
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
}
