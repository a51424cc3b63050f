import Foundation
import TestSupport
import XCTest

@testable import Zip

/// The zip reader against archives another writer made — Python's zipfile and zlib
/// (`Tests/zip/make_zip.py`) and the system's `zip` — over seeded random files: every entry
/// must come back as the bytes that went in, under the name zipfile reads, with the CRC-32 zlib
/// gives. Hostile archives must each be refused with their own message, and every cut and every
/// changed byte of an archive must give an error or exactly the files that went in.
final class ZipArchiveTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// `relative path → bytes` written into a fresh folder.
    private func folder(_ files: [String: [UInt8]]) throws -> URL {
        let root = TestSupport.temporaryFolder(self).appendingPathComponent("files")
        for (relative, bytes) in files {
            let url = root.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(bytes).write(to: url)
        }
        return root
    }

    private func archive(_ url: URL, file: StaticString = #filePath, line: UInt = #line) throws -> ZipArchive {
        do {
            return try ZipArchive(bytes: Array(try Data(contentsOf: url)))
        } catch {
            XCTFail("\(url.lastPathComponent): \(error)", file: file, line: line)
            throw error
        }
    }

    /// Every file entry's bytes by name; folders left out.
    private func unpacked(_ archive: ZipArchive) throws(ZipError) -> [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for entry in archive.entries where !entry.isFolder { files[entry.name] = try archive.contents(of: entry) }
        return files
    }

    /// Random files: random bytes, runs that deflate well, text; empty ones and some of 300 KB.
    private func randomFiles(_ random: inout SplitMix64) -> [String: [UInt8]] {
        let words = ["Habits.csv", "001 Meditate", "Über", "日本語", "a b", "x.txt", "Checkmarks.csv"]
        var files: [String: [UInt8]] = [:]
        for index in 0..<Int.random(in: 1...6, using: &random) {
            var name = "\(index) " + words.randomElement(using: &random)!
            if Bool.random(using: &random) { name = words.randomElement(using: &random)! + "/" + name }
            let size = [
                0, 1, Int.random(in: 2...2_000, using: &random), Int.random(in: 2_000...300_000, using: &random),
            ]
            .randomElement(using: &random)!
            var bytes: [UInt8] = []
            bytes.reserveCapacity(size)
            while bytes.count < size {
                let run = min(size - bytes.count, Int.random(in: 1...4_000, using: &random))
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes += (0..<run).map { _ in UInt8.random(in: 0...255, using: &random) }
                case 1: bytes += [UInt8](repeating: UInt8.random(in: 0...255, using: &random), count: run)
                default: bytes += Array("2026-10-01,YES_MANUAL,\n".utf8.prefix(run))
                }
            }
            files[name] = bytes
        }
        return files
    }

    func testEveryWayPythonWritesReadsBackAsWritten() throws {
        var random = SplitMix64(seed: 42)
        var cases = 0
        for round in 0..<8 {
            let files = randomFiles(&random)
            let source = try folder(files)
            let logs = TestSupport.temporaryFolder(self)
            for mode in ["stored", "deflated", "fast", "stream", "nested"] {
                let zip = logs.appendingPathComponent("\(mode).zip")
                let listed = try XCTUnwrap(try ZipWriters.python(mode, from: source, to: zip, logs: logs), mode)
                let read = try archive(zip)
                let what = "round \(round), \(mode)"
                XCTAssertEqual(read.entries.map(\.name), listed.map(\.name), "names as zipfile reads them, " + what)
                XCTAssertEqual(read.entries.map(\.size), listed.map(\.size), what)
                let prefix = mode == "nested" ? "files/" : ""
                let expected = Dictionary(uniqueKeysWithValues: files.map { (prefix + $0.key, $0.value) })
                XCTAssertEqual(try unpacked(read), expected, what)
                // zipfile takes each CRC from Python's zlib: the same figure computed elsewhere.
                for entry in listed where !entry.name.hasSuffix("/") {
                    XCTAssertEqual(ZipArchive.crc32(expected[entry.name] ?? []), entry.crc, entry.name + ", " + what)
                }
                if mode == "stream" { XCTAssertTrue(listed.allSatisfy { $0.flags & 8 != 0 }, "data descriptors") }
                cases += 1
            }
        }
        print("zip: \(cases) archives of random files read as Python wrote them")
    }

    func testTheSystemZipStoredDeflatedAndWithAPassword() throws {
        var random = SplitMix64(seed: 7)
        var files = randomFiles(&random).filter { $0.key.allSatisfy(\.isASCII) }
        files["Habits.csv"] = Array("Position,Name\n001,Breathe\n".utf8)
        let source = try folder(files)
        let logs = TestSupport.temporaryFolder(self)
        for (arguments, name) in [([String](), "deflated"), (["-0"], "stored"), (["-9"], "best")] {
            let zip = logs.appendingPathComponent(name + ".zip")
            guard try ZipWriters.system(arguments, in: source, to: zip, logs: logs) else {
                throw XCTSkip("no /usr/bin/zip")
            }
            XCTAssertEqual(try unpacked(try archive(zip)), files, name)
        }
        let locked = logs.appendingPathComponent("locked.zip")
        _ = try ZipWriters.system(["-P", "secret"], in: source, to: locked, logs: logs)
        XCTAssertThrowsError(try ZipArchive(bytes: Array(try Data(contentsOf: locked)))) { error in
            XCTAssertTrue("\(error)".contains("is encrypted; sandjar reads no password-protected archive"), "\(error)")
        }
    }

    func testHostileArchivesAreRefusedEachWithItsReason() throws {
        let source = try folder([
            "Habits.csv": Array("Position,Name\n001,Breathe\n".utf8),
            "001 Breathe/Checkmarks.csv": Array("Date,Value,Notes\n2026-10-01,YES_MANUAL,\n".utf8),
        ])
        let logs = TestSupport.temporaryFolder(self)
        // Refused as a whole, before any entry is read.
        let refused: [(String, String)] = [
            ("bomb", "'bomb.csv' would unpack to 17825792 bytes, more than the 16 MiB sandjar reads of any file"),
            ("many", "would unpack to more than 64 MiB in all, the most sandjar unpacks from one archive"),
            ("truncated", "is not a zip archive, or is cut short: it has no end record"),
            ("climb", "'../../x' has a name with '..', which climbs out of the folder it is unpacked into"),
            ("absolute", "'/tmp/x' has a name with an absolute path"),
            ("backslash", "'dir\\x' has a name with a backslash"),
            ("encrypted", "'001 Breathe/Checkmarks.csv' is encrypted"),
            ("bzip2", "'001 Breathe/Checkmarks.csv' is compressed with method 12 (bzip2)"),
            ("duplicate", "'Habits.csv' is in the archive twice"),
            ("zip64", "is a Zip64 archive, which sandjar does not read"),
        ]
        for (mode, message) in refused {
            let zip = logs.appendingPathComponent(mode + ".zip")
            _ = try ZipWriters.python(mode, from: source, to: zip, logs: logs)
            XCTAssertThrowsError(try ZipArchive(bytes: Array(try Data(contentsOf: zip))), mode) { error in
                XCTAssertTrue("\(error)".hasPrefix(message), "\(mode): \(error)")
            }
        }
        // Refused when the entry is read.
        for (mode, message) in [
            ("liar", "'Habits.csv' inflates to more than the 26 bytes it declares (a zip bomb?)"),
            ("badcrc", "'Habits.csv' fails its CRC-32 check: the archive is damaged"),
        ] {
            let zip = logs.appendingPathComponent(mode + ".zip")
            _ = try ZipWriters.python(mode, from: source, to: zip, logs: logs)
            let read = try archive(zip)
            XCTAssertThrowsError(try read.contents(of: XCTUnwrap(read.entry(named: "Habits.csv"))), mode) { error in
                XCTAssertEqual("\(error)", message, mode)
                XCTAssertEqual((error as? ZipError)?.entry, "Habits.csv", mode)
            }
        }
        let empty = logs.appendingPathComponent("empty.zip")
        _ = try ZipWriters.python("empty", from: source, to: empty, logs: logs)
        XCTAssertEqual(try archive(empty).entries, [], "an empty zip is a zip")
    }

    func testNamesInCodePage437AndUTF8AsZipfileReadsThem() throws {
        let source = try folder(["caf#/men#.txt": Array("x".utf8), "Über/日本.txt": Array("y".utf8)])
        let logs = TestSupport.temporaryFolder(self)
        for mode in ["cp437", "deflated"] {
            let zip = logs.appendingPathComponent(mode + ".zip")
            let listed = try XCTUnwrap(try ZipWriters.python(mode, from: source, to: zip, logs: logs))
            XCTAssertEqual(try archive(zip).entries.map(\.name), listed.map(\.name), mode)
        }
        XCTAssertTrue(
            try archive(logs.appendingPathComponent("cp437.zip")).entries.contains { $0.name == "café/mené.txt" },
            "byte 0x82 without flag 11 is é")
        // Info-ZIP's Unicode Path field names the entry when its CRC-32 is that of the stored name.
        for (mode, expected) in [("unicodepath", "caf日/men日.txt"), ("stalepath", "café/mené.txt")] {
            let zip = logs.appendingPathComponent(mode + ".zip")
            _ = try ZipWriters.python(mode, from: source, to: zip, logs: logs)
            XCTAssertEqual(try archive(zip).entries.map(\.name).sorted(), [expected, "Über/日本.txt"], mode)
        }
    }

    func testEveryCutAndEveryChangedByteGivesAnErrorOrTheSameFiles() throws {
        let files = [
            "Habits.csv": Array("Position,Name\n001,Breathe\n002,Read\n".utf8),
            "001 Breathe/Checkmarks.csv": Array(String(repeating: "2026-10-01,YES_MANUAL,\n", count: 20).utf8),
            "002 Read/Checkmarks.csv": Array("Date,Value,Notes\n".utf8),
        ]
        let source = try folder(files)
        let logs = TestSupport.temporaryFolder(self)
        var random = SplitMix64(seed: 3)
        var (cuts, changes, refused) = (0, 0, 0)
        for mode in ["deflated", "stored", "stream"] {
            let zip = logs.appendingPathComponent(mode + ".zip")
            _ = try ZipWriters.python(mode, from: source, to: zip, logs: logs)
            let bytes = Array(try Data(contentsOf: zip))
            for length in 0..<bytes.count {
                XCTAssertThrowsError(
                    try unpacked(ZipArchive(bytes: Array(bytes.prefix(length)))), "\(mode) cut at \(length)")
                cuts += 1
            }
            for offset in bytes.indices {
                var changed = bytes
                changed[offset] ^= UInt8.random(in: 1...255, using: &random)
                do throws(ZipError) {
                    let read = try unpacked(ZipArchive(bytes: changed))
                    XCTAssertEqual(read, files, "\(mode), byte \(offset) changed")
                } catch {
                    refused += 1
                    XCTAssertFalse(error.message.isEmpty)
                }
                changes += 1
            }
        }
        print(
            "zip: \(cuts) cut archives refused; \(changes) changed bytes, \(refused) of them refused, the rest read the same"
        )
        XCTAssertGreaterThan(refused, changes / 4, "most bytes of a small archive are ones a change must break")
    }
}
