/// A word of a command that is not an option: `DATA`, `GOAL`, `AMOUNT`. The first one is what a
/// shell completes after the command; one with help lines heads the help's option table.
struct ArgumentSpec: Sendable {
    /// As the synopsis writes it.
    let name: String
    var completes: CompletionValue = .nothing
    /// Its description in the table; none: the synopsis says enough.
    var help: [String] = []
    /// The option this word can be given as instead (`DATA` for `--data DIR`): the table lists
    /// the word, which says so, and not the option.
    var standsFor: OptionSpec?

    /// `DATA`, for the commands that build: the data folder, as a word or with `--data`.
    static func data(_ help: String...) -> ArgumentSpec {
        ArgumentSpec(name: "DATA", completes: .directories, help: help, standsFor: Option<String>.data.spec)
    }
}
