import Domain
import Foundation
import SiteData
import TOML

/// One new practice session for `sandjar add session`, checked completely before any file is
/// touched. It goes into `practice/YYYY-MM.toml` for the month of its date as written (created
/// when missing), so the loader reads it back exactly as it reads a session typed by hand.
public struct SessionEntry: Sendable, Equatable {
    /// The loader's limits for `cycles` and `minutes`.
    public static let maxCycles = PracticeSession.maxCycles
    public static let maxMinutes = PracticeSession.maxMinutes

    /// Logged by whole cycles or by minutes, exactly one of them; a retention pattern's session
    /// by its holds, the seconds of each round's hold.
    public enum Length: Sendable, Equatable, CustomStringConvertible {
        case cycles(Int)
        case minutes(AmountLiteral)
        case holds([Int])

        /// `cycles`, `minutes` or `holds` and the number(s), for the journal and the words of a page.
        public var values: [String: String] {
            switch self {
            case .cycles(let n): return ["cycles": String(n)]
            case .minutes(let m): return ["minutes": m.text]
            case .holds(let h): return ["holds": h.map(String.init).joined(separator: ",")]
            }
        }

        /// `4 cycles`, `1 minute`, `2.5 minutes`, `3 rounds (holds of 60, 75 and 90 s)`.
        public var description: String {
            switch self {
            case .cycles(let n): return n == 1 ? "1 cycle" : "\(n) cycles"
            case .minutes(let m): return m.text == "1" ? "1 minute" : "\(m.text) minutes"
            case .holds(let h):
                let seconds = h.map(String.init)
                let listed =
                    seconds.count > 1
                    ? seconds.dropLast().joined(separator: ", ") + " and " + seconds[seconds.count - 1]
                    : seconds.joined()
                return (h.count == 1 ? "1 round (a hold of " : "\(h.count) rounds (holds of ") + listed + " s)"
            }
        }

        /// The line the session's file gets.
        var field: TOMLField {
            switch self {
            case .cycles(let n): return .integer("cycles", Int64(n))
            case .minutes(let m): return .amount("minutes", m)
            case .holds(let h): return .integers("holds", h.map(Int64.init))
            }
        }
    }

    public var pattern: String
    public var length: Length
    public var program: String?
    /// Nil: now, in the site's time zone, decided when the entry is added.
    public var at: TOMLDateTime?
    public var moodBefore: Int?
    public var moodAfter: Int?
    /// Who practised (a `[[person]]` id), checked against site.toml's people when it is added.
    public var by: String?
    /// Who typed it, for the messages of the checks made when it is added.
    var wording: Wording

    /// Validates everything that can be judged without the data folder: the length, `--at` and
    /// the moods. Pattern and program are checked against the folder by `add(data:now:)`.
    public init(
        pattern: String, cycles: String?, minutes: String?, holds: String? = nil, program: String? = nil,
        at: String? = nil, moodBefore: String? = nil, moodAfter: String? = nil, by: String? = nil,
        wording: Wording = .commandLine
    ) throws(EditError) {
        self.pattern = pattern
        self.by = by
        self.wording = wording
        self.program = program
        let (cyclesName, minutesName) = (wording.name("cycles"), wording.name("minutes"))
        if let holds {
            guard cycles == nil, minutes == nil else {
                throw EditError(
                    "give \(wording.name("holds")) alone: a retention session is measured by its holds, "
                        + "not by cycles or minutes")
            }
            length = .holds(try SessionEntry.holds(holds, wording.name("holds")))
        } else {
            switch (cycles, minutes) {
            case (let cycles?, nil): length = .cycles(try SessionEntry.cycles(cycles, cyclesName))
            case (nil, let minutes?): length = .minutes(try SessionEntry.minutes(minutes, minutesName))
            case (nil, nil):
                throw EditError(
                    wording == .form
                        ? "a session needs the cycles (or the minutes) it lasted"
                        : "a session needs --cycles N or --minutes M (or --holds S,S,S for a retention pattern)")
            case (_?, _?): throw EditError("give \(cyclesName) or \(minutesName), not both")
            }
        }
        do {
            self.at = try at.map { (text) throws(Diagnostic) in
                try EventTimeLiteral.parse(text, option: wording.name("at"))
            }
        } catch {
            throw EditError(error.message)
        }
        self.moodBefore = try moodBefore.map { (text) throws(EditError) in
            try SessionEntry.mood(text, wording.name("mood-before"))
        }
        self.moodAfter = try moodAfter.map { (text) throws(EditError) in
            try SessionEntry.mood(text, wording.name("mood-after"))
        }
    }

    /// What was added, for the one-line report.
    public struct Added: Sendable, Equatable {
        public var pattern: String
        /// As shown to the user: `content/practice/2026-11.toml`.
        public var path: String
        public var length: Length
        public var at: TOMLDateTime
        /// Set when the session names a program the folder has no enrollment in on or before its
        /// day: it is logged, but counts toward no program (DESIGN.md §3) until there is one.
        public var notEnrolledIn: String?
        /// Today, when the session is dated after it: written, but not counted until its day.
        public var todayBeforeIt: CalendarDate? = nil
        /// The undo journal's entry for the write.
        public var journalID: Int = 0
    }

    /// Appends this session to the practice file of its month in the data folder.
    /// - Parameter now: the clock, for a session without `--at`; tests pass a fixed instant.
    /// - Parameter askFirst: refuse (`EditError.Kind.askFirst`) a session identical to one logged
    ///   within two minutes, as a form sent twice would be.
    public func add(data: String, now: Date, journal: UndoJournal? = nil, askFirst: Bool = false) throws(EditError)
        -> Added
    {
        try add(in: DataFileEditor(data: data, journal: journal), now: now, askFirst: askFirst)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func add(in editor: DataFileEditor, now: Date, askFirst: Bool = false) throws(EditError) -> Added {
        try editor.locked { () throws(EditError) -> Added in try add(with: editor, now: now, askFirst: askFirst)
        }
    }

    /// The edit itself, under the data folder's edit lock.
    private func add(with editor: DataFileEditor, now: Date, askFirst: Bool) throws(EditError) -> Added {
        let names = try BreathingNames.read(editor.folder, memo: editor.memo)
        try SessionEntry.check(pattern, kind: "pattern", known: names.patterns)
        try SessionEntry.check(length, of: pattern, rounds: names.retentionRounds[pattern])
        if let program { try SessionEntry.check(program, kind: "program", known: names.programs) }
        if let by { try WhoIsWriting.check(by, in: editor.folder, wording: wording, memo: editor.memo) }
        let when: TOMLDateTime
        if let at {
            when = at
        } else {
            do {
                when = EventTimeLiteral.now(now, in: try SiteTimeZone.read(editor.folder, memo: editor.memo))
            } catch {
                throw EditError(
                    "sandjar needs the site's time zone to date the session; fix it or give --at",
                    diagnostic: error.diagnostic)
            }
        }
        guard let date = when.date, let day = CalendarDate(date) else {
            throw EditError("--at needs a date")
        }
        let month = String(day.description.prefix(7))
        if askFirst, let same = try sameSession(at: when, in: editor.folder, memo: editor.memo) {
            let question = ["about": WriteKind.session.rawValue, "pattern": pattern, "at": same]
            throw EditError(
                "the same session (\(pattern), \(length)) was logged at \(same); log it again?", kind: .askFirst,
                details: length.values.merging(question) { own, _ in own })
        }
        var fields: [TOMLField] = [.dateTime("at", when), .string("pattern", pattern), length.field]
        if let program { fields.append(.string("program", program)) }
        if let moodBefore { fields.append(.integer("mood_before", Int64(moodBefore))) }
        if let moodAfter { fields.append(.integer("mood_after", Int64(moodAfter))) }
        if let by { fields.append(.string("by", by)) }
        var values = length.values.merging(["pattern": pattern, "at": when.description]) { own, _ in own }
        if let by { values["by"] = by }
        let action = JournalAction(.session, "logged \(length) of \(pattern)", values: values)
        let written = try editor.append(
            table: "session", fields: fields, to: "practice/\(month).toml", createIfMissing: true, action: action)
        let enrolled = program.map { id in names.enrollments.contains { $0.program == id && $0.start <= day } }
        return Added(
            pattern: pattern, path: written.path, length: length, at: when,
            notEnrolledIn: enrolled == false ? program : nil,
            todayBeforeIt: at.flatMap {
                EventTimeLiteral.todayWhenLater(than: $0, folder: editor.folder, memo: editor.memo, now: now)
            },
            journalID: written.journalID)
    }

    /// The time of a session with this pattern, length and program logged within two minutes of
    /// `when`.
    private func sameSession(at when: TOMLDateTime, in folder: DataFolder, memo: ParsedTables) throws(EditError)
        -> String?
    {
        guard let mine = EventTime(when) else { return nil }
        for entry in try LoggedEntries.sessions(in: folder, memo: memo) {
            let values = entry.values
            guard values["pattern"]?.stringValue == pattern, values["program"]?.stringValue == program,
                let apart = mine.seconds(from: entry.at), abs(apart) <= DepositEntry.againWithin
            else { continue }
            let same: Bool
            switch length {
            case .cycles(let n):
                if case .integer(let written)? = values["cycles"]?.kind { same = written == n } else { same = false }
            case .minutes(let m): same = values["minutes"]?.exactDecimal == m.value
            case .holds: same = values["holds"].map(length.field.matches) ?? false
            }
            if same { return entry.at.description }
        }
        return nil
    }

    static func check(_ name: String, kind: String, known: [String]) throws(EditError) {
        guard !known.contains(name) else { return }
        var message = "unknown \(kind) '\(name)'"
        if let guess = Suggestion.closest(to: name, in: known) { message += "; did you mean '\(guess)'?" }
        message += "\nknown \(kind)s: \(known.joined(separator: ", "))"
        throw EditError(message)
    }

    /// A retention pattern (its `rounds`) takes holds, one per round; a paced one (nil) does not.
    static func check(_ length: Length, of pattern: String, rounds: Int?) throws(EditError) {
        switch (length, rounds) {
        case (.holds(let holds), let rounds?) where holds.count != rounds:
            let count = holds.count == 1 ? "1 hold" : "\(holds.count) holds"
            throw EditError(
                "\(count) given; the retention pattern '\(pattern)' has \(rounds == 1 ? "1 round" : "\(rounds) rounds"), "
                    + "one hold each")
        case (.holds, nil):
            throw EditError(
                "'\(pattern)' is a paced pattern: log its cycles or minutes; holds belong to a retention pattern")
        case (.cycles, _?), (.minutes, _?):
            throw EditError(
                "'\(pattern)' is a retention pattern: log the seconds of each round's hold, one per round, such as 60,75,90"
            )
        default: return
        }
    }

    /// `60,75,90`: whole seconds, each 1 to 600, one per round.
    static func holds(_ typed: String, _ name: String = "--holds") throws(EditError) -> [Int] {
        let limit = BreathingPattern.holdLimit
        let parts = typed.split(separator: ",", omittingEmptySubsequences: false).map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        var holds: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.count <= 4, part.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
                let n = Int(part), limit.contains(n)
            else {
                throw EditError(
                    "\(name) '\(typed)': give each round's hold in whole seconds from \(limit.lowerBound) to "
                        + "\(limit.upperBound), separated by commas, such as 60,75,90")
            }
            holds.append(n)
        }
        guard holds.count <= 100 else { throw EditError("\(name) '\(typed)': at most 100 rounds") }
        return holds
    }

    static func cycles(_ typed: String, _ name: String = "--cycles") throws(EditError) -> Int {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty, text.count <= 7, text.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }),
            let n = Int(text), (1...maxCycles).contains(n)
        else {
            throw EditError("\(name) '\(typed)': give a whole number of cycles from 1 to \(maxCycles), such as 4")
        }
        return n
    }

    static func minutes(_ typed: String, _ name: String = "--minutes") throws(EditError) -> AmountLiteral {
        let minutes: AmountLiteral
        do {
            minutes = try AmountLiteral(typed)
        } catch {
            throw EditError("\(name) '\(typed)': give a number of minutes greater than 0, such as 5 or 2.5")
        }
        guard minutes.value <= Decimal(maxMinutes) else {
            throw EditError("\(name) '\(typed)': a session lasts at most \(maxMinutes) minutes (24 hours)")
        }
        return minutes
    }

    static func mood(_ typed: String, _ option: String) throws(EditError) -> Int {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard text.count == 1, let n = Int(text), (1...5).contains(n) else {
            throw EditError("\(option) '\(typed)': give a mood from 1 (low) to 5 (high)")
        }
        return n
    }
}

extension SessionEntry.Added {
    /// The day it is dated, `2026-11-29`.
    public var day: String { at.date.map(\.description) ?? at.description }
}
