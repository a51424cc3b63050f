import Foundation
import TOML
import XCTest

/// Runs every TOML 1.0.0 case of toml-test (toml-lang/toml-test) against the parser:
/// valid documents must decode to the expected tagged JSON, invalid ones must be
/// rejected. The suite is read in place from the shared suites folder; without it the test skips,
/// or fails under CI (`SuiteLocator`).
final class ConformanceTests: XCTestCase {
    func testTOMLTest100() throws {
        guard let folder = try SuiteLocator.tomlTestFolder() else { return }
        let tests = folder.appendingPathComponent("tests", isDirectory: true)
        let list = try String(contentsOf: tests.appendingPathComponent("files-toml-1.0.0"), encoding: .utf8)
        let cases = list.split(whereSeparator: \.isNewline).map(String.init).filter { $0.hasSuffix(".toml") }

        var validRun = 0
        var validPassed = 0
        var invalidRun = 0
        var invalidPassed = 0
        var failures: [String] = []
        for name in cases {
            let input = try [UInt8](Data(contentsOf: tests.appendingPathComponent(name)))
            if name.hasPrefix("valid/") {
                validRun += 1
                let expectedURL = tests.appendingPathComponent(String(name.dropLast(5)) + ".json")
                let expected = try JSONSerialization.jsonObject(
                    with: Data(contentsOf: expectedURL),
                    options: [.fragmentsAllowed])
                if let problem = checkValid(input, expected: expected) {
                    failures.append("\(name): \(problem)")
                } else {
                    validPassed += 1
                }
            } else if name.hasPrefix("invalid/") {
                invalidRun += 1
                do {
                    let table = try TOMLParser.parse(input)
                    failures.append("\(name): accepted, decoded as \(TOMLTaggedJSON.encode(table))")
                } catch {
                    invalidPassed += 1
                }
            }
        }
        print(
            "toml-test 1.0.0: \(validRun + invalidRun) cases run: \(validPassed)/\(validRun) valid, "
                + "\(invalidPassed)/\(invalidRun) invalid")
        XCTAssertGreaterThan(validRun, 0)
        XCTAssertGreaterThan(invalidRun, 0)
        if !failures.isEmpty {
            XCTFail("\(failures.count) toml-test case(s) failed:\n" + failures.joined(separator: "\n"))
        }
    }

    /// Checks the decoded tree against the expected JSON, and also that the tagged JSON
    /// encoder's output means the same thing.
    private func checkValid(_ input: [UInt8], expected: Any) -> String? {
        let table: TOMLTable
        do {
            table = try TOMLParser.parse(input)
        } catch {
            return "rejected: \(error)"
        }
        guard let object = expected as? [String: Any] else { return "expected JSON is not an object" }
        if let difference = TaggedJSONComparison.tableDifference(table, object) {
            return "decoded tree differs: \(difference)"
        }
        let encoded = TOMLTaggedJSON.encode(table)
        guard let reparsed = try? JSONSerialization.jsonObject(with: Data(encoded.utf8), options: [.fragmentsAllowed])
        else {
            return "tagged JSON encoder produced invalid JSON: \(encoded)"
        }
        if let difference = TaggedJSONComparison.jsonDifference(reparsed, expected) {
            return "tagged JSON differs: \(difference)"
        }
        return nil
    }
}
