import Domain
import Foundation
import SiteData
import TOML
import TestSupport
import XCTest

@testable import SandjarCLI

/// `import wallos` in a household (DESIGN.md §3): Wallos's "Paid By" names map to site.toml's
/// `[[person]]`s by name and are written as `paid_by`; a name that is no one's is an error at its
/// place in the export, nothing written. On the corpus's generated export (`Paid By`: admin, Anna,
/// Tom) and on hand-made ones.
final class ImportWallosHouseholdTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    private let clock = Date(timeIntervalSince1970: 1_796_004_845)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-wallos-hh-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        try Data("base = \"USD\"\nas_of = 2026-11-01\n\n[rates]\nEUR = 1.08\nGBP = 1.27\n".utf8)
            .write(to: data.appendingPathComponent("rates.toml"))
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func people(_ people: [(id: String, name: String)]) throws {
        let site = data.appendingPathComponent("site.toml")
        var text = try String(contentsOf: site, encoding: .utf8)
        for person in people { text += "\n[[person]]\nid = \"\(person.id)\"\nname = \"\(person.name)\"\n" }
        try Data(text.utf8).write(to: site)
    }

    private func run(_ words: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: ["import", "wallos"] + words + ["--data", data.path], console: captured.console(), now: clock)
        return (status, captured)
    }

    private func temporaryExport(_ text: String) -> String {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("wallos-\(UUID().uuidString).json")
        XCTAssertNoThrow(try Data(text.utf8).write(to: url))
        addTeardownBlock { try? FileManager.default.removeItem(at: url) }
        return url.path
    }

    /// The corpus's generated Wallos export; skips without the corpus, fails under CI.
    private func corpusExport() throws -> String {
        let named = ProcessInfo.processInfo.environment["SANDJAR_CORPUS"].flatMap { $0.isEmpty ? nil : $0 }
        let corpus =
            named.map { URL(fileURLWithPath: $0, isDirectory: true) }
            ?? TestSupport.packageRoot.appendingPathComponent("../shared/corpus", isDirectory: true)
            .standardizedFileURL
        let file = corpus.appendingPathComponent("wallos/GENERATED_NOT_REAL__Wallos__subscriptions.json")
        guard FileManager.default.fileExists(atPath: file.path) else {
            let what = "the corpus's Wallos export is not at \(file.path) (set SANDJAR_CORPUS)"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail(what) }
            throw XCTSkip(what)
        }
        return file.path
    }

    /// Each subscription's name → its `paid_by` (nil when it has none), in file order.
    private func payers(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> [String: String?] {
        guard let table = try? TOMLParser.parse(text) else {
            XCTFail("not TOML:\n\(text)", file: file, line: line)
            return [:]
        }
        var payers: [String: String?] = [:]
        for entry in (table["subscription"]?.arrayValue ?? []).compactMap(\.tableValue) {
            payers[entry["name"]?.stringValue ?? "?"] = .some(entry["paid_by"]?.stringValue)
        }
        return payers
    }

    private func files() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: data.path)
        while let relative = enumerator?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: data.appendingPathComponent(relative).path)
        }
        return files
    }

    func testTheCorpusExportsPayersBecomePeopleAndTheFolderLoads() throws {
        let path = try corpusExport()
        try people([("me", "admin"), ("anna", "Anna"), ("tom", "Tom")])
        let (status, out) = run([path, "--write"])
        XCTAssertEqual(status, 0, out.err)
        let written = try String(contentsOf: data.appendingPathComponent("subscriptions/wallos.toml"), encoding: .utf8)
        // The export's own "Paid By" of each, read here by JSONSerialization, against what was written.
        let export = try XCTUnwrap(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as? [[String: Any]])
        let ids = ["admin": "me", "Anna": "anna", "Tom": "tom"]
        let found = payers(written)
        XCTAssertEqual(found.count, 12)
        for row in export {
            let name = (row["Name"] as? String ?? "").replacingOccurrences(of: "&amp;", with: "&")
            guard let payer = found[name] else { continue }  // a name the catalogue's match changed is checked below
            XCTAssertEqual(payer, ids[row["Paid By"] as? String ?? ""], name)
        }
        XCTAssertEqual(found.values.compactMap { $0 }.sorted().count, 12, "every subscription has its payer")
        XCTAssertEqual(found.values.filter { $0 == "tom" }.count, 2)
        XCTAssertEqual(found.values.filter { $0 == "anna" }.count, 1)
        XCTAssertTrue(written.contains("paid_by = \"anna\"                # Wallos: paid by Anna\n"), written)
        // The folder reads the payers back as a build does.
        let log = DiagnosticLog(strict: false)
        let loaded = try XCTUnwrap(DataLoader(folder: DataFolder(path: data.path), log: log).load()?.data)
        XCTAssertEqual(loaded.subscriptions.filter { $0.paidBy == "tom" }.count, 2)
        XCTAssertTrue(log.entries.filter { $0.severity == .error }.isEmpty, "\(log.entries)")
    }

    /// A name that is no one's is refused where the export has it, the closest person suggested.
    func testAnUnknownPayerIsAnErrorAtItsPlaceAndNothingIsWritten() throws {
        let path = try corpusExport()
        try people([("anna", "Anna"), ("tom", "Tom")])
        let before = files()
        let (status, out) = run([path, "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(files(), before)
        let text = try String(contentsOf: URL(fileURLWithPath: path), encoding: .utf8)
        // Where each "admin" value starts, counted here: line 1 (the file is one line), its column.
        var columns: [Int] = []
        var rest = Substring(text)
        while let range = rest.range(of: "\"Paid By\":\"admin\"") {
            columns.append(text.unicodeScalars.distance(from: text.startIndex, to: range.lowerBound) + 11)
            rest = text[range.upperBound...]
        }
        XCTAssertEqual(columns.count, 9)
        let headlines = out.err.split(separator: "\n").filter { $0.hasPrefix(path) }
        XCTAssertEqual(headlines.count, 9, out.err)
        for (headline, column) in zip(headlines, columns) {
            XCTAssertTrue(headline.hasPrefix("\(path):1:\(column): error: \""), String(headline))
            XCTAssertTrue(
                headline.hasSuffix(
                    "is paid by \"admin\", who is not one of site.toml's [[person]]s (the people are \"Anna\" (anna), "
                        + "\"Tom\" (tom); add a [[person]] whose name is \"admin\", or change the name in Wallos)"),
                String(headline))
        }
    }

    func testNamesMatchIgnoringCaseAndWidthAndAMisspeltOneGetsDidYouMean() throws {
        try people([("lin", "Lin Mei"), ("zhou", "小周")])
        let export = """
            [{"Name":"Netflix","Payment Cycle":"Monthly","Next Payment":"2026-12-02","Price":"$15.49","Paid By":"lin mei"},
            {"Name":"Spotify","Payment Cycle":"Monthly","Next Payment":"2026-12-03","Price":"$11.99","Paid By":"小周"},
            {"Name":"Gym","Payment Cycle":"Monthly","Next Payment":"2026-12-03","Price":"$30","Paid By":""},
            {"Name":"Cloud","Payment Cycle":"Monthly","Next Payment":"2026-12-03","Price":"$3","Paid By":"ZHOU"}]
            """
        let (status, out) = run([temporaryExport(export)])
        XCTAssertEqual(status, 0, out.err)
        let found = payers(out.out)
        XCTAssertEqual(found["Netflix"], "lin")
        XCTAssertEqual(found["Spotify"], "zhou")
        XCTAssertEqual(found["Gym"], .some(nil), "no payer in Wallos: none written")
        XCTAssertEqual(found["Cloud"], "zhou", "a person's id in Wallos's field")

        let misspelt = temporaryExport(
            """
            [{"Name":"Netflix","Payment Cycle":"Monthly","Next Payment":"2026-12-02","Price":"$15.49","Paid By":"Lin Meii"}]
            """)
        let (refused, said) = run([misspelt])
        XCTAssertEqual(refused, 1)
        let line = try String(contentsOf: URL(fileURLWithPath: misspelt), encoding: .utf8)
        let column = try XCTUnwrap(line.range(of: "\"Lin Meii\"")).lowerBound.utf16Offset(in: line) + 1
        XCTAssertTrue(
            said.err.hasPrefix(
                "\(misspelt):1:\(column): error: \"Netflix\" is paid by \"Lin Meii\", who is not one of site.toml's "
                    + "[[person]]s; did you mean \"Lin Mei\"?"), said.err)
    }

    func testWithoutPeopleThePayerStaysInTheCommentOnly() throws {
        let path = try corpusExport()
        let (status, out) = run([path])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertFalse(out.out.contains("paid_by"), out.out)
        XCTAssertTrue(out.out.contains("paid by Anna"), out.out)
    }
}
