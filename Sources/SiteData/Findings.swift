/// Why nothing was done: every finding at its place, then, after `sandjar: `, what became of it
/// ("nothing was imported"). The one error of a reader or an import that reports every problem
/// it found at once — Wallos's and Loop's exports, and their imports.
public struct Findings: Error, Equatable, Sendable, CustomStringConvertible {
    public var diagnostics: [Diagnostic]
    /// Shown after "sandjar: "; empty when the findings say it all.
    public var message: String

    public init(diagnostics: [Diagnostic], message: String = "") {
        self.diagnostics = diagnostics
        self.message = message
    }

    /// Each finding, then `sandjar: message`, with how many errors there were when more than one.
    public var description: String {
        let count = diagnostics.filter { $0.severity == .error }.count
        let said = message.isEmpty ? [] : ["sandjar: \(message)\(count > 1 ? " (\(count) errors)" : "")"]
        return (diagnostics.map(\.description) + said).joined(separator: "\n")
    }
}
