import Basics

/// A wall-clock time as written in TOML (`07:32:00.999`).
///
/// Fractional seconds are kept to the nanosecond; further digits in the source are
/// truncated, as the TOML specification allows. `second` may be 60 for a leap second.
public struct TOMLTime: Hashable, Sendable, CustomStringConvertible {
    public var hour: Int
    public var minute: Int
    public var second: Int
    public var nanosecond: Int

    public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0) {
        self.hour = hour
        self.minute = minute
        self.second = second
        self.nanosecond = nanosecond
    }

    /// `HH:MM:SS` with a fraction only when there is one, trailing zeros removed.
    public var description: String {
        var text = "\(hour.zeroPadded(2)):\(minute.zeroPadded(2)):\(second.zeroPadded(2))"
        if nanosecond > 0 {
            var fraction = nanosecond.zeroPadded(9)
            while fraction.hasSuffix("0") { fraction.removeLast() }
            text += "." + fraction
        }
        return text
    }
}
