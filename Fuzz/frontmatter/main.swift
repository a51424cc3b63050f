// libFuzzer entry for `+++` front matter (DESIGN.md §7): built by Fuzz/fuzz.sh with
// `swiftc -sanitize=fuzzer,address` and linked against SiteData (and the modules it imports), so
// it runs the shipped page loader of Sources/SiteData/Loading/PagesReader.swift.
//
// The input is one page, `pages/fuzz.md` of a data folder held in memory, listed and read by
// `PagesReader.paths` and `PagesReader.page` as `DataLoader` reads each page: the UTF-8 check,
// the split, the matter parsed as TOML behind a blank first line and its keys read; every finding
// is then formatted as it would be shown. Alongside, `UTF8Check` and `FrontMatter.split` are held
// to what they promise: a page without `+++` keeps its text whole; the matter and body never hold
// more than the page; findings in the matter point into it.
import Foundation

@testable import SiteData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let log = DiagnosticLog(strict: false)
    let files = DataFiles(folder: DataFolder(files: ["pages/fuzz.md": bytes], display: "fuzz"), log: log)
    let pages = PagesReader.paths(files).compactMap { PagesReader.page($0, files, site: nil) }
    for finding in log.entries { _ = finding.description }
    guard pages.count <= 1 else { fatalError("one page file gave \(pages.count) pages") }

    if let bad = UTF8Check.firstInvalid(in: bytes) {
        guard bad.location.line >= 1, bad.location.column >= 1, String(validating: bytes, as: UTF8.self) == nil else {
            fatalError("UTF8Check flagged valid UTF-8 at \(bad)")
        }
        guard pages.isEmpty, log.entries.count == 1,
            log.entries[0].message.hasPrefix("invalid UTF-8 byte 0x")
        else {
            fatalError("a page that is not UTF-8 was read: \(log.entries)")
        }
        return 0
    }
    guard String(validating: bytes, as: UTF8.self) != nil else { fatalError("UTF8Check missed invalid UTF-8") }
    let text = String(decoding: bytes, as: UTF8.self)
    guard let split = FrontMatter.split(text) else {
        guard pages.isEmpty, log.entries.count == 1 else {
            fatalError("unclosed front matter not refused once: \(log.entries)")
        }
        return 0
    }
    guard let matter = split.frontMatter else {
        guard split.body == text else { fatalError("a page without front matter lost text") }
        guard log.entries.isEmpty, pages.first?.body == text else {
            fatalError("a page without front matter was not read whole: \(log.entries)")
        }
        return 0
    }
    guard matter.utf8.count + split.body.utf8.count <= text.utf8.count else {
        fatalError("front matter and body hold more than the page")
    }
    // Line 1 is the opening `+++`: whatever is found in the matter is below it.
    if let early = log.entries.first(where: { $0.line < 2 }) {
        fatalError("front matter finding before its first line: \(early)")
    }
    if let page = pages.first, page.body != split.body {
        fatalError("the page's body is not what follows its front matter")
    }
    return 0
}
