import Basics
import Foundation

/// Where a data folder's cache lives by default (DESIGN.md §6): `$XDG_CACHE_HOME/sandjar/<key>`,
/// else `~/.cache/sandjar/<key>`, the key a hash of the data folder's real path — never inside
/// the data folder or the output, and never in whatever folder cron happens to run in.
public enum CacheLocation {
    public static func folder(
        forData data: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        let base: URL
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            base = URL(fileURLWithPath: xdg)
        } else {
            let home =
                environment["HOME"].map { URL(fileURLWithPath: $0) }
                ?? FileManager.default.homeDirectoryForCurrentUser
            base = home.appendingPathComponent(".cache")
        }
        return base.appendingPathComponent("sandjar").appendingPathComponent(key(forData: data))
    }

    /// The folder's name with 16 hex digits of a 64-bit FNV-1a hash of its real path, so two data
    /// folders never share a cache and the name still says whose it is.
    static func key(forData data: String) -> String {
        let real = URL(fileURLWithPath: data).standardizedFileURL.resolvingSymlinksInPath()
        let hash = FNV1a.hash(real.path)
        let name = real.lastPathComponent.unicodeScalars.filter {
            $0.isASCII && (CharacterSet.alphanumerics.contains($0) || $0 == "-" || $0 == "_")
        }
        let padded = hash.zeroPadded(16, radix: 16)
        return name.isEmpty ? padded : "\(String(String.UnicodeScalarView(name.prefix(40))))-\(padded)"
    }
}
