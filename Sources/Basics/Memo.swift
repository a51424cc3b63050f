import Foundation

/// One value `sandjar serve` keeps from a build for the next, under the key it was made from —
/// what it was made of, not a name chosen for it. Asked again with an equal key it gives the value
/// back; with another, the value is made anew and kept in its place. Typed, so what comes out is
/// what went in; every cell a served site keeps is a field of `ServeMemo`. Builds ask from several
/// threads at once: the cell locks only to read or swap what it holds, and compares keys outside
/// the lock. (An `NSLock` over a stored value rather than `Synchronization.Mutex`, whose
/// `withLock` ThreadSanitizer takes for an access race on Linux.)
public final class MemoCell<Key: Equatable & Sendable, Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    // Read and changed under `lock` only.
    private var kept: (key: Key, value: Value)?

    public init() {}

    /// The value kept under a key equal to `key`, else `make()`'s, kept under `key`.
    public func value(for key: Key, make: () -> Value) -> Value {
        if let last, last.key == key { return last.value }
        let value = make()
        keep(value, for: key)
        return value
    }

    /// The last key and value kept: for a value that can go on from an earlier key (the badges'
    /// replay, when today's events begin with the ones it replayed).
    public var last: (key: Key, value: Value)? { lock.withLock { kept } }

    public func keep(_ value: Value, for key: Key) {
        lock.withLock { kept = (key, value) }
    }
}

/// A `MemoCell` for each of many things of one kind, by name: each data file by its path, each
/// page by its path, each goal's jar by the goal's id.
public final class MemoShelf<Name: Hashable & Sendable, Key: Equatable & Sendable, Value: Sendable>:
    @unchecked Sendable
{
    private struct State {
        var cells: [Name: (key: Key, value: Value)] = [:]
        var misses = 0
    }

    private let lock = NSLock()
    // Read and changed under `lock` only.
    private var state = State()

    public init() {}

    /// The value kept at `name` under a key equal to `key`; nil (a miss) when there is none.
    public func value(at name: Name, for key: Key) -> Value? {
        if let kept = lock.withLock({ state.cells[name] }), kept.key == key { return kept.value }
        lock.withLock { state.misses += 1 }
        return nil
    }

    public func keep(_ value: Value, at name: Name, for key: Key) {
        lock.withLock { state.cells[name] = (key, value) }
    }

    /// The value kept at `name` under a key equal to `key`, else `make()`'s, kept.
    public func value(at name: Name, for key: Key, make: () -> Value) -> Value {
        if let value = value(at: name, for: key) { return value }
        let value = make()
        keep(value, at: name, for: key)
        return value
    }

    /// How many times a value was asked for that had to be made (anew or again): for tests that
    /// count what a change costs.
    public var misses: Int { lock.withLock { state.misses } }
}
