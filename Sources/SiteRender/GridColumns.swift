import Mustache

/// How many columns a grid of cards gets, so its last row never holds one card alone (issue 25):
/// the first of the preferred counts that the cards fill evenly enough — one row, or a last row
/// of two or more. Four goals on a wide screen are two rows of two, not three and one.
enum GridColumns {
    /// The first of `preferred` (most wanted first) that leaves no card alone on the last row;
    /// the first of them when none does (every count leaves one over).
    static func balanced(_ count: Int, preferring preferred: [Int]) -> Int {
        preferred.first { count <= $0 || count % $0 != 1 } ?? preferred.first ?? 1
    }

    /// The `columns` and `columns_wide` values a card grid's template sets as custom properties.
    static func fields(_ count: Int, phone: [Int], wide: [Int]) -> MustacheValue {
        .object([
            "columns": .int(balanced(count, preferring: phone)),
            "columns_wide": .int(balanced(count, preferring: wide)),
        ])
    }
}
