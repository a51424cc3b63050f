import Domain
import SiteData
import TOML

/// The pattern and program ids a data folder defines — the built-in ones and those of its
/// `breathing.toml` — and its enrollments, read just far enough for `sandjar add session` to
/// check what was typed.
struct BreathingNames {
    /// Built-in first, then `breathing.toml`'s in file order.
    var patterns: [String]
    var programs: [String]
    /// The rounds of each retention pattern, by id; a paced pattern is not in it.
    var retentionRounds: [String: Int] = [:]
    /// (program, start) of every readable `[[enrollment]]`.
    var enrollments: [(program: String, start: CalendarDate)]

    /// Built-ins only, without reading anything.
    static let builtIn = BreathingNames(
        patterns: BreathingPattern.builtIn.map(\.id), programs: [BreathingProgram.calmStart.id],
        retentionRounds: Dictionary(
            uniqueKeysWithValues: BreathingPattern.builtIn.filter(\.isRetention).map { ($0.id, $0.rounds) }),
        enrollments: [])

    /// Reads `breathing.toml` when there is one; a file that cannot be read or parsed is refused
    /// with its own error, since it decides which patterns exist.
    static func read(_ folder: DataFolder, memo: ParsedTables = ParsedTables()) throws(EditError) -> BreathingNames {
        var names = builtIn
        guard folder.fileExists("breathing.toml") else { return names }
        let advice = "sandjar reads your patterns and programs from breathing.toml; fix it first"
        let (_, table) = try folder.parsedForEditing("breathing.toml", advice: advice, memo: memo)
        func tables(_ key: String) -> [TOMLTable] { table[key]?.arrayValue?.compactMap(\.tableValue) ?? [] }
        for pattern in tables("pattern") {
            guard let id = pattern["id"]?.stringValue else { continue }
            names.patterns.append(id)
            if pattern["kind"]?.stringValue == BreathingPattern.Kind.retention.rawValue {
                if case .integer(let rounds)? = pattern["rounds"]?.kind {
                    names.retentionRounds[id] = Int(clamping: rounds)
                }
            }
        }
        names.programs += tables("program").compactMap { $0["id"]?.stringValue }
        for enrollment in tables("enrollment") {
            guard let program = enrollment["program"]?.stringValue, let start = enrollment["start"]?.dateTimeValue,
                let date = start.date, start.time == nil,
                let day = CalendarDate(date)
            else { continue }
            names.enrollments.append((program, day))
        }
        return names
    }
}
