/// The marker file `.sandjar-site` that every build writes into its site (DESIGN.md §7): it says
/// the folder is sandjar's to replace, and lists what the build wrote, so the next build knows
/// what it owns — and keeps everything else (`.git`, `CNAME`, `.well-known/`, a file a person put
/// there) instead of deleting it.
///
/// ```
/// This folder is written by sandjar. A build replaces the files listed under [written] and keeps
/// everything else it finds here, listed under [kept].
/// [written]
/// 404.html
/// …
/// [kept]
/// .git
/// ```
///
/// A marker written before the list existed has no `[written]` section (`written` is nil); see
/// `ForeignEntries` for what a build keeps then.
struct SiteMarker: Equatable {
    /// The site's files, relative paths; nil for a marker from before the list.
    var written: Set<String>?
    /// What the build that wrote the marker carried over from the site before it, so that each
    /// such entry is named once, by the build that first found it.
    var kept: Set<String> = []

    static let header =
        "This folder is written by sandjar. A build replaces the files listed under [written] and keeps\n"
        + "everything else it finds here, listed under [kept].\n"

    /// The marker's text: the header, then each list sorted, one path a line.
    var text: String {
        var text = SiteMarker.header + "[written]\n"
        for path in (written ?? []).sorted() { text += path + "\n" }
        text += "[kept]\n"
        // A name with a line break cannot be listed; it is named again by the next build.
        for path in kept.sorted() where !path.contains("\n") && !path.contains("\r") { text += path + "\n" }
        return text
    }

    init(written: Set<String>?, kept: Set<String> = []) {
        self.written = written
        self.kept = kept
    }

    /// Reads a marker's text; an older marker, or one a person edited beyond recognition, has no list.
    init(text: String) {
        var written: Set<String>?
        var kept: Set<String> = []
        var section = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: true) {
            switch line {
            case "[written]":
                section = "written"
                written = written ?? []
            case "[kept]": section = "kept"
            default:
                if section == "written" { written?.insert(String(line)) }
                if section == "kept" { kept.insert(String(line)) }
            }
        }
        self.written = written
        self.kept = kept
    }
}
