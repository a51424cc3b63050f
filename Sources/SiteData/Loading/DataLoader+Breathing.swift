import Domain
import Foundation

extension DataLoader {
    static let breathingKeys = ["pattern", "program", "enrollment", "pause"]
    static let patternKeys = ["id", "name", "inhale", "hold", "exhale", "rest"]
    static let programKeys = ["id", "name", "days"]
    static let programDayKeys = ["pattern", "cycles"]
    static let enrollmentKeys = ["program", "start"]
    static let sessionKeys = ["at", "pattern", "cycles", "minutes", "program", "mood_before", "mood_after"]

    func loadBreathing() {
        guard folder.fileExists("breathing.toml") else { return }
        guard let reader = parse("breathing.toml") else {
            breathingUnusable = true
            return
        }
        reader.finish(known: DataLoader.breathingKeys)
        for entry in reader.tables("pattern") {
            if let pattern = readPattern(entry) { patterns.append(pattern) }
        }
        let programEntries = reader.tables("program")
        for entry in programEntries {
            if let program = readProgramHeader(entry) { programs.append(program) }
        }
        // Days are read once every pattern is known, so a day may use a pattern defined below it.
        for entry in programEntries {
            guard let id = entry.table["id"].flatMap({ if case .string(let s) = $0.kind { s } else { nil } }),
                let index = programs.firstIndex(where: { $0.id == id })
            else { continue }
            programs[index].days = readProgramDays(entry)
        }
        practicePauses = PauseReader.read(reader)
        for entry in reader.tables("enrollment") {
            defer { entry.finish(known: DataLoader.enrollmentKeys) }
            let program = entry.string("program", required: true)
            let start = entry.date("start", required: true)
            if let program, !programs.contains(where: { $0.id == program }) {
                entry.unknownReference("program", program, known: programs.map(\.id), key: "program")
            } else if let program, let start {
                enrollments.append(Enrollment(program: program, start: start))
            }
        }
    }

    private func readPattern(_ reader: TableReader) -> BreathingPattern? {
        defer { reader.finish(known: DataLoader.patternKeys) }
        guard let id = reader.string("id", required: true), reader.checkID(id, key: "id") else { return nil }
        if patterns.contains(where: { $0.id == id }) || declaredPatterns.contains(id) {
            let builtIn = BreathingPattern.builtIn.contains { $0.id == id }
            reader.error(
                "id", builtIn ? "'\(id)' is a built-in pattern; choose another id" : "duplicates the pattern id '\(id)'"
            )
            return nil
        }
        var phases: [Decimal] = []
        for key in ["inhale", "hold", "exhale", "rest"] {
            let seconds = reader.decimal(key, required: key == "inhale" || key == "exhale") ?? 0
            if seconds < 0 { reader.error(key, "must be ≥ 0 seconds") }
            if seconds > 600 { reader.error(key, "must be at most 600 seconds") }
            phases.append(seconds)
        }
        // A pattern with a bad phase is still declared, so sessions that use it are not
        // reported a second time as referring to an unknown pattern.
        declaredPatterns.insert(id)
        guard phases.allSatisfy({ $0 >= 0 && $0 <= 600 }) else { return nil }
        guard phases.reduce(0, +) > 0 else {
            reader.tableError("pattern '\(id)' has a zero-length cycle: give at least one phase a length")
            return nil
        }
        return BreathingPattern(
            id: id, name: reader.text("name") ?? id, inhale: phases[0], hold: phases[1],
            exhale: phases[2], rest: phases[3])
    }

    private func readProgramHeader(_ reader: TableReader) -> BreathingProgram? {
        reader.finish(known: DataLoader.programKeys)
        guard let id = reader.string("id", required: true), reader.checkID(id, key: "id") else { return nil }
        if programs.contains(where: { $0.id == id }) {
            reader.error(
                "id",
                id == BreathingProgram.calmStart.id
                    ? "'\(id)' is a built-in program; choose another id" : "duplicates the program id '\(id)'")
            return nil
        }
        if !reader.has("days") { reader.tableError("program '\(id)' has no days (missing required key 'days')") }
        return BreathingProgram(id: id, name: reader.text("name") ?? id, days: [])
    }

    private func readProgramDays(_ reader: TableReader) -> [BreathingProgram.Day] {
        guard reader.has("days") else { return [] }
        let entries = reader.tables("days")
        if entries.isEmpty, case .array? = reader.table["days"]?.kind {
            reader.error("days", "must list at least one day")
        }
        var days: [BreathingProgram.Day] = []
        for day in entries {
            defer { day.finish(known: DataLoader.programDayKeys) }
            let pattern = day.string("pattern", required: true)
            let cycles = day.integer("cycles", required: true, in: 1...10_000, rangeMessage: "must be ≥ 1")
            if let pattern, !isKnownPattern(pattern) {
                day.unknownReference("pattern", pattern, known: patterns.map(\.id), key: "pattern")
                continue
            }
            if let pattern, let cycles { days.append(.init(pattern: pattern, cycles: cycles)) }
        }
        return days
    }

    private func isKnownPattern(_ id: String) -> Bool {
        breathingUnusable || declaredPatterns.contains(id) || patterns.contains { $0.id == id }
    }

    func loadPractice() {
        reportPassedOver(in: "practice", withExtension: "toml")
        for relative in folder.files(in: "practice", withExtension: "toml") {
            guard let reader = parse(relative) else { continue }
            reader.finish(known: ["session"])
            for entry in reader.tables("session") {
                if let session = readSession(entry) {
                    sessions.append(session)
                    dated.append(DatedEntry(.session, on: session.at.date, key: "at", in: entry))
                }
            }
        }
    }

    private func readSession(_ reader: TableReader) -> PracticeSession? {
        defer { reader.finish(known: DataLoader.sessionKeys) }
        let at = reader.eventTime("at", required: true)
        if let at { reader.warnIfImplausiblyEarly("at", at.date) }
        let pattern = reader.string("pattern", required: true)
        if let pattern, !isKnownPattern(pattern) {
            reader.unknownReference("pattern", pattern, known: patterns.map(\.id), key: "pattern")
            return nil
        }
        var length: PracticeSession.Length?
        switch (reader.has("cycles"), reader.has("minutes")) {
        case (true, true):
            reader.error("minutes", "cannot be given together with cycles; log one or the other")
        case (true, false):
            length = reader.integer(
                "cycles", in: 1...PracticeSession.maxCycles,
                rangeMessage: "must be from 1 to \(PracticeSession.maxCycles)"
            ).map { .cycles($0) }
        case (false, true):
            if let minutes = reader.positive("minutes") {
                if minutes > Decimal(PracticeSession.maxMinutes) {
                    reader.error(
                        "minutes",
                        "is \(minutes): a session lasts at most \(PracticeSession.maxMinutes) minutes (24 hours)")
                } else {
                    length = .minutes(minutes)
                }
            }
        case (false, false):
            reader.tableError("a session needs cycles or minutes")
        }
        let program = reader.string("program")
        if let program, !breathingUnusable, !programs.contains(where: { $0.id == program }) {
            reader.unknownReference("program", program, known: programs.map(\.id), key: "program")
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
}
