import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Keeps what sandjar writes outside a data folder out of the home folder of whoever runs the
/// tests. A build that names no `--cache` keeps its jars in `$XDG_CACHE_HOME/sandjar/` (else
/// `~/.cache/sandjar/`), and an edit that names no journal records itself in
/// `$XDG_STATE_HOME/sandjar/` (else `~/.local/state/sandjar/`); `begin(for:)` points both variables
/// at folders of this test process in the temporary folder — once per process, removed when it
/// exits — and the `sandjar` processes the tests start inherit them.
///
/// Every test class that builds, serves, edits or runs the command line calls it first, in its
/// class `setUp`:
///
///     override class func setUp() {
///         super.setUp()
///         TestIsolation.begin(for: self)
///     }
///
/// `TestSupport.temporaryFolder`, which every such test uses for its folders, and the command-line
/// tests' console fail the test of a class that did not, so no class relies on another having run
/// before it.
package enum TestIsolation {
    /// `$XDG_CACHE_HOME` for this test process.
    package static let cacheHome = FileManager.default.temporaryDirectory
        .appendingPathComponent("sandjar-tests-cache-\(getpid())")
    /// `$XDG_STATE_HOME` for this test process.
    package static let stateHome = FileManager.default.temporaryDirectory
        .appendingPathComponent("sandjar-tests-state-\(getpid())")

    private static let pointed: Void = {
        setenv("XDG_CACHE_HOME", cacheHome.path, 1)
        setenv("XDG_STATE_HOME", stateHome.path, 1)
        atexit {
            try? FileManager.default.removeItem(at: TestIsolation.cacheHome)
            try? FileManager.default.removeItem(at: TestIsolation.stateHome)
        }
    }()

    private static let begun = ClassSet()

    /// Points the cache and the journal at this process's folders and records that `testClass`
    /// asked for it.
    package static func begin(for testClass: XCTestCase.Type) {
        _ = pointed
        begun.insert(testClass)
    }

    /// Fails `test` unless its class called `begin(for:)`.
    package static func require(_ test: XCTestCase, file: StaticString = #filePath, line: UInt = #line) {
        guard !begun.contains(type(of: test)) else { return }
        XCTFail(
            "\(type(of: test)) builds, edits or runs the command line without TestIsolation.begin(for: self) in its "
                + "override class func setUp(): its cache and journal could land in the home folder",
            file: file, line: line)
    }

    private final class ClassSet: @unchecked Sendable {
        private let lock = NSLock()
        private var classes: Set<ObjectIdentifier> = []

        func insert(_ type: XCTestCase.Type) { lock.withLock { _ = classes.insert(ObjectIdentifier(type)) } }
        func contains(_ type: XCTestCase.Type) -> Bool { lock.withLock { classes.contains(ObjectIdentifier(type)) } }
    }
}
