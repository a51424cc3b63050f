import DataEdit
import Domain
import Foundation
import SiteData
import TOML

/// `sandjar add …`: commands that record something new in the data folder (DESIGN.md §6).
extension SandjarCommand {
    /// - Parameter now: the clock for entries without `--at`; tests pass a fixed instant.
    static func add(_ words: [String], console: Console, now: Date = Date()) throws(Arguments.UsageError) -> Int32 {
        let hint = "try 'sandjar add deposit GOAL AMOUNT' or 'sandjar add session PATTERN --cycles N'"
        guard let what = words.first else {
            throw Arguments.UsageError(message: "add what? \(hint)", command: "add deposit")
        }
        switch what {
        case "deposit": return try addDeposit(Array(words.dropFirst()), console: console, now: now)
        case "session": return try addSession(Array(words.dropFirst()), console: console, now: now)
        case "--help", "-h": return try help(["add"], console: console)
        default:
            var message = "cannot add '\(what)'"
            if let guess = Suggestion.closest(to: what, in: Commands.words(of: "add")) {
                message += "; did you mean '\(guess)'?"
            }
            throw Arguments.UsageError(message: "\(message); \(hint)", command: "add deposit")
        }
    }

    /// `sandjar add deposit GOAL AMOUNT [--at DATETIME] [--note TEXT] [--by PERSON] [--data DIR]`.
    ///
    /// Everything typed is checked before the goal file is touched: a missing or extra argument or
    /// a malformed value (amount, `--at`, `--note`) is a usage error, exit 2; a deposit the data
    /// refuses (an unknown goal, an unreadable file) exits 1. Either way the file is as it was.
    private static func addDeposit(_ words: [String], console: Console, now: Date) throws(Arguments.UsageError)
        -> Int32
    {
        let command = Commands.addDeposit
        let words = negativeNumbersAsPositionals(words, command)
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 2 else {
            let count = arguments.positionals.count
            throw Arguments.UsageError(
                message: count < 2
                    ? "add deposit needs a GOAL and an AMOUNT, e.g. 'sandjar add deposit bike 12.50'"
                    : "add deposit takes a GOAL and an AMOUNT, got \(count) words; quote a note with --note \"…\"",
                command: command.name)
        }
        let goal = arguments.positionals[0]
        let (at, note, by) = (try arguments[.at], try arguments[.note], try arguments[.by("")])
        let entry: DepositEntry
        do {
            entry = try DepositEntry(amount: arguments.positionals[1], at: at, note: note, by: by)
        } catch {
            throw Arguments.UsageError(message: error.message, command: command.name)
        }
        guard let data = try dataFolder(arguments, console: console) else { return 1 }
        do throws(EditError) {
            let added = try entry.add(to: goal, data: data, now: now)
            console.out("added \(added.amount) to \(added.goal) (\(added.path))\n")
            if let today = added.todayBeforeIt { warnAfterToday(added.at, today: today, what: "deposit", console) }
            if let same = added.sameAs {
                console.err(
                    "sandjar: warning: the same deposit was added at \(same); if this one is a slip, "
                        + "'sandjar undo' takes it back\n")
            }
            if let why = added.tooEarly {
                let day = added.at.date.map(\.description) ?? added.at.description
                console.err(
                    "sandjar: warning: \(day) is \(why); is the year right? (check and build warn about it too)\n")
            }
            return 0
        } catch {
            console.err(error.description + "\n")
            return 1
        }
    }

    /// `sandjar add session PATTERN (--cycles N | --minutes M | --holds S,S,S) [--program ID] [--at DATETIME]
    /// [--mood-before 1..5] [--mood-after 1..5] [--by PERSON] [--data DIR]`.
    ///
    /// Appends a `[[session]]` to `practice/YYYY-MM.toml` (the month of `--at`, or of now in the
    /// site's time zone), creating the file when missing. A missing PATTERN, a missing length,
    /// both lengths or a malformed value (cycles that are not a whole number ≥ 1, minutes ≤ 0, a
    /// mood outside 1…5, a bad `--at`) are usage errors (exit 2); what the data refuses — an
    /// unknown pattern or program — exits 1 and leaves every file as it was.
    private static func addSession(_ words: [String], console: Console, now: Date) throws(Arguments.UsageError)
        -> Int32
    {
        let command = Commands.addSession
        let words = negativeNumbersAsPositionals(words, command)
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 1 else {
            let count = arguments.positionals.count
            throw Arguments.UsageError(
                message: count == 0
                    ? "add session needs a PATTERN, e.g. 'sandjar add session 4-7-8 --cycles 4'"
                    : "add session takes one PATTERN, got \(count) words",
                command: command.name)
        }
        let cycles = try arguments[.cycles]
        let minutes = try arguments[.minutes]
        let holds = try arguments[.holds]
        guard [cycles, minutes, holds].compactMap({ $0 }).count == 1 else {
            throw Arguments.UsageError(
                message: [cycles, minutes, holds].allSatisfy { $0 == nil }
                    ? "add session needs --cycles N or --minutes M (--holds S,S,S for a retention pattern), "
                        + "e.g. 'sandjar add session 4-7-8 --cycles 4'"
                    : "add session takes one of --cycles, --minutes or --holds",
                command: command.name)
        }
        let (program, at) = (try arguments[.program], try arguments[.at])
        let (moodBefore, moodAfter) = (try arguments[.moodBefore], try arguments[.moodAfter])
        let by = try arguments[.by("")]
        let entry: SessionEntry
        do {
            entry = try SessionEntry(
                pattern: arguments.positionals[0], cycles: cycles, minutes: minutes, holds: holds, program: program,
                at: at,
                moodBefore: moodBefore, moodAfter: moodAfter, by: by)
        } catch {
            throw Arguments.UsageError(message: error.message, command: command.name)
        }
        guard let data = try dataFolder(arguments, console: console) else { return 1 }
        do throws(EditError) {
            let added = try entry.add(data: data, now: now)
            console.out("added \(added.length) of \(added.pattern) (\(added.path))\n")
            if let today = added.todayBeforeIt { warnAfterToday(added.at, today: today, what: "session", console) }
            if let program = added.notEnrolledIn {
                console.err(
                    "sandjar: note: there is no [[enrollment]] in '\(program)' starting on or before this session, "
                        + "so it counts toward no program yet\n")
            }
            return 0
        } catch {
            console.err(error.description + "\n")
            return 1
        }
    }

    /// An entry dated after today is written as asked (a planned transfer, a session logged
    /// ahead), but it does not count until its day, as `check` would say too.
    private static func warnAfterToday(_ at: TOMLDateTime, today: CalendarDate, what: String, _ console: Console) {
        let day = at.date.map(\.description) ?? at.description
        console.err("sandjar: warning: \(day) is after today (\(today)); the \(what) does not count until then\n")
    }

    /// Moves words like `-5` or `-.5` behind a `--`, keeping the order of all positionals, so a
    /// negative amount reaches the amount check (with its reason) instead of being taken for an
    /// unknown option. Anything else is left for `Arguments` to judge.
    static func negativeNumbersAsPositionals(_ words: [String], _ command: CommandSpec) -> [String] {
        var options: [String] = []
        var positionals: [String] = []
        var index = 0
        while index < words.count {
            let word = words[index]
            index += 1
            if word == "--" {
                positionals += words[index...]
                break
            }
            let option = command.option(spelled: word)
            if word.hasPrefix("--") || option != nil {
                options.append(word)
                if option?.takesValue == true {
                    guard index < words.count else { return words }  // Arguments says what is missing
                    options.append(words[index])
                    index += 1
                }
            } else if word.hasPrefix("-"), word.count > 1, !isNegativeNumber(word) {
                options.append(word)
            } else {
                positionals.append(word)
            }
        }
        return options + ["--"] + positionals
    }

    private static func isNegativeNumber(_ word: String) -> Bool {
        guard word.hasPrefix("-"), let next = word.dropFirst().first else { return false }
        return next.isASCII && (next.isNumber || next == ".")
    }
}
