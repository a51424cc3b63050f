/// Fixed-size storage that concurrent iterations fill, each writing only its own index; read once
/// all of them are done.
public final class Slots<Value>: @unchecked Sendable {
    private let buffer: UnsafeMutableBufferPointer<Value?>

    public init(count: Int) {
        buffer = .allocate(capacity: count)
        buffer.initialize(repeating: nil)
    }

    deinit {
        buffer.deinitialize()
        buffer.deallocate()
    }

    public subscript(index: Int) -> Value? {
        get { buffer[index] }
        set { buffer[index] = newValue }
    }

    /// The value at `index`, leaving the slot empty (so its memory goes as soon as it is used).
    public func take(_ index: Int) -> Value? {
        let value = buffer[index]
        buffer[index] = nil
        return value
    }
}
