/// "Did you mean" for misspelt keys and names: the closest candidate within a small edit distance.
public enum Suggestion {
    /// The candidate that is `word` once case and punctuation are set aside ("478" → `4-7-8`),
    /// else the closest within a third of the word's length in edits, else the one candidate that
    /// begins with the word ("zh" → `zh-Hans`).
    public static func closest(to word: String, in candidates: [String]) -> String? {
        let bare = { (text: String) in text.lowercased().filter { $0.isLetter || $0.isNumber } }
        if !bare(word).isEmpty, let same = candidates.sorted().first(where: { bare($0) == bare(word) }), same != word {
            return same
        }
        if let near = nearest(to: word, in: candidates) { return near }
        let starting = candidates.filter { word.count >= 2 && $0.lowercased().hasPrefix(word.lowercased()) }
        return starting.count == 1 ? starting[0] : nil
    }

    private static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = max(1, word.count / 3)
        var best: (String, Int)?
        for candidate in candidates.sorted() {
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.1 ?? .max) { best = (candidate, distance) }
        }
        return best?.0
    }

    /// Edit distance where swapping two neighbouring letters counts as one edit ("shrot" → "short"),
    /// over at most 64 characters so hostile data stays cheap.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let x = Array(a.prefix(64))
        let y = Array(b.prefix(64))
        if x.isEmpty { return y.count }
        if y.isEmpty { return x.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
        for i in 0...x.count { d[i][0] = i }
        for j in 0...y.count { d[0][j] = j }
        for i in 1...x.count {
            for j in 1...y.count {
                let cost = x[i - 1] == y[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
                    d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
                }
            }
        }
        return d[x.count][y.count]
    }
}
