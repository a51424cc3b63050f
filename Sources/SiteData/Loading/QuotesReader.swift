import Domain

/// Reads quote lists — `[en]` and `[zh-Hans]` tables of `subjects` and `predicates` — from the
/// theme's default `quotes.toml` or a data folder's own.
enum QuotesReader {
    static let file = "quotes.toml"

    /// The folder's quotes.toml; no lists when there is none, or it cannot be read.
    static func read(_ files: DataFiles) -> [SiteSettings.Language: QuoteLists] {
        guard files.folder.fileExists(file), let reader = files.parse(file) else { return [:] }
        return read(reader)
    }

    private static func read(_ reader: TableReader) -> [SiteSettings.Language: QuoteLists] {
        reader.finish(known: SiteSettings.Language.allCases.map(\.rawValue))
        var book: [SiteSettings.Language: QuoteLists] = [:]
        for language in SiteSettings.Language.allCases {
            guard let section = reader.table(language.rawValue) else { continue }
            section.finish(known: ["subjects", "predicates"])
            guard let subjects = section.stringArray("subjects", required: true, nonEmpty: true),
                let predicates = section.stringArray("predicates", required: true, nonEmpty: true)
            else {
                continue
            }
            let lists = QuoteLists(subjects: subjects, predicates: predicates)
            if lists.combinations < 366 {
                section.log.add(
                    section.file.diagnostic(
                        .warning, at: section.location,
                        "\(language.rawValue) has \(subjects.count) subjects × \(predicates.count) predicates = "
                            + "\(lists.combinations) quotes, fewer than 366: some repeat within a year"))
            }
            book[language] = lists
        }
        return book
    }
}
