/// Whether a short query names a subscription by whole words of its name, with the normalisation
/// catalogue matching uses (`NameKey`): "copilot" is in "GitHub Copilot", "plus" in "京东PLUS会员",
/// but "pilot" is in neither. For "did you mean", never for deciding.
public enum NameWords {
    public static func contains(_ name: String, words query: String) -> Bool {
        let q = NameKey(query)
        let n = NameKey(name)
        guard q.count > 0, q.count < n.count else { return false }
        for start in 0...(n.count - q.count) where n.isBoundary[start] && n.isBoundary[start + q.count] {
            if Array(n.scalars[start..<start + q.count]) == q.scalars { return true }
        }
        return false
    }
}

extension NameWords {
    /// The name as catalogue matching compares it: "Netflix", "netflix" and "NET-FLIX" are one
    /// name, `netflix`; "Disney+" and "disney plus" are `disneyplus`.
    public static func key(_ name: String) -> String { NameKey(name).text }
}
