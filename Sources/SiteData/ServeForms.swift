/// What `sandjar serve` adds to the pages it serves, and only those (DESIGN.md §6): the forms
/// that edit the data folder. A built site never has them, so its bytes do not change.
///
/// The forms of a page depend on the data and the run's token only, so a write changes only the
/// pages its data shows. What is said to one person after one request — a form sent back with its
/// message, what a write did with its Undo — is rendered into that one page when it is asked for.
public struct ServeForms: Sendable, Equatable {
    /// The run's secret, in every form; the server compares it in constant time.
    public var token: String
    /// A form sent back to the person with why it was refused, and what they typed.
    public var pending: PendingForm?
    /// What the last write did, said at the top of the page it lands on.
    public var notice: ServeNotice?
    /// The fingerprint of the deposit or session whose Edit was tapped: its forms are on the page
    /// (`?edit=…`); every other entry has only the link that asks for them, so a page of a hundred
    /// deposits stays small.
    public var editing: String?

    public init(token: String, pending: PendingForm? = nil, notice: ServeNotice? = nil, editing: String? = nil) {
        self.token = token
        self.pending = pending
        self.notice = notice
        self.editing = editing
    }
}

/// One form as it was sent, for the page that answers it: refilled, with the message.
public struct PendingForm: Sendable, Equatable {
    /// The form, by the address it posts to.
    public var kind: WriteKind.Form
    /// What the form is about: a goal, pattern or subscription id, an entry's fingerprint; nil for
    /// a new subscription or goal.
    public var target: String?
    /// What was typed, by field name.
    public var values: [String: String]
    /// The message, as the command line would print it (`path:line:column: error: …` and a caret).
    public var message: String
    /// The form asks "again?": sent once more, it carries `confirm=1` and is written.
    public var confirm: Bool
    /// The message is said at the top of the page: the form it came from is not on the page as it
    /// is now (an entry that changed since, an Undo).
    public var atTop: Bool
    /// What the question of a `confirm` form is about, for its words in the page's language
    /// (`EditError.details`); the message is said when there are none.
    public var question: [String: String]

    public init(
        kind: WriteKind.Form, target: String?, values: [String: String], message: String, confirm: Bool = false,
        atTop: Bool = false, question: [String: String] = [:]
    ) {
        self.kind = kind
        self.target = target
        self.values = values
        self.message = message
        self.confirm = confirm
        self.atTop = atTop
        self.question = question
    }
}

/// What one write did, for the page it lands on: "Added ¥50.00 to New bike", with Undo.
public struct ServeNotice: Sendable, Equatable {
    /// The write's kind, as the undo journal keeps it, and its values (`goal`, `amount`, `name`,
    /// `date`, `pattern`, `length`).
    public var kind: WriteKind
    public var values: [String: String]
    /// The journal entry Undo takes back; nil when there is none to offer.
    public var undoID: Int?
    /// The write was taken back: the notice says so, without Undo.
    public var undone: Bool
    /// What the command line would have warned, in words (a day after today, a duplicate).
    public var warnings: [String]
    /// The badges unlocked by it, by id.
    public var unlocked: [String]

    public init(
        kind: WriteKind, values: [String: String], undoID: Int? = nil, undone: Bool = false, warnings: [String] = [],
        unlocked: [String] = []
    ) {
        self.kind = kind
        self.values = values
        self.undoID = undoID
        self.undone = undone
        self.warnings = warnings
        self.unlocked = unlocked
    }
}
