import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SitePublish

/// The sample data folder `content/`, built with `--today 2026-11-29`, must match the golden files
/// in `Snapshots/sample-site/` byte for byte: no file missing, none extra (the jar's frames aside). Re-record with
/// `RECORD_SNAPSHOTS=1 swift test --filter SampleSiteTests` (recording fails the run on purpose).
final class SampleSiteTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    static let today = CalendarDateFixture.sampleToday
    var snapshots: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Snapshots/sample-site")
    }

    private func buildSample(into output: URL) -> BuildReport {
        var options = BuildOptions()
        options.data = TestSupport.sampleContent.path
        options.output = output.path
        options.today = SampleSiteTests.today
        return SiteBuild(options: options).run()
    }

    /// A string whose `{placeholder}` was not filled shows the raw key to the reader; the golden
    /// files would keep it, so every text file of the sample is scanned for one.
    func testNoPlaceholderIsLeftUnfilled() throws {
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public")
        XCTAssertTrue(buildSample(into: output).succeeded)
        let placeholder = try NSRegularExpression(pattern: "\\{[a-z_]+\\}")
        var scanned = 0
        for (path, bytes) in TestSupport.snapshot(output)
        where [".html", ".xml", ".ics", ".json", ".svg"].contains(where: path.hasSuffix) {
            let text = String(decoding: bytes, as: UTF8.self)
            scanned += 1
            let match = placeholder.firstMatch(in: text, range: NSRange(text.startIndex..., in: text))
            XCTAssertNil(match, "\(path): \(match.map { (text as NSString).substring(with: $0.range) } ?? "")")
        }
        XCTAssertGreaterThan(scanned, 300)
    }

    func testSampleSiteMatchesGoldenFiles() throws {
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public")
        let report = buildSample(into: output)
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)")
        XCTAssertEqual(report.diagnostics, [], "the sample data should build without warnings")
        var built = TestSupport.snapshot(output)
        XCTAssertNotNil(built.removeValue(forKey: SitePublisher.marker))
        // The fall's frames (hundreds of SVG files, megabytes) are pinned by the jar's own tests and
        // by building twice below; the golden set keeps jar.svg and drop.svg.
        let frames = built.keys.filter { $0.contains("/frames/") }
        XCTAssertGreaterThan(frames.count, 0, "the sample goals have a fall to show")
        for path in frames { built.removeValue(forKey: path) }

        if TestSupport.recording {
            try? FileManager.default.removeItem(at: snapshots)
            for (path, bytes) in built {
                let url = snapshots.appendingPathComponent(path)
                try FileManager.default.createDirectory(
                    at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try bytes.write(to: url)
            }
            XCTFail("recorded \(built.count) golden files; run again without RECORD_SNAPSHOTS")
            return
        }
        let golden = TestSupport.snapshot(snapshots)
        XCTAssertFalse(golden.isEmpty, "no golden files at \(snapshots.path)")
        XCTAssertEqual(Set(built.keys).subtracting(golden.keys).sorted(), [], "files built but not in the golden set")
        XCTAssertEqual(Set(golden.keys).subtracting(built.keys).sorted(), [], "golden files the build no longer makes")
        for path in golden.keys.sorted() where built[path] != golden[path] {
            let actual = built[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
            let expected = String(decoding: golden[path]!, as: UTF8.self)
            XCTFail("\(path) differs from its golden file:\n\(firstDifference(expected, actual))")
        }
        print("sample site: \(golden.count) golden files compared")
    }

    func testBuildingTwiceGivesIdenticalBytes() throws {
        let work = TestSupport.temporaryFolder(self)
        let first = work.appendingPathComponent("one")
        let second = work.appendingPathComponent("two")
        XCTAssertTrue(buildSample(into: first).succeeded)
        XCTAssertTrue(buildSample(into: second).succeeded)
        XCTAssertTrue(buildSample(into: second).succeeded, "rebuilding over an earlier build")
        let a = TestSupport.snapshot(first)
        let b = TestSupport.snapshot(second)
        XCTAssertGreaterThan(a.count, 10)
        XCTAssertEqual(a, b)
    }

    func testSamplePagesDropRawHTMLAndEscapeUserText() throws {
        let output = TestSupport.temporaryFolder(self).appendingPathComponent("public")
        XCTAssertTrue(buildSample(into: output).succeeded)
        let site = TestSupport.snapshot(output)
        for (path, bytes) in site where path.hasSuffix(".html") {
            let html = String(decoding: bytes, as: UTF8.self)
            // The theme's own scripts (a goal's replay, issue 34; the pacer's file, issue 44) and no other.
            let scripts = html.components(separatedBy: "<script").dropFirst()
            let depth = path.split(separator: "/").count - 1
            let pacer = " src=\"" + String(repeating: "../", count: depth) + "pacer.js\"></script>"
            XCTAssertTrue(
                scripts.allSatisfy { $0.hasPrefix(">\n(function () {") || $0.hasPrefix(pacer) },
                "\(path) carries a script")
            XCTAssertFalse(html.lowercased().contains("javascript:"), "\(path) carries a javascript: URL")
            XCTAssertFalse(html.contains("{{"), "\(path) shows an unrendered tag")
        }
        XCTAssertNotNil(site["data.json"])
        XCTAssertNotNil(site["pages/about/index.html"])
    }

    private func firstDifference(_ a: String, _ b: String) -> String {
        let x = a.split(separator: "\n", omittingEmptySubsequences: false)
        let y = b.split(separator: "\n", omittingEmptySubsequences: false)
        for i in 0..<max(x.count, y.count) where (i < x.count ? x[i] : nil) != (i < y.count ? y[i] : nil) {
            return
                "line \(i + 1)\n  golden: \(i < x.count ? String(x[i]) : "<end>")\n  built:  \(i < y.count ? String(y[i]) : "<end>")"
        }
        return "(same text, different bytes)"
    }
}
