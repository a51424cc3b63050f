import Basics

/// The secret of one `sandjar serve` run: 128 random bits, in every form it serves (and, with
/// `--listen`, in the cookie every request needs). A page of another site cannot read it, so it
/// cannot forge a form that writes (cross-site request forgery).
struct AppToken: Sendable, Equatable {
    /// 32 lower-case hex digits.
    let text: String

    /// A new token from the system's secure random source.
    init() {
        var generator = SystemRandomNumberGenerator()
        text =
            AppToken.hex(UInt64.random(in: .min ... .max, using: &generator))
            + AppToken.hex(UInt64.random(in: .min ... .max, using: &generator))
    }

    init(text: String) {
        self.text = text
    }

    /// Whether `candidate` is this token, in time that does not depend on where they differ, so
    /// timing the answers gives away nothing of it.
    func matches(_ candidate: String?) -> Bool {
        guard let candidate else { return false }
        let expected = Array(text.utf8)
        let given = Array(candidate.utf8)
        var difference = UInt8(expected.count == given.count ? 0 : 1)
        for index in expected.indices {
            difference |= expected[index] ^ (index < given.count ? given[index] : 0)
        }
        return difference == 0
    }

    private static func hex(_ value: UInt64) -> String { value.zeroPadded(16, radix: 16) }
}
