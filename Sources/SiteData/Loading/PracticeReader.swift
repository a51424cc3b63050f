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
enum PracticeReader {
    static let group = DataFileGroup(folder: "practice", fileExtension: "toml")
    static let sessionKeys = ["at", "pattern", "cycles", "minutes", "program", "mood_before", "mood_after", "by"]

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
        let length = readLength(reader)
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
