import Foundation
import XCTest

@testable import SiteData

/// `+++` front matter found as Foundation's trimming finds it: the split passes over ASCII white
/// space byte by byte and leaves only lines that end in other bytes to Foundation (issue 41), so it
/// is checked here against the plain way — every line trimmed by Foundation — over random pages.
final class FrontMatterTests: XCTestCase {
    /// The split as it was first written: each line as a `String`, trimmed by Foundation.
    private func reference(_ text: String) -> (frontMatter: String?, body: String)? {
        let bytes = Array(text.utf8)
        var lines: [(start: Int, end: Int)] = []
        var start = 0
        while start <= bytes.count {
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            lines.append((start, end))
            start = end + 1
        }
        func trimmed(_ line: (start: Int, end: Int)) -> String {
            String(decoding: bytes[line.start..<line.end], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
        }
        guard ["+++", "\u{FEFF}+++"].contains(trimmed(lines[0])) else { return (nil, text) }
        for line in lines.dropFirst() where trimmed(line) == "+++" {
            var matter = String(
                decoding: bytes[(lines[0].end + 1)..<max(lines[0].end + 1, line.start - 1)], as: UTF8.self)
            if matter.unicodeScalars.last == "\r" { matter += "\n" }
            let body = line.end + 1 <= bytes.count ? String(decoding: bytes[(line.end + 1)...], as: UTF8.self) : ""
            return (matter, body)
        }
        return nil
    }

    func testTheSplitIsTheOneEveryLineTrimmedByFoundationGives() {
        // White space Foundation trims (ASCII and not), what it does not (U+FEFF, U+200B, U+001F),
        // the fence, text and line ends.
        let pieces = [
            "+++", "+++", "+", " ", "\t", "\u{0B}", "\u{0C}", "\r", "\n", "\n", "\u{3000}", "\u{00A0}", "\u{2028}",
            "\u{0085}", "\u{FEFF}", "\u{200B}", "\u{1F}", "a", "title = \"x\"", "é", "猫",
        ]
        var generator = SystemRandomNumberGenerator()
        var checked = 0
        var withMatter = 0
        for _ in 0..<20_000 {
            let count = Int.random(in: 0...14, using: &generator)
            // Half the pages open with a fence, white space around it.
            let opening =
                Bool.random(using: &generator) ? pieces.shuffled(using: &generator).prefix(2).joined() + "+++\n" : ""
            let text = opening + (0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined()
            let expected = reference(text)
            let split = FrontMatter.split(text)
            XCTAssertEqual(split?.frontMatter, expected?.frontMatter, "front matter of \(text.debugDescription)")
            XCTAssertEqual(split?.body, expected?.body, "body of \(text.debugDescription)")
            XCTAssertEqual(split == nil, expected == nil, "never closed: \(text.debugDescription)")
            checked += 1
            if expected?.frontMatter != nil { withMatter += 1 }
        }
        XCTAssertGreaterThan(withMatter, 150, "enough of the random pages have front matter")
        print("FrontMatterTests: \(checked) random pages, \(withMatter) with front matter")
    }

    func testFencesWithWhiteSpaceAroundThemAsFoundationTrimsIt() {
        XCTAssertEqual(FrontMatter.split("+++ \r\ntitle = 1\r\n\t+++\u{3000}\r\nbody")?.frontMatter, "title = 1\r\n")
        XCTAssertEqual(FrontMatter.split("\u{FEFF}+++\ntitle = 1\n+++\nbody")?.body, "body")
        XCTAssertNil(FrontMatter.split("+++\ntitle = 1\n\u{FEFF}+++\nbody"), "a mark only opens the page")
        XCTAssertNil(FrontMatter.split("\u{00A0}+++\u{00A0}\ntitle = 1\n+++\u{1F}\n"), "U+001F is not white space")
        XCTAssertEqual(FrontMatter.split("+ ++\nbody")?.frontMatter, nil)
    }
}
