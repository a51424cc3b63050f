import Domain
import Foundation
import TOML

/// The goals of `goals/*.toml`, in file order.
struct GoalList {
    var goals: [Goal] = []
    /// Every deposit's `at`, for a build as of an earlier day.
    var dated: [DatedEntry] = []
}

/// Reads `goals/*.toml`, one goal a file: its plan, deposits and pauses, its money in the site's
/// currency or one that rates.toml converts.
package enum GoalReader {
    package static let group = DataFileGroup(folder: "goals", fileExtension: "toml")
    static let keys = [
        "id", "name", "mode", "currency", "target", "created", "icon", "note", "plan", "deposit", "pause",
        "people",
    ]
    static let planKeys = ["amount", "frequency", "start", "periods", "annual_rate", "horizon_years"]
    static let depositKeys = ["at", "amount", "note", "by"]

    /// What a goal file is read from: its bytes, and the settings and rates it reads.
    package struct Inputs: Equatable, Sendable {
        var bytes: [UInt8]
        var site: SiteSettings?
        var rates: RatesFile
    }

    /// What a goal file read to, with the findings it logged.
    package struct Reading: Sendable {
        var goal: Goal?
        var dated: [DatedEntry]
        var findings: [Diagnostic]
    }

    /// A goal's id: its `id` when that is a string, else its file's name (`goals/bike.toml` is
    /// `bike`). The one rule the build and the edits that find a goal by its id (`GoalFiles`) use.
    package static func id(of table: TOMLTable, fileName stem: String) -> String {
        table["id"]?.stringValue ?? stem
    }

    static func read(_ files: DataFiles, site: SiteSettings?, rates: RatesFile) -> GoalList {
        var list = GoalList()
        var seen: [String: String] = [:]
        for relative in files.files(group) {
            guard let file = files.read(relative) else { continue }
            let stem = group.stem(of: relative)
            let make = { () -> Reading in
                let log = DiagnosticLog(strict: files.log.strict)
                var dated: [DatedEntry] = []
                let reader = DataFiles(folder: files.folder, log: log, tables: files.tables).parse(file)
                let goal = reader.flatMap { readGoal($0, stem: stem, site: site, rates: rates, dated: &dated) }
                return Reading(goal: goal, dated: dated, findings: log.entries)
            }
            // A served site's goal whose file, settings and rates did not change is not read again
            // (`ServeMemo.goals`); its findings are logged again all the same.
            let inputs = Inputs(bytes: file.bytes, site: site, rates: rates)
            let read = files.goalReadings?.value(at: file.path, for: inputs, make: make) ?? make()
            read.findings.forEach(files.log.add)
            list.dated += read.dated
            guard let goal = read.goal else { continue }
            if let earlier = seen[goal.id] {
                // Read once more, for the place of the finding (rare: two goals with one id).
                guard let reader = DataFiles(folder: files.folder, log: files.log).parse(relative) else { continue }
                if reader.has("id") {
                    reader.error("id", "'\(goal.id)' is already the id of \(earlier)")
                } else {
                    reader.tableError("goal id '\(goal.id)' (from the file name) is already the id of \(earlier)")
                }
                continue
            }
            seen[goal.id] = files.folder.displayPath(relative)
            list.goals.append(goal)
        }
        return list
    }

    private static func readGoal(
        _ reader: TableReader, stem: String, site: SiteSettings?, rates: RatesFile, dated: inout [DatedEntry]
    ) -> Goal? {
        defer { reader.finish(known: keys) }
        // `string` reports an `id` that is not a string; the id is the one rule's either way.
        let id = reader.string("id").map { _ in GoalReader.id(of: reader.table, fileName: stem) } ?? stem
        let validID: Bool
        if reader.has("id") {
            validID = reader.checkID(id, key: "id")
        } else if DataLoader.isValidID(id) {
            validID = true
        } else {
            reader.log.add(
                Diagnostic(
                    .error, path: reader.file.path,
                    message:
                        "file name '\(stem)' is not a valid goal id: use lower-case letters, digits and '-' (\(DataLoader.idPattern)), or set id = \"...\""
                ))
            validID = false
        }
        let name = reader.text("name", required: true)
        let mode = reader.choice("mode", required: true, as: Goal.Mode.self)
        var currency = site?.currency
        if reader.has("currency") {
            currency = reader.currency("currency")
            if let currency { rates.checkConvertible(currency, site: site, in: reader, key: "currency") }
        }
        let target = reader.positive("target")
        let created = reader.date("created")
        let icon = reader.string("icon")
        let note = reader.string("note")
        let plan = reader.table("plan").flatMap { readPlan($0) }
        switch mode {
        case .wish?:
            if !reader.has("target") { reader.tableError("a wish goal needs a target (missing required key 'target')") }
        case .free?:
            if reader.has("target") { reader.error("target", "is only for wish goals; a free goal has a plan instead") }
            if !reader.has("plan") { reader.tableError("a free goal needs a [plan] with amount, frequency and start") }
        case nil: break
        }
        var deposits: [Deposit] = []
        for entry in reader.tables("deposit") {
            defer { entry.finish(known: depositKeys) }
            let at = entry.eventTime("at", required: true)
            let amount = entry.positive("amount", required: true)
            let note = entry.string("note")
            let by = entry.person("by", people: site?.people)
            if let at, let amount, by != nil || !entry.has("by") {
                entry.warnIfImplausiblyEarly("at", at.date, created: created)
                deposits.append(Deposit(at: at, amount: amount, note: note, by: by))
                dated.append(DatedEntry(.deposit, on: at.date, key: "at", in: entry))
            }
        }
        let pauses = PauseReader.read(reader)
        let people = reader.personList("people", people: site?.people)
        guard validID, let name, let mode, let currency else { return nil }
        var goal = Goal(
            id: id, name: name, mode: mode, currency: currency, target: target, created: created,
            icon: icon, note: note, plan: plan, deposits: deposits, pauses: pauses)
        goal.people = people
        return goal
    }

    private static func readPlan(_ reader: TableReader) -> SavingsPlan? {
        defer { reader.finish(known: planKeys) }
        let amount = reader.positive("amount", required: true)
        let frequency = reader.choice("frequency", required: true, as: SavingsPlan.Frequency.self)
        let start = reader.date("start", required: true)
        let periods = reader.integer("periods", in: 1...100_000, rangeMessage: "must be ≥ 1")
        let rate = reader.decimal("annual_rate")
        if let rate, rate <= -1 || rate > 10 {
            reader.error("annual_rate", "must be a yearly rate such as 0.04 (between -1 and 10)")
        }
        let horizon = reader.integer("horizon_years", in: 1...100, rangeMessage: "must be between 1 and 100") ?? 10
        guard let amount, let frequency, let start else { return nil }
        return SavingsPlan(
            amount: amount, frequency: frequency, start: start, periods: periods,
            annualRate: rate, horizonYears: horizon)
    }
}
