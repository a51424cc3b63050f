import Foundation

/// A normalised name or alias of one catalogue entry.
struct MatchKey: Sendable, Equatable {
    let entryIndex: Int
    /// As the catalogue writes it.
    let written: String
    let key: NameKey

    static func keys(for entry: CatalogEntry, at index: Int) -> [MatchKey] {
        let names = [entry.id] + SiteSettings.Language.allCases.compactMap { entry.names[$0] } + entry.aliases
        var seen: Set<[Unicode.Scalar]> = []
        var keys: [MatchKey] = []
        for name in names {
            let key = NameKey(name)
            guard !key.scalars.isEmpty, seen.insert(key.scalars).inserted else { continue }
            keys.append(MatchKey(entryIndex: index, written: name, key: key))
        }
        return keys
    }
}

/// Fuzzy matching of a subscription's name against the catalogue.
///
/// Names are compared after `NameKey` normalisation (case, accents, full-width forms, spaces and
/// punctuation ignored; "+" read as "plus"). Each name or alias scores the query:
///
/// | how | score |
/// |---|---|
/// | equal | 1 |
/// | equal but for d typos (d ≤ 1 from 5 letters, ≤ 2 from 9; a CJK character counts as 2; never in the first letter) | 0.95 − 0.1·d |
/// | the catalogue name, then more words ("Spotify Family") | 0.8 + 0.1·coverage − 0.1·d |
/// | the start of a catalogue name, exactly, ≥ 4 letters ("disn") | 0.7 + 0.2·coverage |
/// | the catalogue name as whole words inside it, ≥ 6 letters ("my Netflix") | 0.75 + 0.1·coverage |
///
/// where coverage is the shorter weight over the longer. The best entry wins only with a score of
/// at least `acceptScore` and at least `ambiguityMargin` above the best other entry; otherwise
/// there is no match — "Apple" could be Apple Music, Apple TV+ or Apple One, so it matches none.
extension SubscriptionCatalog {
    public static let acceptScore = 0.75
    public static let ambiguityMargin = 0.05

    /// The entry `name` refers to, or nil when no entry is a confident, unambiguous match.
    public func match(_ name: String) -> CatalogMatch? {
        let query = NameKey(name)
        // A name equal to one entry's name or alias scores 1, and only another equal one (another
        // entry's) scores within the margin of it, so no other name needs scoring.
        if let equal = exactKeys[query.scalars] {
            guard equal.count == 1 else { return nil }
            let key = keys[equal[0]]
            return CatalogMatch(entry: entries[key.entryIndex], score: 1, kind: .exact, matched: key.written)
        }
        let ranked = candidates(for: query)
        guard let best = ranked.first, best.score >= SubscriptionCatalog.acceptScore else { return nil }
        if ranked.count > 1, ranked[1].score > best.score - SubscriptionCatalog.ambiguityMargin { return nil }
        return best
    }

    /// Every entry that scores above zero, best first (ties by id): what `check` can show when a
    /// name matched nothing.
    public func candidates(for name: String) -> [CatalogMatch] {
        candidates(for: NameKey(name))
    }

    func candidates(for query: NameKey) -> [CatalogMatch] {
        guard !query.scalars.isEmpty else { return [] }
        var best: [Int: CatalogMatch] = [:]
        for key in keys {
            guard let (score, kind) = MatchScore.score(query: query, candidate: key.key) else { continue }
            if let current = best[key.entryIndex], current.score >= score { continue }
            best[key.entryIndex] = CatalogMatch(
                entry: entries[key.entryIndex], score: score, kind: kind, matched: key.written)
        }
        return best.values.sorted { $0.score != $1.score ? $0.score > $1.score : $0.entry.id < $1.entry.id }
    }

    /// The entry a subscription uses: its pinned one, none when matching is off, else the fuzzy match.
    public func match(for subscription: Subscription) -> CatalogMatch? {
        switch subscription.catalog {
        case .disabled:
            return nil
        case .entry(let id):
            guard let entry = self[id] else { return nil }
            return CatalogMatch(entry: entry, score: 1, kind: .pinned, matched: id)
        case .automatic:
            return match(subscription.name)
        }
    }
}

/// The scoring table of `SubscriptionCatalog+Matching`, over one query and one catalogue name.
enum MatchScore {
    /// Typos tolerated in a name of this weight.
    static func tolerance(_ weight: Int) -> Int {
        weight < 5 ? 0 : weight < 9 ? 1 : 2
    }

    static func score(query q: NameKey, candidate c: NameKey) -> (Double, CatalogMatch.Kind)? {
        let m = q.count
        let n = c.count
        guard m > 0, n > 0 else { return nil }
        let d = distances(q.scalars, c.scalars)
        let wq = Double(q.weight)
        let wc = Double(c.weight)
        var best: (Double, CatalogMatch.Kind)?
        func consider(_ score: Double, _ kind: CatalogMatch.Kind) {
            if score > (best?.0 ?? 0) { best = (score, kind) }
        }

        let full = d[m, n]
        if full == 0 { return (1, .exact) }
        // People rarely get the first letter wrong, and "cloud" is not a typo of "iCloud".
        let typos = q.scalars[0] == c.scalars[0]
        if typos, full <= tolerance(min(q.weight, c.weight)) { consider(0.95 - 0.1 * Double(full), .typo) }

        // The catalogue name, then more words: it must end where a word of the query ends.
        if c.weight >= 4 {
            for i in 1..<m where q.isBoundary[i] && d[i, n] <= (typos ? tolerance(c.weight) : 0) {
                consider(0.8 + 0.1 * wc / wq - 0.1 * Double(d[i, n]), .prefix)
            }
        }
        // The start of a catalogue name, exactly: a short start with a typo ("cloud" for
        // "Claude") is too weak a clue.
        if q.weight >= 4, n > m, Array(c.scalars[0..<m]) == q.scalars {
            consider(0.7 + 0.2 * wq / wc, .prefix)
        }
        // The catalogue name as whole words somewhere inside.
        if c.weight >= 6, n < m {
            for start in 1...(m - n) where q.isBoundary[start] && q.isBoundary[start + n] {
                if Array(q.scalars[start..<start + n]) == c.scalars { consider(0.75 + 0.1 * wc / wq, .contains) }
            }
        }
        return best
    }

    /// `d[i, j]`: the edit distance (insert, delete, substitute, swap neighbours) between the first
    /// i scalars of `a` and the first j of `b`.
    static func distances(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Distances {
        var d = Distances(rows: a.count + 1, columns: b.count + 1)
        for i in 0...a.count { d[i, 0] = i }
        for j in 0...b.count { d[0, j] = j }
        guard !a.isEmpty, !b.isEmpty else { return d }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i, j] = min(d[i - 1, j] + 1, d[i, j - 1] + 1, d[i - 1, j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    d[i, j] = min(d[i, j], d[i - 2, j - 2] + 1)
                }
            }
        }
        return d
    }

    /// The table of `distances`, row by row in one array: a query is scored against every name
    /// and alias of the catalogue, a table each.
    struct Distances {
        let columns: Int
        private var cells: [Int]

        init(rows: Int, columns: Int) {
            self.columns = columns
            cells = Array(repeating: 0, count: rows * columns)
        }

        subscript(i: Int, j: Int) -> Int {
            get { cells[i * columns + j] }
            set { cells[i * columns + j] = newValue }
        }
    }
}
