import Basics
import SiteData

/// Why a command that edits data changed nothing: a finding in a data file, a message, or both.
public struct EditError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What kind of refusal it is: serve answers each with its own status (DESIGN.md §6).
    public enum Kind: Sendable, Equatable {
        /// Input that cannot be written (422).
        case invalid
        /// A write that may be a slip — the same deposit again within minutes, a service already
        /// active — asked about first; sent again with the confirmation, it is written (409).
        case askFirst
        /// The entry changed since the page that names it was made (409).
        case changed
    }

    /// The place in a data file the problem is about, printed with its line and a caret.
    public var diagnostic: Diagnostic?
    /// Shown after "sandjar: "; empty when the diagnostic says it all.
    public var message: String
    public var kind: Kind
    /// What a question (`askFirst`) is about, for a page to ask it in its own language: `about`
    /// (`deposit`, `session`, `subscription`, `goal`) and the values its words need (`at`, `amount`,
    /// `note`, `pattern`, `cycles` or `minutes`, `name`, `catalog`).
    public var details: [String: String]

    public init(
        _ message: String, diagnostic: Diagnostic? = nil, kind: Kind = .invalid, details: [String: String] = [:]
    ) {
        self.message = message
        self.diagnostic = diagnostic
        self.kind = kind
        self.details = details
    }

    /// A data file that could not be written: a folder it needed, in the words of the message;
    /// the file itself, as a finding on the file.
    init(writing failure: DataFolder.WriteFailure, shown: String) {
        switch failure.place {
        case .folder: self.init("cannot create the folder for \(shown): \(failure.reason)")
        case .file: self.init("", diagnostic: Diagnostic(.error, path: shown, message: failure.reason))
        }
    }

    public var description: String {
        let said = message.isEmpty ? nil : "sandjar: \(message)"
        return [diagnostic?.description, said].compactMap { $0 }.joined(separator: "\n")
    }
}

/// Who typed what an entry checks, so its messages name what that person sees: the command line's
/// options (`--note`), or a form's fields ("the note") — a page never speaks of options.
public enum Wording: Sendable, Equatable {
    case commandLine
    case form

    /// `--mood-before` on the command line, "mood before" in a form.
    public func name(_ option: String) -> String {
        switch self {
        case .commandLine: return "--" + option
        case .form: return Wording.fieldNames[option] ?? option.replacingOccurrences(of: "-", with: " ")
        }
    }

    private static let fieldNames = [
        "at": "the time", "on": "the date", "note": "the note", "amount": "the amount", "from": "the date",
        "cycles": "the cycles", "minutes": "the minutes", "mood-before": "mood before", "mood-after": "mood after",
    ]
}

/// Text fields never hold control characters (DESIGN.md §6): the one rule of
/// `ControlCharacters.refusedInTypedText`, for the command line and the forms alike.
enum TypedText {
    /// The first control character in `text`, described ("U+0007"), or nil.
    static func controlCharacter(in text: String) -> String? {
        ControlCharacters.refusedInTypedText(text)
    }

    /// Refuses `text` when it holds a control character: `what` names the field or the option.
    static func check(_ text: String, _ what: String) throws(EditError) {
        if let control = controlCharacter(in: text) {
            throw EditError("\(what) holds a control character (\(control)); type it without one")
        }
    }
}
