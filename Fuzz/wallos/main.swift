// libFuzzer entry for `sandjar import wallos`'s reading of an export (DESIGN.md §7): the JSON
// reader and Wallos's values, built by Fuzz/fuzz.sh with `swiftc -sanitize=fuzzer,address` and
// linked against the Import module (Sources/Import) and the modules it imports.
//
// The input is the export. Reading may fail with a located `Diagnostic`, whose place must be in
// the file; if it succeeds, every subscription is read with and without `--currency`, and every
// finding points into the file too.
import Domain
import Import
import SiteData

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let lines = bytes.filter { $0 == 0x0A }.count + 1
    func check(_ finding: Diagnostic) {
        _ = finding.description
        guard finding.line <= lines else { fatalError("a finding at line \(finding.line) of \(lines)") }
    }
    let export: WallosExport
    do {
        export = try WallosExport(bytes: bytes, path: "fuzz.json")
    } catch {
        check(error)
        return 0
    }
    for currency in [nil, Currency(code: "USD")] {
        let read = WallosSubscription.read(export, currency: currency, siteCurrency: Currency(code: "EUR"))
        read.findings.forEach(check)
        for subscription in read.subscriptions where subscription.price.isEmpty {
            fatalError("\(subscription.name) read without a price")
        }
    }
    return 0
}
