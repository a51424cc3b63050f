import Domain

/// Reads quote lists — `[en]` and `[zh-Hans]` tables of `subjects` and `predicates` — from the
/// theme's default `quotes.toml` or a data folder's own.
enum QuoteBookReader {
    static func read(_ reader: TableReader) -> [SiteSettings.Language: QuoteLists] {
        reader.finish(known: SiteSettings.Language.allCases.map(\.rawValue))
        var book: [SiteSettings.Language: QuoteLists] = [:]
        for language in SiteSettings.Language.allCases {
            guard let section = reader.table(language.rawValue) else { continue }
            section.finish(known: ["subjects", "predicates"])
            guard let subjects = strings(section, "subjects"), let predicates = strings(section, "predicates") else {
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

    private static func strings(_ reader: TableReader, _ key: String) -> [String]? {
        guard let value = reader.table[key] else {
            reader.tableError("missing required key '\(key)'")
            return nil
        }
        guard case .array(let items) = value.kind, !items.isEmpty else {
            reader.error(key, "must be a non-empty array of strings")
            return nil
        }
        var texts: [String] = []
        for item in items {
            guard case .string(let text) = item.kind, !text.isEmpty else {
                reader.log.add(
                    reader.file.diagnostic(
                        .error, at: item.location, "\(reader.path(key)) must hold only non-empty strings"))
                return nil
            }
            texts.append(text)
        }
        return texts
    }
}

extension DataLoader {
    func loadQuotes() {
        guard folder.fileExists("quotes.toml"), let reader = parse("quotes.toml") else { return }
        quotes = QuoteBookReader.read(reader)
    }
}
