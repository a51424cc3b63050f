// libFuzzer entry for the TOML parser (DESIGN.md §7): built by Fuzz/fuzz.sh with
// `swiftc -sanitize=fuzzer,address`, linked against Sources/TOML compiled the same way.
//
// Beyond "no trap": an error points inside the document; a parsed document encodes to valid
// JSON through `TOMLTaggedJSON`; parsing is deterministic; and text and bytes agree.
import TOML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let table: TOMLTable
    do {
        table = try TOMLParser.parse(bytes)
    } catch {
        checkLocation(error, in: bytes)
        _ = error.description
        return 0
    }
    let json = TOMLTaggedJSON.encode(table)
    var checker = JSONChecker(Array(json.utf8))
    guard checker.isValidDocument() else {
        fatalError("TOMLTaggedJSON.encode wrote invalid JSON: \(json)")
    }
    guard let again = try? TOMLParser.parse(bytes), TOMLTaggedJSON.encode(again) == json else {
        fatalError("parsing the same bytes twice gave different results")
    }
    if let text = String(validating: bytes, as: UTF8.self) {
        guard let fromText = try? TOMLParser.parse(text), TOMLTaggedJSON.encode(fromText) == json else {
            fatalError("parse(String) and parse([UInt8]) disagree")
        }
    }
    return 0
}

/// An error's line and column lie within the document (or just past its end).
private func checkLocation(_ error: TOMLError, in bytes: [UInt8]) {
    let lines = bytes.lazy.filter { $0 == 0x0A }.count + 1
    let location = error.location
    guard location.line >= 1, location.line <= lines, location.column >= 1, location.column <= bytes.count + 1 else {
        fatalError("error located outside the document: \(error)")
    }
}
