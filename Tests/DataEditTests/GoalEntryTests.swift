import Foundation
import XCTest

@testable import DataEdit
@testable import SiteData

/// A new goal's id is one no goal has, as the build reads the ids (issue 40).
final class GoalEntryTests: XCTestCase {
    private let now = Date(timeIntervalSince1970: 1_796_004_845)  // 2026-11-30T02:14:05Z

    private func editor(_ goals: [String: String]) -> (DataFileEditor, DataFolder) {
        var files = ["site.toml": Array("title = \"T\"\ncurrency = \"USD\"\ntimezone = \"UTC\"\n".utf8)]
        for (relative, text) in goals { files[relative] = Array(text.utf8) }
        let folder = DataFolder(files: files, display: "data")
        let journal = UndoJournal(files: DataFolder(files: [:], display: "journal"))
        return (DataFileEditor(folder: folder, journal: journal), folder)
    }

    private func goal(_ id: String?, _ name: String) -> String {
        (id.map { "id = \"\($0)\"\n" } ?? "") + "name = \"\(name)\"\nmode = \"wish\"\ntarget = 100\n"
    }

    /// A new goal of id `bike` is refused as taken, and no file of it is written.
    private func assertBikeIsTaken(_ editor: DataFileEditor, _ folder: DataFolder, line: UInt = #line) {
        XCTAssertThrowsError(
            try GoalEntry(id: "bike", name: "Bike", mode: "wish", target: "500").add(in: editor, now: now),
            line: line
        ) { error in
            XCTAssertEqual(
                (error as? EditError)?.message,
                "there is already a goal with the id 'bike'; give the new one another id", line: line)
        }
        XCTAssertFalse(folder.fileExists("goals/bike.toml"), line: line)
    }

    /// An id another file's goal has (`id = "bike"` in `goals/cycle.toml`) is taken.
    func testAnIdAGoalOfAnotherFileHasIsRefused() throws {
        let (editor, folder) = editor(["goals/cycle.toml": goal("bike", "Cycle")])
        assertBikeIsTaken(editor, folder)
    }

    /// An id two goals already share is taken too: a third goal of that id was written, since
    /// looking the id up failed (two goals) and the build's own error fell on the other two files.
    func testAnIdTwoGoalsShareIsRefused() throws {
        let (editor, folder) = editor(["goals/x.toml": goal("bike", "X"), "goals/y.toml": goal("bike", "Y")])
        assertBikeIsTaken(editor, folder)
        // An id made from the name takes the next free one instead.
        let added = try GoalEntry(id: "", name: "Bike", mode: "wish", target: "500").add(in: editor, now: now)
        XCTAssertEqual(added.id, "bike-2")
        XCTAssertTrue(folder.fileExists("goals/bike-2.toml"))
    }
}
