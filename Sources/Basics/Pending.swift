import Dispatch

/// A value worked out on another thread while the caller goes on; `value` waits for it.
public final class Pending<Value>: @unchecked Sendable {
    private let done = DispatchGroup()
    private var result: Value?

    public init(_ work: @escaping @Sendable () -> Value) {
        done.enter()
        DispatchQueue.global().async { [self] in
            result = work()
            done.leave()
        }
    }

    /// The value, once the work is done.
    public var value: Value {
        done.wait()
        return result!
    }
}
