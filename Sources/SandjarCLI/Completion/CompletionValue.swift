/// What a word on the command line completes to, in every shell alike.
enum CompletionValue: Equatable, Sendable {
    /// Free text: an amount, a date, a note. Nothing is offered.
    case nothing
    case directories
    case files
    /// A fixed choice: `en`, `zh-Hans`.
    case words([String])
    /// Names the data folder defines, asked of `sandjar completion --values` when Tab is pressed.
    case data(CompletionList)
    /// The commands `help` explains.
    case commands
}
