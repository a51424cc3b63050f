import Domain
import Foundation

extension DataLoader {
    static let goalKeys = [
        "id", "name", "mode", "currency", "target", "created", "icon", "note", "plan", "deposit", "pause",
    ]
    static let planKeys = ["amount", "frequency", "start", "periods", "annual_rate", "horizon_years"]
    static let depositKeys = ["at", "amount", "note"]

    func loadGoals() {
        var seen: [String: String] = [:]
        reportPassedOver(in: "goals", withExtension: "toml")
        for relative in folder.files(in: "goals", withExtension: "toml") {
            guard let reader = parse(relative) else { continue }
            guard let goal = readGoal(reader, stem: String(relative.dropFirst("goals/".count).dropLast(5))) else {
                continue
            }
            if let earlier = seen[goal.id] {
                if reader.has("id") {
                    reader.error("id", "'\(goal.id)' is already the id of \(earlier)")
                } else {
                    reader.tableError("goal id '\(goal.id)' (from the file name) is already the id of \(earlier)")
                }
                continue
            }
            seen[goal.id] = reader.file.path
            goals.append(goal)
        }
    }

    private func readGoal(_ reader: TableReader, stem: String) -> Goal? {
        defer { reader.finish(known: DataLoader.goalKeys) }
        let id = reader.string("id") ?? stem
        let validID: Bool
        if reader.has("id") {
            validID = reader.checkID(id, key: "id")
        } else if DataLoader.isValidID(id) {
            validID = true
        } else {
            log.add(
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
            if let currency { ratesFile.checkConvertible(currency, site: site, in: reader, key: "currency") }
        }
        let target = reader.positive("target")
        let created = reader.date("created")
        let icon = reader.string("icon")
        let note = reader.string("note")
        let plan = reader.table("plan").flatMap { readPlan($0, mode: mode) }
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
            defer { entry.finish(known: DataLoader.depositKeys) }
            let at = entry.eventTime("at", required: true)
            let amount = entry.positive("amount", required: true)
            let note = entry.string("note")
            if let at, let amount {
                entry.warnIfImplausiblyEarly("at", at.date, created: created)
                deposits.append(Deposit(at: at, amount: amount, note: note))
                dated.append(DatedEntry(.deposit, on: at.date, key: "at", in: entry))
            }
        }
        let pauses = PauseReader.read(reader)
        guard validID, let name, let mode, let currency else { return nil }
        return Goal(
            id: id, name: name, mode: mode, currency: currency, target: target, created: created,
            icon: icon, note: note, plan: plan, deposits: deposits, pauses: pauses)
    }

    private func readPlan(_ reader: TableReader, mode: Goal.Mode?) -> SavingsPlan? {
        defer { reader.finish(known: DataLoader.planKeys) }
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
