import Basics
import Dispatch
import Mustache

/// A finding about the user's data or templates, pointing at the exact place.
///
/// Printed as `path:line:column: error: key.path message`, then the source line and a caret, so
/// editors and people can jump straight to it. One type for every finding, `Equatable`, so tests
/// compare whole values.
public struct Diagnostic: Error, Equatable, Sendable, CustomStringConvertible {
    /// A note says what was assumed, where nothing is wrong (`detect`'s "reading dates as
    /// day/month/year").
    public enum Severity: String, Sendable { case error, warning, note }

    public var severity: Severity
    /// Path as the user would type it, relative to the working directory where possible.
    public var path: String
    /// 1-based; 0 when the finding is about a whole file or folder.
    public var line: Int
    public var column: Int
    public var message: String
    /// The source line the finding points at, when there is one.
    public var lineText: String?

    public init(
        _ severity: Severity, path: String, line: Int = 0, column: Int = 0,
        message: String, lineText: String? = nil
    ) {
        self.severity = severity
        self.path = path
        self.line = line
        self.column = column
        self.message = message
        self.lineText = lineText
    }

    /// A finding about no one file — a folder a command was given, a typed amount or option — said as
    /// `sandjar: message` (a warning as `sandjar: warning: message`).
    public init(_ message: String, severity: Severity = .error) {
        self.init(severity, path: "", message: message)
    }

    /// The first line alone: `path:line:column: error: message` (`path:line:` for a whole line,
    /// `path:` for a whole file, `sandjar: message` for no file).
    public var headline: String {
        guard !self.path.isEmpty else {
            let label = severity == .error ? "" : severity.rawValue + ": "
            return "sandjar: \(label)\(Diagnostic.visible(message, keepingLineBreaks: true))"
        }
        let path = Diagnostic.visible(self.path, keepingLineBreaks: false)
        let place = line > 0 ? (column > 0 ? "\(path):\(line):\(column)" : "\(path):\(line)") : path
        return "\(place): \(severity.rawValue): \(Diagnostic.visible(message, keepingLineBreaks: true))"
    }

    public var description: String {
        guard let text = lineText, line > 0 else { return headline }
        var scalars = text.unicodeScalars.map { $0 == "\t" ? " " : $0 }
        var caretColumn = column
        // A long line (10,000 brackets, a minified file) is quoted around the column, not whole:
        // an error message must stay readable in a terminal or a cron mail.
        if scalars.count > Diagnostic.longestQuotedLine {
            let width = Diagnostic.quotedWindow
            let start = max(0, min(column - 1 - width / 2, scalars.count - width))
            let end = min(scalars.count, start + width)
            let before: [Unicode.Scalar] = start > 0 ? ["…"] : []
            let after: [Unicode.Scalar] = end < scalars.count ? ["…"] : []
            scalars = before + scalars[start..<end] + after
            caretColumn = column - start + before.count
        }
        // A control character is shown as its escape, never sent raw to the terminal; the caret
        // moves right by the width each escape adds before it.
        var shownScalars: [Unicode.Scalar] = []
        let caretIndex = caretColumn - 1
        for (index, scalar) in scalars.enumerated() {
            guard let escape = Diagnostic.escape(scalar) else {
                shownScalars.append(scalar)
                continue
            }
            shownScalars += escape.unicodeScalars
            if index < caretIndex { caretColumn += escape.unicodeScalars.count - 1 }
        }
        let shown = String(String.UnicodeScalarView(shownScalars))
        let caret = String(repeating: " ", count: max(0, caretColumn - 1)) + "^"
        return "\(headline)\n  \(shown)\n  \(caret)"
    }

    /// `text` with every character that would act on a terminal rather than show — the C0 and
    /// C1 controls and DEL (a NUL of a UTF-16 file, an escape sequence in a name), the line and
    /// paragraph separators, the bidirectional overrides — written as `\u{1B}`; a message's own
    /// line breaks are kept when `keepingLineBreaks`. For every text a message quotes.
    public static func visible(_ text: String, keepingLineBreaks: Bool) -> String {
        guard text.unicodeScalars.contains(where: { escape($0) != nil }) else { return text }
        var out = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            if keepingLineBreaks && scalar == "\n" {
                out.append(scalar)
            } else if let escape = escape(scalar) {
                out.append(contentsOf: escape.unicodeScalars)
            } else {
                out.append(scalar)
            }
        }
        return String(out)
    }

    /// `\u{0}` for a scalar a terminal would act on; nil for one it shows.
    static func escape(_ scalar: Unicode.Scalar) -> String? {
        let value = scalar.value
        // The controls of the one rule, and the bidirectional overrides, which reorder a line.
        let acts =
            ControlCharacters.isControl(scalar) || (0x202A...0x202E).contains(value)
            || (0x2066...0x2069).contains(value)
        return acts ? "\\u{" + String(value, radix: 16, uppercase: true) + "}" : nil
    }

    /// Lines up to this many characters are quoted whole; longer ones by a window this wide.
    static let longestQuotedLine = 160
    static let quotedWindow = 120
}

extension Diagnostic {
    /// A template error, placed at its `.mustache` file in the theme folder.
    package init(_ error: MustacheError, templates: DataFolder) {
        self.init(
            .error, path: templates.displayPath(error.template + ".mustache"), line: error.line,
            column: error.column, message: error.message, lineText: error.line > 0 ? error.lineText : nil)
    }
}

/// Collects findings while loading, so one run reports every problem, not just the first.
package final class DiagnosticLog {
    package private(set) var entries: [Diagnostic] = []
    /// Warnings become errors (`--strict`).
    let strict: Bool

    package init(strict: Bool) { self.strict = strict }

    package func add(_ diagnostic: Diagnostic) {
        var d = diagnostic
        if strict && d.severity == .warning { d.severity = .error }
        entries.append(d)
    }

    package var hasErrors: Bool { entries.contains { $0.severity == .error } }

    /// Runs `count` pieces of work on every core at once, each given a log of its own, then adds
    /// their findings here in index order: the report reads as if the work had run in turn.
    func concurrently(_ count: Int, _ work: (Int, DiagnosticLog) -> Void) {
        let logs = (0..<count).map { _ in DiagnosticLog(strict: strict) }
        nonisolated(unsafe) let shared = (logs: logs, work: work)
        DispatchQueue.concurrentPerform(iterations: count) { index in shared.work(index, shared.logs[index]) }
        for log in logs { log.entries.forEach(add) }
    }
    var errors: [Diagnostic] { entries.filter { $0.severity == .error } }
    var warnings: [Diagnostic] { entries.filter { $0.severity == .warning } }
}
