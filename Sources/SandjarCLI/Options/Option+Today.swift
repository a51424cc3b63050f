/// The options of `sandjar today`.
enum DigestFormat: String, CaseIterable, Sendable {
    case text, json
}

extension Option where Value == DigestFormat {
    static var format: Option {
        let names = DigestFormat.allCases.map(\.rawValue)
        return .parsed(
            "format", "FORMAT", completes: .words(names),
            help: ["text (a title line, then a line for each thing; the default) or", "json, for a script"]
        ) { text throws(Arguments.UsageError) in
            guard let format = DigestFormat(rawValue: text) else {
                throw Arguments.UsageError("--format takes text or json, not '\(text)'", typed: text, closeTo: names)
            }
            return format
        }
    }
}

extension Option where Value == Bool {
    static var ifAny: Option {
        .flag(
            "if-any",
            help: ["print nothing when nothing needs you, so cron mails only on the", "days that do"])
    }
}
