import Domain
import Foundation
import SitePublish
import TestSupport
import XCTest

@testable import SiteBuilder
@testable import SiteData

extension TestSupport {
    /// The base fixture built in memory for 2026-11-29: in `language`, with `appending` text added
    /// to the end of existing files and `files` added or replaced, a cache of its own, nothing on
    /// disk. Fails the test with the findings when the build does.
    static func baseSite(
        language: String = "en", appending: [String: String] = [:], files extra: [String: String] = [:],
        file: StaticString = #filePath, line: UInt = #line
    ) throws -> SiteFiles {
        var files = snapshot(fixtures.appendingPathComponent("base")).mapValues { [UInt8]($0) }
        let siteToml = try XCTUnwrap(
            files["site.toml"].map { String(decoding: $0, as: UTF8.self) }, file: file, line: line)
        files["site.toml"] = Array(
            siteToml.replacingOccurrences(of: "language = \"en\"", with: "language = \"\(language)\"").utf8)
        for (path, text) in appending {
            files[path] =
                try XCTUnwrap(files[path], "no \(path) to append to", file: file, line: line) + Array(text.utf8)
        }
        for (path, text) in extra { files[path] = Array(text.utf8) }
        var options = BuildOptions()
        options.dataFiles = DataFolder(files: files, display: "data")
        options.cacheFiles = DataFolder(files: [:], display: "cache")
        options.today = CalendarDate(iso: "2026-11-29")
        let (report, site) = SiteBuild(options: options).check()
        return try XCTUnwrap(site, "\(report.diagnostics)", file: file, line: line)
    }
}
