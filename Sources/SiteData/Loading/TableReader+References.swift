import Domain
import Foundation

/// Ids and the references between data files, checked where they are written.
extension TableReader {
    /// True when `id` is a valid id; otherwise records an error at `key`.
    func checkID(_ id: String, key: String) -> Bool {
        if DataLoader.isValidID(id) { return true }
        error(key, "'\(id)' is not a valid id: use lower-case letters, digits and '-' (\(DataLoader.idPattern))")
        return false
    }

    /// Records an unknown-reference error at `key`, with a suggestion from `known`.
    func unknownReference(_ kind: String, _ name: String, known: [String], key: String) {
        var message = "refers to unknown \(kind) '\(name)'"
        if let guess = Suggestion.closest(to: name, in: known) { message += "; did you mean '\(guess)'?" }
        error(key, message)
    }
}

/// References to the household's `[[person]]`s (DESIGN.md §2): `by`, `paid_by`, `people`, `shares`.
extension TableReader {
    /// `key`'s person id, when it names one of `people`; otherwise an error at it and nil.
    /// `people` nil: site.toml could not be read, so the id is taken as written (its finding is
    /// already there).
    func person(_ key: String, people: [Person]?) -> String? {
        guard let id = string(key) else { return nil }
        guard let problem = TableReader.personProblem(id, people: people, key: key) else { return id }
        error(key, problem)
        return nil
    }

    /// `people = ["lin", "zhou"]`: every id one of `people`, each error at its item.
    func personList(_ key: String, people: [Person]?) -> [String]? {
        guard let ids = stringArray(key, nonEmpty: true) else { return nil }
        guard case .array(let items) = table[key]?.kind else { return nil }
        var ok = true
        for (id, item) in zip(ids, items) {
            if let problem = TableReader.personProblem(id, people: people, key: key) {
                log.add(file.diagnostic(.error, at: item.location, "\(path(key)) \(problem)"))
                ok = false
            } else if ids.filter({ $0 == id }).count > 1 {
                log.add(file.diagnostic(.error, at: item.location, "\(path(key)) lists '\(id)' twice"))
                ok = false
                break
            }
        }
        return ok ? ids : nil
    }

    /// `shares = { lin = 60, zhou = 40 }`: each a percent from 0 to 100 of a known person, summing
    /// to exactly 100.
    func shares(_ key: String, people: [Person]?) -> [String: Decimal]? {
        guard has(key) else { return nil }
        if let people, people.isEmpty {
            error(key, Self.noPeople)
            return nil
        }
        guard let inner = table(key) else { return nil }
        var shares: [String: Decimal] = [:]
        var ok = true
        for id in inner.table.keys {
            if let problem = TableReader.personProblem(id, people: people, key: id) {
                log.add(
                    file.diagnostic(
                        .error, at: inner.table.keyLocation(id) ?? inner.location(of: id),
                        "\(inner.path(id)) \(problem)"))
                ok = false
                continue
            }
            guard let percent = inner.decimal(id) else {
                ok = false
                continue
            }
            guard percent >= 0, percent <= 100 else {
                inner.error(id, "is \(percent): a share is a percent from 0 to 100")
                ok = false
                continue
            }
            shares[id] = percent
        }
        guard ok else { return nil }
        let sum = shares.values.reduce(0, +)
        guard sum == 100 else {
            error(key, "add up to \(sum), not 100: each person's percent of the household's part")
            return nil
        }
        return shares
    }

    static let noPeople = "names a person, but site.toml has no [[person]]: add the household's people there first"

    /// Why `id` is not one of `people` (with "did you mean"), or nil when it is (or when `people`
    /// is nil: site.toml was unreadable).
    static func personProblem(_ id: String, people: [Person]?, key: String) -> String? {
        guard let people else { return nil }
        guard !people.isEmpty else { return noPeople }
        let known = people.map(\.id)
        if known.contains(id) { return nil }
        var message = "refers to unknown person '\(id)'"
        if let guess = Suggestion.closest(to: id, in: known) { message += "; did you mean '\(guess)'?" }
        return message + " (the people are [[person]]s in site.toml)"
    }
}
