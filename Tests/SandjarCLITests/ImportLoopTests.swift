import Foundation
import TOML
import TestSupport
import XCTest

@testable import SandjarCLI

/// `sandjar import loop` (DESIGN.md §3, §6), in-process, on a temporary copy of
/// `Tests/Fixtures/base` (its breathing.toml defines the pattern `calm`), with Loop exports
/// written small here in both layouts, and the real ones of `../shared/corpus/loop` (or
/// `$SANDJAR_CORPUS/loop`) put back into their folders in a temporary folder.
final class ImportLoopTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var data: URL!
    private let clock = Date(timeIntervalSince1970: 1_796_004_845)

    override func setUpWithError() throws {
        data = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-loop-\(UUID().uuidString)")
        try FileManager.default.copyItem(
            at: SandjarCommandTests.root.appendingPathComponent("Tests/Fixtures/base"), to: data)
        let folder = data!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
    }

    private func run(_ words: [String], command: [String] = ["import", "loop"]) -> (
        Int32, SandjarCommandTests.Captured
    ) {
        let captured = SandjarCommandTests.Captured(self)
        let status = SandjarCommand.main(
            arguments: command + words + ["--data", data.path], console: captured.console(), now: clock)
        return (status, captured)
    }

    /// A folder of `files` (relative path → text) in the temporary folder.
    private func export(_ files: [String: String]) throws -> String {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString)")
        for (relative, text) in files {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        addTeardownBlock { try? FileManager.default.removeItem(at: root) }
        return root.path
    }

    /// The current layout: Habits.csv, the all-habits Checkmarks.csv, a folder per habit.
    private func currentExport(_ checkmarks: String) throws -> String {
        try export([
            "Habits.csv": """
            Position,Name,Type,Question,Description,FrequencyNumerator,FrequencyDenominator,Color,Unit,Target Type,Target Value,Archived?
            001,Breathe,YES_NO,"Did you breathe, slowly?",,1,1,#FF8F00,,,,false
            002,Pages,NUMERICAL,Pages read,,1,1,#00897B,pages,AT_LEAST,10.0,false

            """,
            "Checkmarks.csv": "Date,Breathe,Pages,\n2026-10-01,UNKNOWN,UNKNOWN,\n",
            "001 Breathe/Checkmarks.csv": checkmarks,
        ])
    }

    private let current = """
        Date,Value,Notes
        2026-10-09,YES_MANUAL,
        2026-10-08,SKIP,
        2026-10-07,SKIP,"away, then ill"
        2026-10-06,SKIP,
        2026-10-05,NO,
        2026-10-04,SKIP,
        2026-10-03,YES_AUTO,
        2026-10-02,UNKNOWN,
        2026-10-01,YES_MANUAL,""\"good\"""

        """

    /// Every file of the data folder, to show that a preview or a refusal changed nothing.
    private func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(atPath: data.path)
        while let relative = enumerator?.nextObject() as? String {
            files[relative] = FileManager.default.contents(atPath: data.appendingPathComponent(relative).path)
        }
        return files
    }

    private func read(_ relative: String) -> String {
        (try? String(contentsOf: data.appendingPathComponent(relative), encoding: .utf8)) ?? ""
    }

    /// `key=value` of each `[[table]]` of a TOML text.
    private func entries(_ table: String, in text: String) throws -> [String] {
        try (TOMLParser.parse(text)[table]?.arrayValue ?? []).compactMap(\.tableValue).map { entry in
            entry.keys.sorted().map { key in
                let value = entry[key]!
                return key + "=" + (value.stringValue ?? value.numberLiteral ?? value.dateTimeValue?.description ?? "?")
            }.joined(separator: " ")
        }
    }

    func testThePreviewPrintsSessionsAndMergedPausesAndWritesNothing() throws {
        let folder = try currentExport(current)
        let before = snapshot()
        let (status, out) = run([folder, "--habit", "breathe", "--pattern", "box", "--cycles", "4"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(snapshot(), before, "a preview writes nothing")
        XCTAssertEqual(
            out.err,
            "sandjar: would write 3 sessions and 2 pauses to \(data.path)/practice/loop.toml and "
                + "\(data.path)/breathing.toml; run again with --write to write them\n")
        let parts = out.out.components(separatedBy: "# added to \(data.path)/breathing.toml\n")
        XCTAssertEqual(parts.count, 2, out.out)
        XCTAssertTrue(parts[0].hasPrefix("# new file \(data.path)/practice/loop.toml\n"), out.out)
        XCTAssertEqual(
            try entries("session", in: parts[0]),
            [
                "at=2026-10-01 cycles=4 pattern=box", "at=2026-10-03 cycles=4 pattern=box",
                "at=2026-10-09 cycles=4 pattern=box",
            ], "YES_MANUAL and YES_AUTO; NO and UNKNOWN nothing")
        XCTAssertEqual(
            try entries("pause", in: parts[1]),
            [
                "from=2026-10-04 note=skipped in Loop (Breathe) to=2026-10-04",
                "from=2026-10-06 note=skipped in Loop (Breathe) to=2026-10-08",
            ], "three skipped days in a row are one pause")
    }

    func testWriteGoesThroughTheJournalAndASecondImportAddsNothing() throws {
        let folder = try currentExport(current)
        let before = snapshot()
        let breathing = read("breathing.toml")
        let (status, out) = run([folder, "--habit", "Breathe", "--pattern", "calm", "--minutes", "2.5", "--write"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            out.out,
            "imported 3 sessions and 2 pauses from Breathe into \(data.path)/practice/loop.toml and "
                + "\(data.path)/breathing.toml\n")
        XCTAssertEqual(
            try entries("session", in: read("practice/loop.toml")).first, "at=2026-10-01 minutes=2.5 pattern=calm",
            "a pattern of breathing.toml")
        XCTAssertTrue(read("breathing.toml").hasPrefix(breathing), "breathing.toml is appended to, byte for byte")
        XCTAssertEqual(try entries("pause", in: read("breathing.toml")).count, 2)
        let check = run([], command: ["check"])
        XCTAssertEqual(check.0, 0, "the data reads back: " + check.1.out + check.1.err)

        let written = snapshot()
        let again = run([folder, "--habit", "Breathe", "--pattern", "calm", "--minutes", "2.5", "--write"])
        XCTAssertEqual(again.0, 0, again.1.err)
        XCTAssertEqual(snapshot(), written, "the same export twice adds nothing")
        XCTAssertTrue(again.1.out.hasPrefix("nothing to import"), again.1.out)
        XCTAssertTrue(again.1.err.contains("3 done days of Breathe have a calm session already"), again.1.err)

        // Another pattern is other sessions, in a file of its own; the pauses are there already.
        let other = run([folder, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(other.0, 0, other.1.err)
        XCTAssertEqual(try entries("session", in: read("practice/loop-2.toml")).count, 3)
        XCTAssertTrue(other.1.err.contains("2 runs of skipped days overlap a pause"), other.1.err)

        // Each file written is one entry of the undo journal.
        for _ in 0..<3 { XCTAssertEqual(run([], command: ["undo"]).0, 0) }
        XCTAssertEqual(snapshot(), before, "undone, the data is as it was")
    }

    func testTheOldLayoutWithAColumnPerHabit() throws {
        let folder = try export([
            "Habits.csv": """
            Position,Name,Question,Description,NumRepetitions,Interval,Color
            001,Read,Did you read?,,1,1,#FF8F00
            002,Breathe,Did you breathe?,,1,1,#00897B

            """,
            "Checkmarks.csv": """
            Date,Read,Breathe,
            2021-03-05,2,3,
            2021-03-04,-1,3,
            2021-03-03,0,1,
            2021-03-02,2,0,
            2021-03-01,1,2,

            """,
        ])
        let (status, out) = run([folder, "--habit", "BREATHE", "--pattern", "4-7-8", "--cycles", "3"])
        XCTAssertEqual(status, 0, out.err)
        let parts = out.out.components(separatedBy: "# added to")
        XCTAssertEqual(
            try entries("session", in: parts[0]),
            ["at=2021-03-01 cycles=3 pattern=4-7-8", "at=2021-03-03 cycles=3 pattern=4-7-8"], "2 and 1 are done")
        XCTAssertEqual(
            try entries("pause", in: parts.count > 1 ? String(parts[1].drop { $0 != "\n" }) : ""),
            ["from=2021-03-04 note=skipped in Loop (Breathe) to=2021-03-05"], "3 is a skip")
    }

    func testMistakesAreLocatedAndNothingIsWritten() throws {
        let before = snapshot()
        let badValue = try currentExport("Date,Value,Notes\n2026-10-02,YES_MANUAL,\n2026-10-01,MAYBE,\n")
        var (status, out) = run([badValue, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            """
            \(badValue)/001 Breathe/Checkmarks.csv:3:12: error: 'MAYBE' is not a checkmark; Loop writes YES_MANUAL, \
            YES_AUTO, SKIP, NO or UNKNOWN
              2026-10-01,MAYBE,
                         ^
            sandjar: nothing was imported

            """)
        XCTAssertEqual(out.out, "")

        let badDate = try currentExport("Date,Value,Notes\n01/11/2026,YES_MANUAL,\n")
        (status, out) = run([badDate, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.hasPrefix(
                "\(badDate)/001 Breathe/Checkmarks.csv:2:1: error: '01/11/2026' is not a date; Loop writes 2015-01-25"),
            out.err)

        (status, out) = run([badDate, "--habit", "Pages", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.hasPrefix(
                "\(badDate)/Habits.csv:3:11: error: \"Pages\" is a numerical habit; sandjar imports yes-or-no habits"),
            out.err)

        (status, out) = run([badDate, "--habit", "Braethe", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err, "sandjar: the export has no habit 'Braethe'; did you mean 'Breathe'?\nits habits: Breathe, Pages\n"
        )

        let good = try currentExport(current)
        (status, out) = run([good, "--habit", "Breathe", "--pattern", "bxo", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.hasPrefix("sandjar: unknown pattern 'bxo'; did you mean 'box'?"), out.err)

        let zip = try export(["Loop Habits CSV 2026-11-30.zip": "PK\u{3}\u{4}"]) + "/Loop Habits CSV 2026-11-30.zip"
        (status, out) = run([zip, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertEqual(
            out.err,
            "\(zip): error: is not a zip archive, or is cut short: it has no end record\nsandjar: nothing was imported\n"
        )

        let notes = try export(["notes.txt": "hello"]) + "/notes.txt"
        (status, out) = run([notes, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.hasPrefix("\(notes): error: is not a zip archive; sandjar imports Loop's export"), out.err)

        let empty = try export(["notes.txt": "hello"])
        (status, out) = run([empty, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(out.err.hasPrefix("\(empty)/Habits.csv: error: not found; a Loop export"), out.err)

        XCTAssertEqual(snapshot(), before, "nothing was written")
    }

    func testUsage() throws {
        let folder = try currentExport(current)
        let (status, said) = run([folder, "--pattern", "box", "--cycles", "4"])
        XCTAssertEqual(status, 2, "no --habit")
        XCTAssertTrue(
            said.err.contains("needs --habit NAME, the habit to import; the export holds 'Breathe', 'Pages'"),
            "it names the export's habits: \(said.err)")
        let nowhere = run([folder + "-missing", "--pattern", "box", "--cycles", "4"])
        XCTAssertEqual(nowhere.0, 2)
        XCTAssertFalse(nowhere.1.err.contains("holds"), "an export it cannot read names none")
        XCTAssertEqual(run([folder, "--habit", "Breathe", "--cycles", "4"]).0, 2, "no --pattern")
        XCTAssertEqual(run([folder, "--habit", "Breathe", "--pattern", "box"]).0, 2, "no length")
        XCTAssertEqual(run([folder, "--habit", "Breathe", "--pattern", "box", "--cycles", "0"]).0, 2)
        XCTAssertEqual(
            run([folder, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--minutes", "2"]).0, 2)
    }

    // MARK: - The real exports

    /// `$SANDJAR_CORPUS`, else `../shared/corpus` beside the package.
    private static var corpus: URL {
        if let named = ProcessInfo.processInfo.environment["SANDJAR_CORPUS"], !named.isEmpty {
            return URL(fileURLWithPath: named, isDirectory: true)
        }
        return TestSupport.packageRoot.appendingPathComponent("../shared/corpus", isDirectory: true)
            .standardizedFileURL
    }

    /// The corpus's `loop/<source>__*` files back in their folders (`001_Meditate__Checkmarks.csv`
    /// → `001 Meditate/Checkmarks.csv`); skips the test without the corpus, fails it under CI.
    private func corpusExport(_ source: String) throws -> String {
        let folder = Self.corpus.appendingPathComponent("loop", isDirectory: true)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        let mine = names.filter { $0.hasPrefix(source + "__") }
        guard !mine.isEmpty else {
            let what = "the corpus is not at \(folder.path) (set SANDJAR_CORPUS to it)"
            if ProcessInfo.processInfo.environment["CI"] != nil { XCTFail("CI must read Loop's exports: " + what) }
            print("skipped: " + what)
            throw XCTSkip(what)
        }
        var files: [String: String] = [:]
        for name in mine {
            var parts = name.dropFirst(source.count + 2).components(separatedBy: "__")
            if parts.count == 2 { parts[0] = parts[0].replacingOccurrences(of: "_", with: " ") }
            files[parts.joined(separator: "/")] = try String(
                contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
        }
        return try export(files)
    }

    func testLoopsOwnExportsInBothLayouts() throws {
        let wakeUp = [
            "2015-01-16", "2015-01-17", "2015-01-18", "2015-01-19", "2015-01-20", "2015-01-21", "2015-01-22",
            "2015-01-23", "2015-01-25",
        ].map { "at=\($0) cycles=6 pattern=equal" }
        for source in ["uhabits", "uhabits-v2.3.0"] {
            let folder = try corpusExport(source)
            let (status, out) = run([folder, "--habit", "wake up early", "--pattern", "equal", "--cycles", "6"])
            XCTAssertEqual(status, 0, source + ": " + out.err)
            XCTAssertEqual(try entries("session", in: out.out), wakeUp, source)
            XCTAssertFalse(out.out.contains("[[pause]]"), source)
            let meditate = run([folder, "--habit", "Meditate", "--pattern", "equal", "--cycles", "6"])
            XCTAssertEqual(meditate.0, 0, source + ": " + meditate.1.err)
            XCTAssertTrue(meditate.1.out.hasPrefix("nothing to import"), source + ": " + meditate.1.out)
        }
        // Without the per-habit folder, the column of the all-habits file is read.
        let folder = try corpusExport("uhabits")
        try FileManager.default.removeItem(atPath: folder + "/002 Wake up early")
        let (status, out) = run([folder, "--habit", "Wake up early", "--pattern", "equal", "--cycles", "6"])
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(try entries("session", in: out.out), wakeUp)
    }

    // MARK: - Zips

    /// `folder` zipped as `mode` says (Tests/zip/make_zip.py, Python's zipfile), or by the system's
    /// `zip` for `system`; nil when there is no `zip`.
    private func zipped(_ folder: String, _ mode: String) throws -> String? {
        let logs = TestSupport.temporaryFolder(self)
        let zip = logs.appendingPathComponent("Loop Habits CSV 2026-11-30.zip")
        if mode == "system" {
            return try ZipWriters.system([], in: URL(fileURLWithPath: folder), to: zip, logs: logs) ? zip.path : nil
        }
        _ = try ZipWriters.python(mode, from: URL(fileURLWithPath: folder), to: zip, logs: logs)
        return zip.path
    }

    /// Runs the same import on `folder` and on each zip of it; each must print what the folder
    /// gives, the export's name aside, and findings at the same lines inside the zip. The count of
    /// runs compared.
    private func compareZipsOf(_ folder: String, habits: [String], file: StaticString = #filePath, line: UInt = #line)
        throws -> Int
    {
        var compared = 0
        let name = URL(fileURLWithPath: folder).lastPathComponent
        for mode in ["stored", "deflated", "fast", "stream", "nested", "system"] {
            guard let zip = try zipped(folder, mode) else { continue }
            let inside = mode == "nested" ? zip + "/" + name : zip
            for habit in habits {
                let words = ["--habit", habit, "--pattern", "equal", "--cycles", "6"]
                let fromFolder = run([folder] + words)
                let fromZip = run([zip] + words)
                let what = "\(name), \(mode), \(habit)"
                XCTAssertEqual(fromZip.0, fromFolder.0, what, file: file, line: line)
                let zipName = URL(fileURLWithPath: zip).lastPathComponent
                XCTAssertEqual(
                    fromZip.1.out.replacingOccurrences(of: zip, with: folder)
                        .replacingOccurrences(of: "imported from " + zipName, with: "imported from " + name),
                    fromFolder.1.out, what, file: file, line: line)
                XCTAssertEqual(
                    fromZip.1.err.replacingOccurrences(of: inside, with: folder), fromFolder.1.err, what, file: file,
                    line: line)
                compared += 1
            }
        }
        return compared
    }

    func testAZipImportsAsItsFolderDoes() throws {
        let before = snapshot()
        let folder = try currentExport(current)
        let broken = try currentExport("Date,Value,Notes\n2026-10-02,YES_MANUAL,\n2026-10-01,MAYBE,\n")
        var compared = try compareZipsOf(folder, habits: ["Breathe", "pages", "Braethe"])
        compared += try compareZipsOf(broken, habits: ["Breathe"])
        print("import loop: \(compared) imports of a zip compared with its folder")
        XCTAssertEqual(snapshot(), before, "previews and refusals write nothing")

        // The sessions and pauses themselves, and a finding's place inside the zip.
        let zip = try XCTUnwrap(try zipped(broken, "deflated"))
        let (status, out) = run([zip, "--habit", "Breathe", "--pattern", "box", "--cycles", "4"])
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.hasPrefix(
                "\(zip)/001 Breathe/Checkmarks.csv:3:12: error: 'MAYBE' is not a checkmark; Loop writes YES_MANUAL"),
            out.err)
        let good = try XCTUnwrap(try zipped(folder, "stream"))
        let preview = run([good, "--habit", "breathe", "--pattern", "box", "--cycles", "4"])
        XCTAssertEqual(preview.0, 0, preview.1.err)
        XCTAssertEqual(
            try entries("session", in: preview.1.out.components(separatedBy: "# added to")[0]).count, 3, preview.1.out)
        XCTAssertTrue(preview.1.out.contains("imported from Loop Habits CSV 2026-11-30.zip on "), preview.1.out)
    }

    func testLoopsOwnExportsZippedAsTheirFolders() throws {
        var compared = 0
        for source in ["uhabits", "uhabits-v2.3.0"] {
            compared += try compareZipsOf(try corpusExport(source), habits: ["wake up early", "Meditate"])
        }
        print("import loop: \(compared) imports of Loop's own exports, zipped, compared with their folders")
    }

    func testWriteFromAZipThenTheFolderAddsNothingAndUndoes() throws {
        let folder = try currentExport(current)
        let zip = try XCTUnwrap(try zipped(folder, "deflated"))
        let before = snapshot()
        let words = ["--habit", "Breathe", "--pattern", "calm", "--minutes", "2.5", "--write"]
        let (status, out) = run([zip] + words)
        XCTAssertEqual(status, 0, out.err)
        XCTAssertEqual(
            out.out,
            "imported 3 sessions and 2 pauses from Breathe into \(data.path)/practice/loop.toml and "
                + "\(data.path)/breathing.toml\n")
        XCTAssertEqual(try entries("session", in: read("practice/loop.toml")).count, 3)
        let written = snapshot()
        for again in [zip, folder] {
            let second = run([again] + words)
            XCTAssertEqual(second.0, 0, second.1.err)
            XCTAssertTrue(second.1.out.hasPrefix("nothing to import"), second.1.out)
            XCTAssertEqual(snapshot(), written, "the zip or its folder a second time adds nothing")
        }
        for _ in 0..<2 { XCTAssertEqual(run([], command: ["undo"]).0, 0) }
        XCTAssertEqual(snapshot(), before, "undone, the data is as it was")
    }

    func testHostileZipsAreRefusedAndNothingIsWritten() throws {
        let folder = try currentExport(current)
        let before = snapshot()
        let habitsSize = try XCTUnwrap(Data(contentsOf: URL(fileURLWithPath: folder + "/Habits.csv")).count)
        let refusals: [(String, String)] = [
            (
                "bomb",
                "'bomb.csv' would unpack to 17825792 bytes, more than the 16 MiB sandjar reads of any file (a zip bomb?)"
            ),
            (
                "many",
                "would unpack to more than 64 MiB in all, the most sandjar unpacks from one archive (a zip bomb?)"
            ),
            ("liar", "'Habits.csv' inflates to more than the \(habitsSize) bytes it declares (a zip bomb?)"),
            ("truncated", "is not a zip archive, or is cut short: it has no end record"),
            ("badcrc", "'Habits.csv' fails its CRC-32 check: the archive is damaged"),
            (
                "climb",
                "'../../x' has a name with '..', which climbs out of the folder it is unpacked into; sandjar refuses an archive whose names are not plain paths"
            ),
            (
                "absolute",
                "'/tmp/x' has a name with an absolute path; sandjar refuses an archive whose names are not plain paths"
            ),
            (
                "backslash",
                "'dir\\x' has a name with a backslash; sandjar refuses an archive whose names are not plain paths"
            ),
            (
                "encrypted",
                "'001 Breathe/Checkmarks.csv' is encrypted; sandjar reads no password-protected archive: export it without one"
            ),
            (
                "bzip2",
                "'001 Breathe/Checkmarks.csv' is compressed with method 12 (bzip2); sandjar reads entries stored or deflated, as Loop writes them"
            ),
            ("duplicate", "'Habits.csv' is in the archive twice; sandjar will not guess which one is meant"),
            ("zip64", "is a Zip64 archive, which sandjar does not read (a Loop export is far smaller)"),
        ]
        for (mode, message) in refusals {
            let zip = try XCTUnwrap(try zipped(folder, mode))
            let (status, out) = run([zip, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
            XCTAssertEqual(status, 1, mode)
            XCTAssertEqual(out.err, "\(zip): error: \(message)\nsandjar: nothing was imported\n", mode)
            XCTAssertEqual(out.out, "", mode)
        }
        for (mode, holds) in [("empty", "this one is empty"), ("foreign", "this one holds 'notes.txt'")] {
            let zip = try XCTUnwrap(try zipped(folder, mode))
            let (status, out) = run([zip, "--habit", "Breathe", "--pattern", "box", "--cycles", "4", "--write"])
            XCTAssertEqual(status, 1, mode)
            XCTAssertEqual(
                out.err,
                "\(zip)/Habits.csv: error: not in the zip; a Loop export (Settings → Export as CSV) holds Habits.csv, "
                    + "and \(holds)\nsandjar: nothing was imported\n", mode)
        }
        XCTAssertEqual(snapshot(), before, "nothing was written")
    }

    /// An export over the limit of every file sandjar reads, 16 MiB — a zip, or a folder's
    /// Checkmarks.csv — is refused before it is read, the file named, and nothing is written.
    func testAnExportOver16MiBIsRefusedAndNothingIsWritten() throws {
        let before = snapshot()
        let zip = FileManager.default.temporaryDirectory.appendingPathComponent("loop-\(UUID().uuidString).zip")
        XCTAssertTrue(FileManager.default.createFile(atPath: zip.path, contents: Data("PK".utf8)))
        addTeardownBlock { try? FileManager.default.removeItem(at: zip) }
        let handle = try FileHandle(forWritingTo: zip)
        try handle.truncate(atOffset: UInt64(16 << 20) + 1)
        try handle.close()
        let words = ["--habit", "Breathe", "--pattern", "calm", "--cycles", "6", "--write"]
        let (status, out) = run([zip.path] + words)
        XCTAssertEqual(status, 1)
        XCTAssertTrue(
            out.err.contains(
                "\(zip.path): error: is larger than 16 MiB (16777217 bytes), the most sandjar reads of any file"),
            out.err)

        let folder = try currentExport(current)
        let checkmarks = URL(fileURLWithPath: folder).appendingPathComponent("001 Breathe/Checkmarks.csv")
        let grown = try FileHandle(forWritingTo: checkmarks)
        try grown.truncate(atOffset: UInt64(16 << 20) + 1)
        try grown.close()
        let (refused, told) = run([folder] + words)
        XCTAssertEqual(refused, 1, told.err)
        XCTAssertTrue(told.err.contains("Checkmarks.csv: error: is larger than 16 MiB"), told.err)
        XCTAssertEqual(snapshot(), before, "nothing was written")
    }
}
