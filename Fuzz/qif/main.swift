// libFuzzer entry for the QIF reader: Fuzz/statements/StatementFuzz.swift says what each
// statement is held to. Built by Fuzz/fuzz.sh with `swiftc -sanitize=fuzzer,address`.
import Domain
import Statement
import Subscriptions

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzStatement(data, size, formats: [.qif])
    return 0
}
