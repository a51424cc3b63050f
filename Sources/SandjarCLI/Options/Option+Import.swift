/// The options of `sandjar import wallos`.
extension Option where Value == Bool {
    static var write: Option {
        .flag("write", help: ["write the new file; without it, print what it would hold and", "write nothing"])
    }
}

/// The options of `sandjar import loop`.
extension Option where Value == String {
    static var habit: Option {
        .text("habit", "NAME", help: ["the habit of the export to import (its name, any case)"])
    }

    /// `--pattern` as import loop reads it: the pattern of every session it writes.
    static var sessionPattern: Option {
        .text(
            "pattern", "ID", completes: .data(.patterns),
            help: ["the breathing pattern of each session: a built-in one or", "one of breathing.toml"])
    }
}
