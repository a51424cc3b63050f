/// One `[[person]]` of site.toml: a member of a household (DESIGN.md §3 "Household").
public struct Person: Sendable, Hashable {
    /// By the one id rule; what `by`, `paid_by`, `people` and `shares` name.
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}
