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
