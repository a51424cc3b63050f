import Foundation
import XCTest

@testable import SiteBuilder

/// A pacer page as published: its generated styles in `<head>` (HTML allows `<style>` nowhere
/// in `<main>`), a session as long as the program prescribes, and the countdown in its markup.
final class PacerPageTests: XCTestCase {
    /// The base fixture: patterns box and calm, and the program "short" (day 1: calm, 3 cycles)
    /// enrolled and not yet practised.
    private func build(file: StaticString = #filePath, line: UInt = #line) throws -> [String: String] {
        let work = TestSupport.temporaryFolder(self)
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
        XCTAssertEqual(pacers.count, 5, "\(pacers)")
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
        XCTAssertTrue(calm.contains("pacer-calm-shape 10s 3 ease-in-out"), calm)
        XCTAssertTrue(
            calm.contains(
                "<p class=\"pacer-cycle\">Cycle <span class=\"pacer-window\"><span class=\"pacer-strip\">"
                    + "<span>1</span><span>2</span><span>3</span></span></span> of 3</p>"), calm)
        XCTAssertTrue(calm.contains("<p class=\"pacer-done\">Done: 3 cycles. <a href=\"./\">Start again</a></p>"))
        XCTAssertTrue(
            calm.contains(
                "<p class=\"pacer-count\"><span class=\"pacer-strip\"><span>4</span><span>3</span><span>2</span>"
                    + "<span>1</span><span>6</span><span>5</span><span>4</span><span>3</span><span>2</span>"
                    + "<span>1</span></span></p>"))
        // No program day uses box: the default session of 4 cycles.
        let box = try XCTUnwrap(site["breathing/box/index.html"])
        XCTAssertTrue(box.contains("pacer-box-shape 16s 4 ease-in-out"))
        XCTAssertTrue(box.contains("</span></span> of 4</p>"))
    }
}
