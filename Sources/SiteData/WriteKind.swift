/// What one write to the data folder is (DESIGN.md §6), the one name of it from the form that
/// sends it, through the undo journal that keeps it, to the notice that says it on the page it
/// lands on ("Added ¥50.00 to New bike").
///
/// Its raw value is the name the undo journal writes on disk (`"remove-deposit"`): an old journal
/// is read by it, so a name never changes.
public enum WriteKind: String, Codable, Sendable, CaseIterable {
    case deposit, session, slay, revive, price, subscription, goal
    case removeDeposit = "remove-deposit"
    case removeSession = "remove-session"
    case editDeposit = "edit-deposit"
    case editSession = "edit-session"
    case importSubscriptions = "import"
    case importPractice = "import-practice"

    /// A form of `sandjar serve`, by the address it posts to (`/_sandjar/<raw value>`): each sends
    /// the writes that name it (`WriteKind.form`); Undo takes one back.
    public enum Form: String, Sendable, CaseIterable {
        case deposit, session, slay, subscription, goal
        /// A deposit's or session's values changed, or the entry removed (DESIGN.md §6).
        case edit, remove
        case revive, price, undo

        /// The write it sends; an Edit's or a Remove's by the entry it names (`entry`: `deposit`,
        /// else a session's); none for Undo, which takes one back.
        public func write(entry: String?) -> WriteKind? {
            let deposit = entry == "deposit"
            switch self {
            case .deposit: return .deposit
            case .session: return .session
            case .slay: return .slay
            case .subscription: return .subscription
            case .goal: return .goal
            case .edit: return deposit ? .editDeposit : .editSession
            case .remove: return deposit ? .removeDeposit : .removeSession
            case .revive: return .revive
            case .price: return .price
            case .undo: return nil
            }
        }
    }

    /// The form that sends it; nil for an import, which only the command line makes.
    public var form: Form? {
        switch self {
        case .deposit: .deposit
        case .session: .session
        case .slay: .slay
        case .revive: .revive
        case .price: .price
        case .subscription: .subscription
        case .goal: .goal
        case .editDeposit, .editSession: .edit
        case .removeDeposit, .removeSession: .remove
        case .importSubscriptions, .importPractice: nil
        }
    }

    /// The page a write of this kind lands on, relative to the language's folder, and its Undo
    /// too: the one that shows what it changed (`goals/bike/`).
    /// - Parameters:
    ///   - goal: the goal it is about, when it is about one (an id); its family's page else.
    ///   - undone: the write was taken back: a goal's own page went with it.
    public func page(goal: String?, undone: Bool = false) -> String {
        switch self {
        case .goal where undone: "goals/"
        case .deposit, .editDeposit, .removeDeposit, .goal: goal.map { "goals/\($0)/" } ?? "goals/"
        case .session, .importPractice: "breathing/"
        case .editSession, .removeSession: "practice/"
        case .slay, .revive, .price, .subscription, .importSubscriptions: "subscriptions/"
        }
    }
}
