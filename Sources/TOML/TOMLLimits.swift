/// Bounds that keep a hostile or broken file from exhausting memory or the stack.
///
/// Nesting is measured in containers: the root table is level 0 and every table or
/// array inside adds one, so in `a = [[1]]` the inner array is at level 2, and in
/// `[[x.y]]` the element tables are at level 3 (`x`, the array, the element). Both limits are checked
/// before the work they guard, so exceeding them fails fast with an ordinary `TOMLError`.
public struct TOMLLimits: Sendable {
    /// The largest document accepted, in bytes.
    public var maxBytes: Int
    /// The deepest nesting of tables and arrays accepted.
    public var maxDepth: Int

    public init(maxBytes: Int, maxDepth: Int) {
        self.maxBytes = maxBytes
        self.maxDepth = maxDepth
    }

    /// 16 MiB and 128 levels: far beyond any hand-written data file.
    public static let `default` = TOMLLimits(maxBytes: 16 << 20, maxDepth: 128)
}
