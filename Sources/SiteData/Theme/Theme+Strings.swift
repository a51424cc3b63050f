import Domain
import Foundation
import Mustache
import TOML

extension Theme {
    /// Reads `i18n/<language>.toml` for every language, failing on any key that one table has
    /// and another lacks — the check the breathing app ran on its string catalogues — and on any
    /// of `required` (key → why it is needed) that no table has.
    static func loadStrings(
        _ folder: DataFolder, required: [String: String], log: DiagnosticLog
    ) -> [SiteSettings.Language: MustacheValue]? {
        var tables: [SiteSettings.Language: (file: SourceFile, flat: [String: String])] = [:]
        for language in SiteSettings.Language.allCases {
            let relative = "i18n/\(language.rawValue).toml"
            guard folder.fileExists(relative) else {
                log.add(Diagnostic(.error, path: folder.displayPath(relative), message: "string table is missing"))
                continue
            }
            let file: SourceFile
            switch folder.read(relative) {
            case .failure(let d):
                log.add(d)
                continue
            case .success(let f): file = f
            }
            do {
                let table = try TOMLParser.parse(file.bytes)
                var flat: [String: String] = [:]
                flatten(table, prefix: "", into: &flat, file: file, log: log)
                tables[language] = (file, flat)
            } catch {
                log.add(file.finding(for: error))
            }
        }
        guard tables.count == SiteSettings.Language.allCases.count else { return nil }
        let allKeys = Set(tables.values.flatMap { $0.flat.keys })
        for language in SiteSettings.Language.allCases {
            guard let entry = tables[language] else { continue }
            for key in allKeys.subtracting(entry.flat.keys).sorted() {
                let owners = SiteSettings.Language.allCases.filter { tables[$0]?.flat[key] != nil }.map(\.rawValue)
                log.add(
                    Diagnostic(
                        .error, path: entry.file.path,
                        message: "missing string '\(key)' (present in \(owners.joined(separator: ", ")))"))
            }
            for key in required.keys.sorted() where !allKeys.contains(key) {
                log.add(
                    Diagnostic(
                        .error, path: entry.file.path, message: "missing string '\(key)' (\(required[key] ?? ""))"))
            }
        }
        guard !log.hasErrors else { return nil }
        return tables.mapValues { nest($0.flat) }
    }

    /// The strings a catalogue needs: the name of each of its categories, and of the category a
    /// service without one falls in.
    static func categoryStrings(catalog: SubscriptionCatalog) -> [String: String] {
        var required: [String: String] = [:]
        let categories = Set(catalog.entries.map(\.category)).union([CatalogReader.defaultCategory])
        for category in categories {
            required["category.\(category)"] = "the catalogue's category '\(category)' needs a name"
        }
        return required
    }

    private static func flatten(
        _ table: TOMLTable, prefix: String, into flat: inout [String: String],
        file: SourceFile, log: DiagnosticLog
    ) {
        for key in table.keys {
            guard let value = table[key] else { continue }
            let path = prefix.isEmpty ? key : "\(prefix).\(key)"
            switch value.kind {
            case .string(let text):
                if text.isEmpty { log.add(file.diagnostic(.error, at: value.location, "string '\(path)' is empty")) }
                flat[path] = text
            case .table(let inner):
                flatten(inner, prefix: path, into: &flat, file: file, log: log)
            default:
                log.add(file.diagnostic(.error, at: value.location, "'\(path)' must be a string or a table of strings"))
            }
        }
    }

    private static func nest(_ flat: [String: String]) -> MustacheValue {
        // Grouped by first part, level by level: each object is made once, never copied to add a
        // key (a TOML table has no key that is both a string and a table).
        func object(_ entries: [(parts: ArraySlice<Substring>, text: String)]) -> MustacheValue {
            var fields: [String: MustacheValue] = [:]
            var groups: [String: [(parts: ArraySlice<Substring>, text: String)]] = [:]
            for (parts, text) in entries {
                guard let first = parts.first else { continue }
                if parts.count == 1 {
                    fields[String(first)] = .string(text)
                } else {
                    groups[String(first), default: []].append((parts.dropFirst(), text))
                }
            }
            for (name, inner) in groups { fields[name] = object(inner) }
            return .object(fields)
        }
        return object(flat.map { (ArraySlice($0.key.split(separator: ".")), $0.value) })
    }
}

extension Theme {
    /// The string at a dotted `path` of a language's table (`goals.title`), or nil when the table
    /// has none there: for keys made from data, a catalogue's category.
    package func string(_ path: String, in language: SiteSettings.Language) -> String? {
        var node = strings[language] ?? .null
        for key in path.split(separator: ".") {
            guard case .object(let object) = node, let next = object[String(key)] else { return nil }
            node = next
        }
        if case .string(let text) = node { return text }
        return nil
    }
}
