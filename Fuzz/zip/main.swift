// libFuzzer entry for the zip reader `sandjar import loop` opens Loop's export with (DESIGN.md §7),
// built by Fuzz/fuzz.sh with `swiftc -sanitize=fuzzer,address` and linked against the Zip module
// (Sources/Zip) and zlib.
//
// The input is the archive. Reading it may fail with a message; if it succeeds, no entry's name may
// be one that could climb out of a folder, the declared sizes stay within the limits, and every
// entry either fails with a message naming it or gives exactly the bytes it declares, whose CRC-32
// is the one it declares.
import Zip

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let limits = ZipArchive.Limits(entryBytes: 1 << 20, totalBytes: 4 << 20)
    let archive: ZipArchive
    do throws(ZipError) {
        archive = try ZipArchive(bytes: bytes, limits: limits)
    } catch {
        if error.message.isEmpty { fatalError("a refusal without a message") }
        return 0
    }
    var total = 0
    for entry in archive.entries {
        let parts = entry.name.split(separator: "/", omittingEmptySubsequences: false)
        if entry.name.hasPrefix("/") || entry.name.contains("\\") || parts.contains("..") {
            fatalError("'\(entry.name)' was let through")
        }
        if entry.size > limits.entryBytes { fatalError("'\(entry.name)' declares \(entry.size) bytes") }
        total += entry.size
        do throws(ZipError) {
            let contents = try archive.contents(of: entry)
            if contents.count != entry.size { fatalError("'\(entry.name)' gave \(contents.count) of \(entry.size)") }
        } catch {
            if error.entry != entry.name { fatalError("a fault of '\(entry.name)' named '\(error.entry ?? "")'") }
        }
    }
    if total > limits.totalBytes { fatalError("\(total) bytes declared in all") }
    return 0
}
