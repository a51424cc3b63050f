import Domain
import Foundation
import SiteData
import TOML

/// A deposit or a session as its file holds it, found for a correction.
struct LoggedEntry {
    var relative: String
    var file: SourceFile
    /// Among the file's `[[deposit]]` or `[[session]]` entries, from 0.
    var index: Int
    var at: EventTime
    var fingerprint: String
    var location: SourceLocation
    /// "20 (first!)" or "box, 4 cycles", to tell entries apart in a message.
    var summary: String
    var values: TOMLTable

    /// `content/goals/bike.toml:12`.
    var place: String { "\(file.path):\(location.line)" }
}

/// Finding the deposit or session a correction names: by its time as written, and, from a page,
/// the fingerprint of the values the page showed (DESIGN.md §6).
enum LoggedEntries {
    /// The deposits of a goal file, in file order.
    static func deposits(in found: GoalFiles.Found) -> [LoggedEntry] {
        guard let file = found.file, let table = found.table else { return [] }
        return entries(of: "deposit", in: table, file: file, relative: found.relative) { values, at in
            guard let amount = values["amount"]?.exactDecimal else { return nil }
            let note = values["note"]?.stringValue
            let fingerprint = EntryFingerprint.of(Deposit(at: at, amount: amount, note: note))
            return (fingerprint, amount.description + (note.map { " (\($0))" } ?? ""))
        }
    }

    /// The sessions of every `practice/*.toml`, in the loader's order. A file that cannot be read
    /// is an error: the session named may be in it.
    static func sessions(in folder: DataFolder, memo: ParsedTables = ParsedTables()) throws(EditError) -> [LoggedEntry]
    {
        var all: [LoggedEntry] = []
        for relative in PracticeReader.group.files(in: folder) {
            let advice = "sandjar reads every practice file to find a session; fix this first, nothing was changed"
            let (file, table) = try folder.parsedForEditing(relative, advice: advice, memo: memo)
            all += entries(of: "session", in: table, file: file, relative: relative) { values, at in
                guard let pattern = values["pattern"]?.stringValue else { return nil }
                let length: PracticeSession.Length
                if case .integer(let n)? = values["cycles"]?.kind {
                    length = .cycles(Int(clamping: n))
                } else if let minutes = values["minutes"]?.exactDecimal {
                    length = .minutes(minutes)
                } else if let items = values["holds"]?.arrayValue {
                    length = .holds(
                        items.map { item in if case .integer(let n) = item.kind { Int(clamping: n) } else { 0 } })
                } else {
                    return nil
                }
                let mood = { (key: String) -> Int? in
                    if case .integer(let n)? = values[key]?.kind { return Int(clamping: n) }
                    return nil
                }
                let session = PracticeSession(
                    at: at, pattern: pattern, length: length, program: values["program"]?.stringValue,
                    moodBefore: mood("mood_before"), moodAfter: mood("mood_after"))
                let shown: String
                switch length {
                case .cycles(let n): shown = n == 1 ? "1 cycle" : "\(n) cycles"
                case .minutes(let m): shown = "\(m) minutes"
                case .holds(let h): shown = "holds " + h.map { "\($0) s" }.joined(separator: ", ")
                }
                return (EntryFingerprint.of(session), "\(pattern), \(shown)")
            }
        }
        return all
    }

    private static func entries(
        of table: String, in document: TOMLTable, file: SourceFile, relative: String,
        _ describe: (TOMLTable, EventTime) -> (fingerprint: String, summary: String)?
    ) -> [LoggedEntry] {
        var found: [LoggedEntry] = []
        for (index, item) in (document[table]?.arrayValue ?? []).enumerated() {
            guard let values = item.tableValue, case .dateTime(let written)? = values["at"]?.kind,
                let at = EventTime(written), let (fingerprint, summary) = describe(values, at)
            else { continue }
            found.append(
                LoggedEntry(
                    relative: relative, file: file, index: index, at: at, fingerprint: fingerprint,
                    location: item.location, summary: summary, values: values))
        }
        return found
    }

    /// The one entry of `candidates` that `at` names.
    ///
    /// From a page (`fingerprint` given), `at` is the entry's time exactly as written and the
    /// fingerprint must match, else the entry changed since the page was made (`.changed`). From the
    /// command line, `at` names the minute (a date alone names the day), and `narrow` (the amount
    /// or pattern typed) tells entries of one minute apart; more than one left is an error that
    /// lists them.
    static func pick(
        _ candidates: [LoggedEntry], at typed: TOMLDateTime, fingerprint: String?, what: String, in place: String,
        narrow: ((LoggedEntry) -> Bool)?, narrowOption: String
    ) throws(EditError) -> LoggedEntry {
        guard let at = EventTime(typed) else { throw EditError("the time names no day") }
        if let fingerprint {
            let same = candidates.filter { $0.at == at }
            if let entry = same.first(where: { $0.fingerprint == fingerprint }) { return entry }
            throw EditError(
                same.isEmpty
                    ? "that \(what) is no longer in \(place): it was removed or changed since this page was made; "
                        + "nothing was changed. The page now shows the \(what)s as they are"
                    : "that \(what) was changed since this page was made (\(same[0].place)); nothing was changed. "
                        + "The page now shows it as it is", kind: .changed)
        }
        var matches = candidates.filter { entry in
            guard entry.at.date == at.date else { return false }
            guard let minute = at.secondOfDay.map({ $0 / 60 }) else { return true }
            return entry.at.secondOfDay.map { $0 / 60 } == minute
        }
        if let narrow { matches = matches.filter(narrow) }
        if matches.count == 1 { return matches[0] }
        // The same entry written twice (a slip, repeated): whichever goes, the same data is left;
        // the later line goes, as the slip most likely is.
        if matches.count > 1, let last = matches.last, matches.allSatisfy({ $0.fingerprint == last.fingerprint }) {
            return last
        }
        let shown = at.secondOfDay == nil ? at.date.description : String(typed.description.prefix(16))
        if matches.isEmpty {
            var message = "no \(what) in \(place) at \(shown)"
            let sameDay = candidates.filter { $0.at.date == at.date }
            let nearby = sameDay.isEmpty ? Array(candidates.suffix(3)) : sameDay
            if !nearby.isEmpty {
                message +=
                    "\n\(sameDay.isEmpty ? "the latest" : "on \(at.date)"): "
                    + nearby.map { "\($0.at) \($0.summary) (\($0.place))" }.joined(separator: "; ")
            }
            throw EditError(message + "\nnothing was changed")
        }
        let listed = matches.map { "  \($0.at)  \($0.summary)  (\($0.place))" }.joined(separator: "\n")
        // Only what was not given yet can tell them apart.
        var ways: [String] = []
        if narrow == nil { ways.append("say which with \(narrowOption)") }
        if at.secondOfDay == nil { ways.append("give the time to the minute") }
        let how =
            ways.isEmpty
            ? "the command line cannot tell them apart; remove the one you mean from its line in the file, or "
                + "with Remove in 'sandjar serve'"
            : ways.joined(separator: ", or ")
        throw EditError("\(matches.count) \(what)s in \(place) at \(shown); \(how):\n\(listed)\nnothing was changed")
    }
}
