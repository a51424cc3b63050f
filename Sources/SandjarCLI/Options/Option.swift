/// An option declared once, with the type of its value: `arguments[.out]` is a `String?`,
/// `try arguments.value(.port)` a `UInt16?`, `arguments[.quiet]` a `Bool`. A command lists the
/// options it takes in `Commands`, and a misspelt option is a compile error, not a lookup that
/// finds nothing.
///
/// The declarations are in `Option+<Concern>.swift`; an option that means something a little
/// different in one command says so with `described(_:)` there.
struct Option<Value: Sendable>: Sendable {
    var spec: OptionSpec
    /// The value as typed → the value; a value that will not do is a usage error (exit 2) whose
    /// message names the option.
    let parse: @Sendable (String) throws(Arguments.UsageError) -> Value

    /// The same option with this command's own description in the help.
    func described(_ lines: String...) -> Option {
        var option = self
        option.spec.help = lines
        return option
    }
}

extension Option where Value == String {
    /// An option whose value is taken as typed: a path, a note, or text that the code it is handed
    /// to checks (`--at` is checked where the served forms' `at` is).
    static func text(
        _ name: String, _ placeholder: String, short: Character? = nil, oldNames: [String] = [],
        completes: CompletionValue = .nothing, help: [String]
    ) -> Option {
        Option(
            spec: OptionSpec(
                name: name, short: short, oldNames: oldNames, placeholder: placeholder, help: help,
                completes: completes),
            parse: { $0 })
    }
}

extension Option where Value == Bool {
    /// An option that takes no value: given or not.
    static func flag(_ name: String, short: Character? = nil, help: [String]) -> Option {
        Option(spec: OptionSpec(name: name, short: short, help: help), parse: { _ in true })
    }
}

extension Option {
    /// An option whose value is read into a `Value`, or refused with a message.
    static func parsed(
        _ name: String, _ placeholder: String, completes: CompletionValue = .nothing, help: [String],
        parse: @escaping @Sendable (String) throws(Arguments.UsageError) -> Value
    ) -> Option {
        Option(
            spec: OptionSpec(name: name, placeholder: placeholder, help: help, completes: completes), parse: parse)
    }
}
