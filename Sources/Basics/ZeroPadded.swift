extension BinaryInteger {
    /// The digits with zeros in front up to `width`: `7.zeroPadded(2)` is `07`, `2026.zeroPadded(2)`
    /// stays `2026`, `(-5).zeroPadded(3)` is `-005` (the sign before the zeros). `radix: 16` gives
    /// hexadecimal digits (`uppercase` for A–F). The one zero-padding every target uses, the same
    /// whatever the locale.
    public func zeroPadded(_ width: Int, radix: Int = 10, uppercase: Bool = false) -> String {
        let digits = String(self.magnitude, radix: radix, uppercase: uppercase)
        let padded = String(repeating: "0", count: Swift.max(0, width - digits.count)) + digits
        return self < 0 ? "-" + padded : padded
    }
}
