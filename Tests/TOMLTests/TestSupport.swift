import TOML
import XCTest

/// Parses `text`, failing the test (and returning an empty table) on error.
func parseOrFail(_ text: String, file: StaticString = #filePath, line: UInt = #line) -> TOMLTable {
    do {
        return try TOMLParser.parse(text)
    } catch {
        XCTFail("unexpected parse error \(error)", file: file, line: line)
        return TOMLTable()
    }
}

/// The error `text` is rejected with, failing the test when it is accepted.
func parseError(
    _ bytes: [UInt8], limits: TOMLLimits = .default,
    file: StaticString = #filePath, line: UInt = #line
) -> TOMLError? {
    do {
        let table = try TOMLParser.parse(bytes, limits: limits)
        XCTFail("expected an error, parsed \(TOMLTaggedJSON.encode(table))", file: file, line: line)
        return nil
    } catch {
        return error
    }
}

func parseError(
    _ text: String, limits: TOMLLimits = .default,
    file: StaticString = #filePath, line: UInt = #line
) -> TOMLError? {
    parseError(Array(text.utf8), limits: limits, file: file, line: line)
}

func at(_ line: Int, _ column: Int) -> SourceLocation {
    SourceLocation(line: line, column: column)
}
