import Foundation
import Mustache
import XCTest

/// Runs the official Mustache spec files against `MustacheLibrary`.
///
/// The suite is read at test time from `../shared/suites/mustache-spec`
/// beside the package (or `$SANDJAR_SUITES/mustache-spec`) and never copied
/// into the repository; when it is absent the test is skipped, except under CI
/// (the `CI` environment variable set), where it fails: CI never passes without
/// having run the spec.
final class SpecSuiteTests: XCTestCase {
    /// The required spec files; lambdas and dynamic names are not supported.
    static let specFiles = [
        "comments", "delimiters", "interpolation", "inverted", "partials", "sections", "~inheritance",
    ]

    /// The name the test's template is registered under, chosen so that it
    /// cannot collide with a spec partial.
    static let templateName = "(spec template)"

    func testMustacheSpec() throws {
        let suite = Self.suiteFolder()
        guard FileManager.default.fileExists(atPath: suite.path) else {
            let message = "mustache spec suite not found at \(suite.path) (set SANDJAR_SUITES to the suites folder)"
            guard ProcessInfo.processInfo.environment["CI"] != nil else {
                print("skipped: " + message)
                throw XCTSkip(message)
            }
            print("failed: CI must run the conformance suites: " + message)
            XCTFail("CI must run the conformance suites: " + message)
            return
        }
        var counts: [String] = []
        var passed = 0
        var total = 0
        for file in Self.specFiles {
            let url = suite.appendingPathComponent("specs/\(file).json")
            guard let data = FileManager.default.contents(atPath: url.path) else {
                XCTFail("spec file missing: \(url.path)")
                continue
            }
            let spec = try JSONDecoder().decode(SpecFile.self, from: data)
            var filePassed = 0
            for test in spec.tests {
                if let failure = Self.run(test) {
                    XCTFail("\(file) › \(test.name): \(failure)")
                } else {
                    filePassed += 1
                }
            }
            counts.append("\(file) \(filePassed)/\(spec.tests.count)")
            passed += filePassed
            total += spec.tests.count
        }
        print("mustache spec: \(total) cases run, \(passed)/\(total) passed (\(counts.joined(separator: ", ")))")
        XCTAssertGreaterThan(total, 0, "no spec case ran")
    }

    /// Nil when the test passes, else what went wrong.
    private static func run(_ test: SpecTest) -> String? {
        var sources = test.partials ?? [:]
        sources[templateName] = test.template
        do {
            let library = try MustacheLibrary(templates: sources)
            let actual = try library.render(templateName, test.data)
            if actual == test.expected { return nil }
            return "\n  expected: \(test.expected.debugDescription)\n  actual:   \(actual.debugDescription)"
        } catch {
            return "\n  expected: \(test.expected.debugDescription)\n  threw:    \(error)"
        }
    }

    /// `$SANDJAR_SUITES/mustache-spec`, else `../shared/suites/mustache-spec`
    /// relative to the package root (three levels above this file).
    static func suiteFolder() -> URL {
        if let suites = ProcessInfo.processInfo.environment["SANDJAR_SUITES"], !suites.isEmpty {
            return URL(fileURLWithPath: suites).appendingPathComponent("mustache-spec")
        }
        let packageRoot = URL(fileURLWithPath: #filePath)
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        return packageRoot.appendingPathComponent("../shared/suites/mustache-spec").standardizedFileURL
    }
}

private struct SpecFile: Decodable {
    let tests: [SpecTest]
}

private struct SpecTest: Decodable {
    let name: String
    let data: MustacheValue
    let template: String
    let partials: [String: String]?
    let expected: String
}
