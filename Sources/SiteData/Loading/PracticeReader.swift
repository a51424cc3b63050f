import Domain
import Foundation

/// The sessions of `practice/*.toml` as read, in file order (the engine measures them as a
/// `PracticeLog`, in Breathing).
struct PracticeFiles {
    var sessions: [PracticeSession] = []
    /// Every session's `at`, for a build as of an earlier day.
    var dated: [DatedEntry] = []
}

/// Reads `practice/*.toml`: `[[session]]` tables, each checked against the patterns and programs
/// of breathing.toml.
package enum PracticeReader {
    package static let group = DataFileGroup(folder: "practice", fileExtension: "toml")
    static let sessionKeys = [
        "at", "pattern", "cycles", "minutes", "program", "mood_before", "mood_after", "holds", "by",
    ]

    /// `people`: site.toml's `[[person]]`s that `by` may name (nil when site.toml is unreadable).
    static func read(_ files: DataFiles, breathing: BreathingFile, people: [Person]? = nil) -> PracticeFiles {
        var log = PracticeFiles()
        for relative in files.files(group) {
            guard let reader = files.parse(relative) else { continue }
            reader.finish(known: ["session"])
            for entry in reader.tables("session") {
                let by = entry.person("by", people: people)
                if var session = readSession(entry, breathing: breathing), by != nil || !entry.has("by") {
                    session.by = by
                    log.sessions.append(session)
                    log.dated.append(DatedEntry(.session, on: session.at.date, key: "at", in: entry))
                }
            }
        }
        return log
    }

    private static func readSession(_ reader: TableReader, breathing: BreathingFile) -> PracticeSession? {
        defer { reader.finish(known: sessionKeys) }
        let at = reader.eventTime("at", required: true)
        if let at { reader.warnIfImplausiblyEarly("at", at.date) }
        let pattern = reader.string("pattern", required: true)
        if let pattern, !breathing.isKnownPattern(pattern) {
            reader.unknownReference("pattern", pattern, known: breathing.patterns.map(\.id), key: "pattern")
            return nil
        }
        let known = pattern.flatMap { id in breathing.patterns.first { $0.id == id } }
        let length: PracticeSession.Length?
        if let known, known.isRetention {
            length = readHolds(reader, of: known)
        } else {
            if reader.has("holds") {
                reader.error(
                    "holds",
                    "belongs to a retention pattern's session; '\(pattern ?? "")' is paced: log cycles or minutes")
            }
            length = readLength(reader)
        }
        let program = reader.string("program")
        if let program, !breathing.isKnownProgram(program) {
            reader.unknownReference("program", program, known: breathing.programs.map(\.id), key: "program")
            return nil
        }
        let mood = 1...5
        let before = reader.integer("mood_before", in: mood, rangeMessage: "must be between 1 and 5")
        let after = reader.integer("mood_after", in: mood, rangeMessage: "must be between 1 and 5")
        guard let at, let pattern, let length else { return nil }
        return PracticeSession(
            at: at, pattern: pattern, length: length, program: program,
            moodBefore: before, moodAfter: after)
    }

    /// A retention session's `holds`: one per round of its pattern, each 1 to 600 whole seconds;
    /// its length is its holds, so it takes no `cycles` or `minutes`.
    private static func readHolds(_ reader: TableReader, of pattern: BreathingPattern) -> PracticeSession.Length? {
        let lengths = ["cycles", "minutes"].filter(reader.has)
        for key in lengths {
            reader.error(
                key,
                "has no place in a session of the retention pattern '\(pattern.id)': log its holds = [..], one per round"
            )
        }
        guard let value = reader.table["holds"] else {
            guard lengths.isEmpty else { return nil }
            reader.tableError(
                "a session of the retention pattern '\(pattern.id)' needs holds = [..], the seconds of each of its "
                    + "\(pattern.rounds) rounds' holds")
            return nil
        }
        guard case .array(let items) = value.kind else {
            reader.error("holds", "must be an array of whole seconds, one per round, such as [62, 75, 91]")
            return nil
        }
        var holds: [Int] = []
        let limit = BreathingPattern.holdLimit
        for (index, item) in items.enumerated() {
            guard case .integer(let n) = item.kind else {
                reader.error("holds", item: index, at: item.location, "must be whole seconds, such as 75")
                return nil
            }
            guard let seconds = Int(exactly: n), limit.contains(seconds) else {
                reader.error(
                    "holds", item: index, at: item.location,
                    "is \(n): a hold lasts \(limit.lowerBound) to \(limit.upperBound) seconds")
                return nil
            }
            holds.append(seconds)
        }
        guard holds.count == pattern.rounds else {
            let rounds = pattern.rounds == 1 ? "1 round" : "\(pattern.rounds) rounds"
            let count = holds.count == 1 ? "1 hold" : "\(holds.count) holds"
            reader.error("holds", "has \(count); the pattern '\(pattern.id)' has \(rounds), one hold each")
            return nil
        }
        return .holds(holds)
    }

    /// `cycles` or `minutes`, exactly one of them.
    private static func readLength(_ reader: TableReader) -> PracticeSession.Length? {
        switch (reader.has("cycles"), reader.has("minutes")) {
        case (true, true):
            reader.error("minutes", "cannot be given together with cycles; log one or the other")
        case (true, false):
            return reader.integer(
                "cycles", in: 1...PracticeSession.maxCycles,
                rangeMessage: "must be from 1 to \(PracticeSession.maxCycles)"
            ).map { .cycles($0) }
        case (false, true):
            guard let minutes = reader.positive("minutes") else { return nil }
            guard minutes <= Decimal(PracticeSession.maxMinutes) else {
                reader.error(
                    "minutes", "is \(minutes): a session lasts at most \(PracticeSession.maxMinutes) minutes (24 hours)"
                )
                return nil
            }
            return .minutes(minutes)
        case (false, false):
            reader.tableError("a session needs cycles or minutes")
        }
        return nil
    }
}
