import Figures

/// The digest as `sandjar today --format json` prints it.
extension TodayDigest {
    /// `{"title", "date", "items": [{"kind", "title", "when", "days", "amount", "url"}]}`.
    package var json: String {
        JSONValue.object([
            ("title", .string(title)),
            ("date", .string(today.description)),
            (
                "items",
                .array(
                    items.map { item in
                        .object([
                            ("kind", .string(item.kind.rawValue)), ("title", .string(item.title)),
                            ("when", .string(item.when.description)), ("days", .int(item.days)),
                            ("amount", .optional(item.amount) { .string($0) }), ("url", .string(url(item))),
                        ])
                    })
            ),
        ]).serialized()
    }
}
