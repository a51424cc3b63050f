import Foundation
import TOML
import XCTest

/// The conformance comparison must really compare: these pairs must be told apart.
final class ComparisonSelfTests: XCTestCase {
    private func difference(_ toml: String, _ json: String, file: StaticString = #filePath, line: UInt = #line) throws
        -> String?
    {
        let table = try TOMLParser.parse(toml)
        let object = try XCTUnwrap(
            JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any], file: file, line: line)
        return TaggedJSONComparison.tableDifference(table, object)
    }

    func testDetectsDifferences() throws {
        XCTAssertNil(try difference("a = 1", #"{"a":{"type":"integer","value":"1"}}"#))
        XCTAssertNotNil(try difference("a = 1", #"{"a":{"type":"integer","value":"2"}}"#))
        XCTAssertNotNil(try difference("a = 1", #"{"a":{"type":"float","value":"1"}}"#))
        XCTAssertNotNil(try difference("a = 1", #"{"b":{"type":"integer","value":"1"}}"#))
        XCTAssertNotNil(try difference("a = [1]", #"{"a":[]}"#))
        XCTAssertNotNil(try difference("a = 'x'", #"{"a":{"type":"string","value":"y"}}"#))
        XCTAssertNil(try difference("a = nan", #"{"a":{"type":"float","value":"nan"}}"#))
        XCTAssertNil(try difference("a = 1e3", #"{"a":{"type":"float","value":"1000.0"}}"#))
        XCTAssertNotNil(try difference("a = 1e3", #"{"a":{"type":"float","value":"1001"}}"#))
        XCTAssertNil(
            try difference(
                "a = 1987-07-05t17:45:00z",
                #"{"a":{"type":"datetime","value":"1987-07-05T17:45:00Z"}}"#))
        XCTAssertNotNil(
            try difference(
                "a = 1987-07-05T17:45:00",
                #"{"a":{"type":"datetime","value":"1987-07-05T17:45:00Z"}}"#))
        XCTAssertNotNil(
            try difference(
                "a = 1987-07-05T17:45:00.5Z",
                #"{"a":{"type":"datetime","value":"1987-07-05T17:45:00Z"}}"#))
        XCTAssertNil(
            try difference(
                "type = { value = 1 }",
                #"{"type":{"value":{"type":"integer","value":"1"}}}"#))
    }
}
