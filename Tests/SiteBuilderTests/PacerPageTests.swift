import Foundation
import TestSupport
import XCTest

@testable import SiteBuilder

/// A pacer page as published: its generated styles in `<head>` (HTML allows `<style>` nowhere
/// in `<main>`), a session as long as the program prescribes, and the countdown in its markup.
final class PacerPageTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    /// The base fixture: patterns box and calm, and the program "short" (day 1: calm, 3 cycles)
    /// enrolled and not yet practised.
    private func build(file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let work = TestSupport.temporaryFolder(self, file: file, line: line)
        let data = work.appendingPathComponent("data")
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        var options = BuildOptions()
        options.data = data.path
        options.output = work.appendingPathComponent("public").path
        options.today = CalendarDateFixture.sampleToday
        let report = SiteBuild(options: options).run()
        XCTAssertTrue(report.succeeded, "\(report.diagnostics)", file: file, line: line)
        return TestSupport.snapshot(work.appendingPathComponent("public")).mapValues {
            String(decoding: $0, as: UTF8.self)
        }
    }

    func testTheGeneratedStyleIsInTheHeadOfEveryPacerPage() throws {
        let site = try build()
        let pacers = site.keys.filter { $0.hasPrefix("breathing/") && $0 != "breathing/index.html" }.sorted()
        XCTAssertEqual(pacers.count, 7, "\(pacers)")
        for path in pacers {
            let page = try XCTUnwrap(site[path])
            let head = try XCTUnwrap(page.range(of: "</head>"), path)
            let style = try XCTUnwrap(page.range(of: "<style>\n/* "), path)
            XCTAssertLessThan(style.lowerBound, head.lowerBound, path)
            XCTAssertEqual(page.components(separatedBy: "<style").count, 2, "one <style> only: \(path)")
        }
        // Other pages have no style block and no blank line where the head block would be.
        let badges = try XCTUnwrap(site["badges/index.html"])
        XCTAssertFalse(badges.contains("<style"))
        XCTAssertTrue(badges.contains("href=\"../icon-192.png\">\n</head>"), badges)
    }

    func testTheSessionLastsAsManyCyclesAsTheProgramSays() throws {
        let site = try build()
        // calm is the next day of "short": 3 cycles of 10 s.
        let calm = try XCTUnwrap(site["breathing/calm/index.html"])
        XCTAssertTrue(
            calm.contains(".pacer { --cycles-cycles: 3; --session-cycles: 30s;"), calm
        )
        XCTAssertTrue(
            calm.contains(
                "<p class=\"pacer-cycle pacer-for pacer-for-cycles\" aria-hidden=\"true\">Cycle <span class=\"pacer-window\">"
                    + "<span class=\"pacer-strip\"><span>1</span><span>2</span><span>3</span></span></span> of 3</p>"),
            calm)
        XCTAssertTrue(
            calm.contains(
                "<div class=\"pacer-done pacer-for pacer-for-cycles\" role=\"status\">\n"
                    + "      <p class=\"pacer-done-title\">Done: 3 cycles.</p>\n"
                    + "      <p class=\"pacer-summary\">3 cycles · 0.5 min · 1-day streak</p>\n"
                    + "      <p class=\"pacer-done-actions\"><label for=\"pacer-start\">Close</label></p>"
            ), calm)
        XCTAssertTrue(
            calm.contains(
                "<p class=\"pacer-count\"><span class=\"pacer-strip\"><span>4</span><span>3</span><span>2</span>"
                    + "<span>1</span><span>6</span><span>5</span><span>4</span><span>3</span><span>2</span>"
                    + "<span>1</span></span></p>"))
        // No program day uses box: the default session of 4 cycles.
        let box = try XCTUnwrap(site["breathing/box/index.html"])
        XCTAssertTrue(box.contains(".pacer { --cycles-cycles: 4; --session-cycles: 64s;"))
        XCTAssertTrue(box.contains("</span></span> of 4</p>"))
    }

    /// Issue 25: the pacer waits for a tap — a Start check box and its label, no JavaScript — and
    /// offers the prescribed cycles or 1, 3 or 5 minutes in whole cycles (10 s a cycle for calm);
    /// the units are in words; box breathing is drawn as a square with a dot.
    func testThePacerWaitsForATapAndOffersLengths() throws {
        let site = try build()
        let calm = try XCTUnwrap(site["breathing/calm/index.html"])
        XCTAssertTrue(
            calm.contains(
                #"<input class="pacer-toggle" type="checkbox" id="pacer-start"><label class="pacer-start" for="pacer-start">Start</label>"#
            ), calm)
        for (id, label, detail, checked, cycles) in [
            ("cycles", "3 cycles", "0:30", true, 3), ("1min", "1 min", "6 cycles", false, 6),
            ("3min", "3 min", "18 cycles", false, 18), ("5min", "5 min", "30 cycles", false, 30),
        ] {
            let radio =
                #"<input class="pacer-choice" type="radio" name="pacer-length" id="pacer-length-\#(id)" value="\#(id)""#
                + #" data-cycles="\#(cycles)""# + (checked ? " checked" : "")
                + #"><label for="pacer-length-\#(id)">\#(label) <span class="meta">\#(detail)</span></label>"#
            XCTAssertTrue(calm.contains(radio), "\(radio)\n\(calm)")
        }
        XCTAssertTrue(calm.contains("one cycle 10 s"), "units in words")
        XCTAssertTrue(
            calm.contains(
                #"<p class="pacer-lead"><span class="pacer-strip"><span>3</span><span>2</span><span>1</span>"#))
        XCTAssertFalse(calm.contains("pacer-dot"), "two phases: a circle")
        let box = try XCTUnwrap(site["breathing/box/index.html"])
        XCTAssertTrue(
            box.contains(#"<div class="pacer-stage pacer-square">"#) && box.contains(#"<div class="pacer-dot"></div>"#))
        XCTAssertFalse(box.contains("pacer-length-1min"), "1 min of box is its 4 cycles: not offered twice")
    }
}
