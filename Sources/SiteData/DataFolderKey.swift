import Basics
import Foundation

/// The name a data folder goes by in per-user folders outside it (DESIGN.md §6): the jar cache's
/// `$XDG_CACHE_HOME/sandjar/<key>` and the undo journal's `$XDG_STATE_HOME/sandjar/<key>`.
///
/// The folder's name with 16 hex digits of a 64-bit FNV-1a hash of its real path, so two data
/// folders never share one, the same folder reached through a symlink always finds its own, and
/// the name still says whose it is.
package enum DataFolderKey {
    package static func of(_ data: String) -> String {
        let real = URL(fileURLWithPath: data).standardizedFileURL.resolvingSymlinksInPath()
        let hash = FNV1a.hash(real.path)
        let name = real.lastPathComponent.unicodeScalars.filter {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
        }
        let padded = hash.zeroPadded(16, radix: 16)
        return name.isEmpty ? padded : "\(String(String.UnicodeScalarView(name.prefix(40))))-\(padded)"
    }

    /// `$<variable>/sandjar/<key>` when the variable holds an absolute path, else
    /// `~/<fallback>/sandjar/<key>`: the XDG base-directory rule.
    package static func folder(
        for data: String, variable: String, fallback: String, environment: [String: String]
    ) -> URL {
        let base: URL
        if let xdg = environment[variable], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            let home =
                environment["HOME"].map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(fallback)
        }
        return base.appendingPathComponent("sandjar").appendingPathComponent(of(data))
    }
}
