import Foundation
import XCTest

@testable import DataEdit
@testable import SiteData

/// The undo journal's entries on disk (DESIGN.md §6) are read by every later sandjar: the names
/// of its write kinds and the shape of an entry never change, so an old journal is still read.
final class JournalFormatTests: XCTestCase {
    /// The name of each kind as the journal writes it.
    private static let names: [WriteKind: String] = [
        .deposit: "deposit", .session: "session", .slay: "slay", .revive: "revive", .price: "price",
        .subscription: "subscription", .goal: "goal", .removeDeposit: "remove-deposit",
        .removeSession: "remove-session", .editDeposit: "edit-deposit", .editSession: "edit-session",
        .importSubscriptions: "import", .importPractice: "import-practice",
    ]

    func testEveryKindKeepsTheNameTheJournalWrites() {
        XCTAssertEqual(Set(WriteKind.allCases), Set(Self.names.keys), "a new kind is given its name here")
        for kind in WriteKind.allCases {
            XCTAssertEqual(kind.rawValue, Self.names[kind], "\(kind)")
        }
    }

    /// An entry as sandjar has written it since the journal began: one JSON object, its keys
    /// sorted, its dates ISO 8601 and the file's bytes base64.
    func testAnEntryWrittenByAnEarlierSandjarIsRead() throws {
        for (kind, name) in Self.names {
            let line =
                #"{"action":{"kind":"\#(name)","summary":"added 20 to bike","values":{"amount":"20","goal":"bike"}},"#
                + #""after":"YWZ0ZXI=","before":"YmVmb3Jl","file":"goals\/bike.toml","id":3,"#
                + #""time":"2026-12-01T10:00:00Z","undone":"2026-12-01T10:05:00Z"}"#
            let files = DataFolder(files: ["0000000003.json": Array(line.utf8)], display: "journal")
            let entry = try XCTUnwrap(UndoJournal(files: files).entry(3), name)
            XCTAssertEqual(entry.action.kind, kind)
            XCTAssertEqual(entry.action.summary, "added 20 to bike")
            XCTAssertEqual(entry.action.values, ["amount": "20", "goal": "bike"])
            XCTAssertEqual(entry.file, "goals/bike.toml")
            XCTAssertEqual(entry.before, Data("before".utf8))
            XCTAssertEqual(entry.after, Data("after".utf8))
            XCTAssertEqual(entry.time, Date(timeIntervalSince1970: 1_796_119_200))
            XCTAssertEqual(entry.undone, Date(timeIntervalSince1970: 1_796_119_500))
        }
        // A write that created its file has no bytes before it, and one that stands no `undone`.
        let created =
            #"{"action":{"kind":"goal","summary":"started the goal Bike (bike)","values":{"goal":"bike","name":"Bike"}},"#
            + #""after":"YWZ0ZXI=","file":"goals\/bike.toml","id":1,"time":"2026-12-01T10:00:00Z"}"#
        let files = DataFolder(files: ["0000000001.json": Array(created.utf8)], display: "journal")
        let entry = try XCTUnwrap(UndoJournal(files: files).entry(1))
        XCTAssertEqual(entry.action.kind, .goal)
        XCTAssertNil(entry.before)
        XCTAssertNil(entry.undone)
    }

    /// What this sandjar writes is the same line, byte for byte, and is read back as written.
    func testAnEntryIsWrittenAsEarlierSandjarsWroteIt() throws {
        let files = DataFolder(files: [:], display: "journal")
        let journal = UndoJournal(files: files)
        let action = JournalAction(.removeDeposit, "removed the deposit", values: ["goal": "bike"])
        let time = Date(timeIntervalSince1970: 1_796_119_200)
        let entry = try journal.record(
            action, file: "goals/bike.toml", before: Array("before".utf8), after: Array("after".utf8), time: time)
        guard case .success(let written) = files.read("0000000001.json", limit: 1 << 20) else {
            return XCTFail("the entry was not written")
        }
        XCTAssertEqual(
            String(decoding: written.bytes, as: UTF8.self),
            #"{"action":{"kind":"remove-deposit","summary":"removed the deposit","values":{"goal":"bike"}},"#
                + #""after":"YWZ0ZXI=","before":"YmVmb3Jl","file":"goals\/bike.toml","id":1,"#
                + #""time":"2026-12-01T10:00:00Z"}"#)
        XCTAssertEqual(journal.entry(1), entry)
    }

    /// A write lands on the page that shows what it changed, and its Undo there too; an undone
    /// goal's own page is gone with it.
    func testEachWriteLandsOnThePageThatShowsIt() {
        let pages: [WriteKind: String] = [
            .deposit: "goals/bike/", .editDeposit: "goals/bike/", .removeDeposit: "goals/bike/", .goal: "goals/bike/",
            .session: "breathing/", .importPractice: "breathing/", .editSession: "practice/",
            .removeSession: "practice/", .slay: "subscriptions/", .revive: "subscriptions/",
            .price: "subscriptions/", .subscription: "subscriptions/", .importSubscriptions: "subscriptions/",
        ]
        for kind in WriteKind.allCases {
            XCTAssertEqual(kind.page(goal: "bike"), pages[kind], "\(kind)")
            let undone = kind == .goal ? "goals/" : pages[kind]
            XCTAssertEqual(kind.page(goal: "bike", undone: true), undone, "\(kind) undone")
            XCTAssertEqual(kind.page(goal: nil), pages[kind]?.replacingOccurrences(of: "bike/", with: ""), "\(kind)")
        }
    }

    /// Each form sends the writes that name it, and every write but an import has its form.
    func testFormsAndTheirWritesAgree() {
        for kind in WriteKind.allCases {
            guard let form = kind.form else {
                XCTAssertTrue([.importSubscriptions, .importPractice].contains(kind), "\(kind) has no form")
                continue
            }
            let entry = [WriteKind.editDeposit, .removeDeposit].contains(kind) ? "deposit" : "session"
            XCTAssertEqual(form.write(entry: entry), kind)
        }
        for form in WriteKind.Form.allCases {
            for entry in ["deposit", "session"] {
                XCTAssertEqual(form.write(entry: entry)?.form, form == .undo ? nil : form)
            }
        }
    }
}
