// libFuzzer entry for the ISO 20022 camt.052/053/054 reader: Fuzz/statements/StatementFuzz.swift says what each
// statement is held to. Built by Fuzz/fuzz.sh with `swiftc -sanitize=fuzzer,address`.
import Domain
import Statement
import Subscriptions

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    fuzzStatement(data, size, formats: [.camt053])
    return 0
}
