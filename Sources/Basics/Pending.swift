import Dispatch
import Foundation

/// A value worked out on another thread while the caller goes on; `value` waits for it.
///
/// The work gets a thread of its own rather than a turn on Dispatch's shared pool: on a machine
/// with one CPU (a small server running the nightly build) that pool starts no second worker
/// until it has seen its first one blocked for a while, and the caller waiting for `value` left
/// the build idle for up to a second each time.
public final class Pending<Value>: @unchecked Sendable {
    static var stackBytes: Int { 16 << 20 }

    private let done = DispatchGroup()
    private var result: Value?

    public init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        let thread = Thread { [self] in
            result = work()
            done.leave()
        }
        // As deep as the main thread: a theme's partials may nest hundreds of levels before the
        // renderer stops them (`MustacheLibrary.maximumNesting`).
        thread.stackSize = Pending.stackBytes
        thread.start()
    }

    /// The value, once the work is done.
    public var value: Value {
        done.wait()
        return result!
    }
}
