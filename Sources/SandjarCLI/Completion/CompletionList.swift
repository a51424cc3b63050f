import DataEdit
import Domain
import SiteData
import TOML

/// The names a data folder defines that the command line takes: what `sandjar completion --values
/// KIND` prints, one per line, for the completion scripts.
///
/// A completion must never get in the way, so nothing here fails: a file that cannot be read adds
/// nothing, and the built-in patterns and programs are offered even without a data folder.
enum CompletionList: String, CaseIterable, Sendable {
    /// Goal ids for `add deposit`: each goal's `id` key, else its file name.
    case goals
    /// Pattern ids for `add session`: the built-in ones, then breathing.toml's.
    case patterns
    /// Program ids for `add session --program`: the built-in one, then breathing.toml's.
    case programs
    /// The names of the active subscriptions, for `slay` and `price`.
    case subscriptions
    /// The names of the slain subscriptions, for `revive`.
    case slain
    /// The ids of site.toml's `[[person]]`s, for `--by` and `--person`.
    case people

    /// The names, for the data folder at `data` (nil: there is none).
    func values(data: String?) -> [String] {
        let folder = data.map { DataFolder(path: $0) }
        let names: [String]
        switch self {
        case .goals: names = folder.map(CompletionList.goals) ?? []
        case .patterns:
            names = BreathingPattern.builtIn.map(\.id) + (folder.map { CompletionList.breathing($0, "pattern") } ?? [])
        case .programs:
            names = [BreathingProgram.calmStart.id] + (folder.map { CompletionList.breathing($0, "program") } ?? [])
        case .subscriptions:
            let all = data.flatMap { try? TrackedSubscription.all(data: $0) } ?? []
            names = all.filter { !$0.slain }.map(\.name)
        case .slain:
            let all = data.flatMap { try? TrackedSubscription.all(data: $0) } ?? []
            names = all.filter(\.slain).map(\.name)
        case .people:
            names = folder.flatMap { try? DataLoader.siteEssentials(of: $0).get().people.map(\.id) } ?? []
        }
        // One per line: a name with a line break or a control character in it cannot be offered.
        var seen: Set<String> = []
        return names.filter { name in
            !name.isEmpty && !name.unicodeScalars.contains { $0.properties.generalCategory == .control }
                && seen.insert(name).inserted
        }
    }

    private static func goals(_ folder: DataFolder) -> [String] {
        folder.files(in: "goals", withExtension: "toml").map { relative in
            if case .success(let file) = folder.read(relative), let table = try? TOMLParser.parse(file.bytes),
                let id = table["id"]?.stringValue
            {
                return id
            }
            return String(relative.dropFirst("goals/".count).dropLast(".toml".count))
        }
        .sorted()
    }

    /// The `id`s of breathing.toml's `[[pattern]]` or `[[program]]` tables, in file order.
    private static func breathing(_ folder: DataFolder, _ kind: String) -> [String] {
        guard folder.fileExists("breathing.toml"), case .success(let file) = folder.read("breathing.toml"),
            let table = try? TOMLParser.parse(file.bytes)
        else { return [] }
        return (table[kind]?.arrayValue ?? []).compactMap { $0.tableValue?["id"]?.stringValue }
    }
}
