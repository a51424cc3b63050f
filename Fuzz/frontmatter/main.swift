// libFuzzer entry for `+++` front matter (DESIGN.md §7): built by Fuzz/fuzz.sh with
// `swiftc -sanitize=fuzzer,address` from `FrontMatter` and `UTF8Check` as they are in
// Sources/SiteBuilder/Loading/DataLoader+Pages.swift, linked against Sources/TOML.
//
// Follows `DataLoader.loadPages`: the UTF-8 check, the split, then the matter parsed as TOML
// behind a blank first line, and its keys read. A page without `+++` keeps its text whole; the
// matter and body never hold more than the page.
import TOML

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    if let bad = UTF8Check.firstInvalid(in: bytes) {
        guard bad.line >= 1, bad.column >= 1, String(validating: bytes, as: UTF8.self) == nil else {
            fatalError("UTF8Check flagged valid UTF-8 at \(bad)")
        }
        return 0
    }
    guard String(validating: bytes, as: UTF8.self) != nil else { fatalError("UTF8Check missed invalid UTF-8") }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let split = FrontMatter.split(text) else { return 0 }
    guard let matter = split.frontMatter else {
        guard split.body == text else { fatalError("a page without front matter lost text") }
        return 0
    }
    guard matter.utf8.count + split.body.utf8.count <= text.utf8.count else {
        fatalError("front matter and body hold more than the page")
    }
    do {
        let table = try TOMLParser.parse(Array(("\n" + matter).utf8))
        _ = table["title"]?.stringValue
        _ = table["date"]?.dateTimeValue
        _ = table["draft"]?.boolValue
        _ = table["unsafe_html"]?.boolValue
        for (key, value) in table { _ = (table.keyLocation(key), value.typeDescription) }
    } catch {
        guard error.location.line >= 2 else { fatalError("front matter error before its first line: \(error)") }
        _ = error.description
    }
    return 0
}
