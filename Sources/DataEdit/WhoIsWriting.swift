import Basics
import Domain
import SiteData

/// Who put a deposit in or practised a session (`by`, DESIGN.md §2): one of site.toml's
/// `[[person]]`s, checked under the edit lock against the people as the build reads them.
enum WhoIsWriting {
    /// `id` when it names one of the folder's people; else why not, with "did you mean".
    /// - Parameter memo: the edit's parses, so site.toml is parsed once for the edit.
    static func check(_ id: String, in folder: DataFolder, wording: Wording, memo: ParsedTables? = nil)
        throws(EditError)
    {
        let name = wording == .form ? "the person writing" : "--by"
        let people: [Person]
        switch DataLoader.siteEssentials(of: folder, memo: memo) {
        case .success(let site): people = site.people
        case .failure(let finding):
            throw EditError("sandjar needs site.toml's [[person]]s to check \(name); fix it first", diagnostic: finding)
        }
        guard !people.isEmpty else {
            throw EditError(
                "\(name) '\(id)' names a person, but site.toml has no [[person]]: add the household's people there first"
            )
        }
        let known = people.map(\.id)
        guard !known.contains(id) else { return }
        var message = "unknown person '\(id)'"
        if let guess = Suggestion.closest(to: id, in: known) { message += "; did you mean '\(guess)'?" }
        message += "\nknown people: \(known.joined(separator: ", "))"
        throw EditError(message)
    }
}
