import Domain
import Foundation

/// What breathing.toml adds to the built-in patterns and program, and what a practice session
/// needs to know of it.
struct BreathingFile {
    var patterns = BreathingPattern.builtIn
    var programs: [BreathingProgram] = [.calmStart]
    var enrollments: [Enrollment] = []
    var pauses: [Pause] = []
    /// Custom pattern ids as written, valid pattern or not, so one mistake is reported once and
    /// not again at every session or program day that uses it.
    var declaredPatterns: Set<String> = []
    /// breathing.toml is there but could not be read (already reported): no session is reported
    /// again as using an unknown pattern or program.
    var unusable = false

    func isKnownPattern(_ id: String) -> Bool {
        unusable || declaredPatterns.contains(id) || patterns.contains { $0.id == id }
    }

    func isKnownProgram(_ id: String) -> Bool {
        unusable || programs.contains { $0.id == id }
    }
}

/// Reads breathing.toml: custom patterns, programs of days, enrollments and pauses.
enum BreathingReader {
    static let file = "breathing.toml"
    static let keys = ["pattern", "program", "enrollment", "pause"]
    static let patternKeys = [
        "id", "name", "kind", "inhale", "hold", "exhale", "rest", "breaths", "recovery", "rounds",
    ]
    /// The most paced breaths a retention round and the most rounds a retention session may have.
    static let maxBreaths = 1000
    static let maxRounds = 100
    static let programKeys = ["id", "name", "days"]
    static let programDayKeys = ["pattern", "cycles"]
    static let enrollmentKeys = ["program", "start"]

    static func read(_ files: DataFiles) -> BreathingFile {
        var breathing = BreathingFile()
        guard files.folder.fileExists(file) else { return breathing }
        guard let reader = files.parse(file) else {
            breathing.unusable = true
            return breathing
        }
        reader.finish(known: keys)
        for entry in reader.tables("pattern") {
            if let pattern = readPattern(entry, into: &breathing) { breathing.patterns.append(pattern) }
        }
        let programEntries = reader.tables("program")
        for entry in programEntries {
            if let program = readProgramHeader(entry, known: breathing.programs) { breathing.programs.append(program) }
        }
        // Days are read once every pattern is known, so a day may use a pattern defined below it.
        for entry in programEntries {
            guard let id = entry.table["id"].flatMap({ if case .string(let s) = $0.kind { s } else { nil } }),
                let index = breathing.programs.firstIndex(where: { $0.id == id })
            else { continue }
            breathing.programs[index].days = readProgramDays(entry, breathing: breathing)
        }
        breathing.pauses = PauseReader.read(reader)
        for entry in reader.tables("enrollment") {
            defer { entry.finish(known: enrollmentKeys) }
            let program = entry.string("program", required: true)
            let start = entry.date("start", required: true)
            if let program, !breathing.isKnownProgram(program) {
                entry.unknownReference("program", program, known: breathing.programs.map(\.id), key: "program")
            } else if let program, let start {
                breathing.enrollments.append(Enrollment(program: program, start: start))
            }
        }
        return breathing
    }

    /// A pattern, or nil when it is wrong (reported); its id is declared in `breathing` either way
    /// once it is a valid, new id.
    private static func readPattern(_ reader: TableReader, into breathing: inout BreathingFile) -> BreathingPattern? {
        defer { reader.finish(known: patternKeys) }
        guard let id = reader.string("id", required: true), reader.checkID(id, key: "id") else { return nil }
        if breathing.patterns.contains(where: { $0.id == id }) || breathing.declaredPatterns.contains(id) {
            let builtIn = BreathingPattern.builtIn.contains { $0.id == id }
            reader.error(
                "id", builtIn ? "'\(id)' is a built-in pattern; choose another id" : "duplicates the pattern id '\(id)'"
            )
            return nil
        }
        let kind = reader.choice("kind", as: BreathingPattern.Kind.self) ?? .paced
        if kind == .retention { return readRetention(reader, id: id, into: &breathing) }
        for key in ["breaths", "recovery", "rounds"] where reader.has(key) {
            reader.error(key, "belongs to a retention pattern; add kind = \"retention\" or remove it")
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
        breathing.declaredPatterns.insert(id)
        guard phases.allSatisfy({ $0 >= 0 && $0 <= 600 }) else { return nil }
        guard phases.reduce(0, +) > 0 else {
            reader.tableError("pattern '\(id)' has a zero-length cycle: give at least one phase a length")
            return nil
        }
        return BreathingPattern(
            id: id, name: reader.text("name") ?? id, inhale: phases[0], hold: phases[1],
            exhale: phases[2], rest: phases[3])
    }

    /// A retention pattern (DESIGN.md §2): `breaths` paced breaths of `inhale` and `exhale`, then
    /// a hold the person ends and a recovery breath held `recovery` seconds, `rounds` times.
    private static func readRetention(_ reader: TableReader, id: String, into breathing: inout BreathingFile)
        -> BreathingPattern?
    {
        breathing.declaredPatterns.insert(id)
        for key in ["hold", "rest"] where reader.has(key) {
            reader.error(key, "has no place in a retention pattern: its hold is the one the person ends with a tap")
        }
        let breaths = reader.integer(
            "breaths", required: true, in: 1...maxBreaths, rangeMessage: "must be from 1 to \(maxBreaths) breaths")
        let rounds = reader.integer(
            "rounds", required: true, in: 1...maxRounds, rangeMessage: "must be from 1 to \(maxRounds) rounds")
        var seconds: [Decimal?] = []
        for key in ["inhale", "exhale", "recovery"] {
            var value = reader.decimal(key, required: true)
            if let given = value, key == "recovery" ? given < 0 : given <= 0 {
                reader.error(key, key == "recovery" ? "must be ≥ 0 seconds" : "must be > 0 seconds")
                value = nil
            } else if let given = value, given > 600 {
                reader.error(key, "must be at most 600 seconds")
                value = nil
            }
            seconds.append(value)
        }
        guard !reader.has("hold"), !reader.has("rest"), let breaths, let rounds, let inhale = seconds[0],
            let exhale = seconds[1], let recovery = seconds[2]
        else { return nil }
        return .retention(
            id: id, name: reader.text("name") ?? id, breaths: breaths, inhale: inhale, exhale: exhale,
            recovery: recovery, rounds: rounds)
    }

    /// A program's id and name; its days are read once every pattern is known.
    private static func readProgramHeader(_ reader: TableReader, known: [BreathingProgram]) -> BreathingProgram? {
        reader.finish(known: programKeys)
        guard let id = reader.string("id", required: true), reader.checkID(id, key: "id") else { return nil }
        if known.contains(where: { $0.id == id }) {
            reader.error(
                "id",
                id == BreathingProgram.calmStart.id
                    ? "'\(id)' is a built-in program; choose another id" : "duplicates the program id '\(id)'")
            return nil
        }
        if !reader.has("days") { reader.tableError("program '\(id)' has no days (missing required key 'days')") }
        return BreathingProgram(id: id, name: reader.text("name") ?? id, days: [])
    }

    private static func readProgramDays(_ reader: TableReader, breathing: BreathingFile) -> [BreathingProgram.Day] {
        guard reader.has("days") else { return [] }
        let entries = reader.tables("days")
        if entries.isEmpty, case .array? = reader.table["days"]?.kind {
            reader.error("days", "must list at least one day")
        }
        var days: [BreathingProgram.Day] = []
        for day in entries {
            defer { day.finish(known: programDayKeys) }
            let pattern = day.string("pattern", required: true)
            let cycles = day.integer("cycles", required: true, in: 1...10_000, rangeMessage: "must be ≥ 1")
            if let pattern, !breathing.isKnownPattern(pattern) {
                day.unknownReference("pattern", pattern, known: breathing.patterns.map(\.id), key: "pattern")
                continue
            }
            if let pattern, let cycles { days.append(.init(pattern: pattern, cycles: cycles)) }
        }
        return days
    }
}
