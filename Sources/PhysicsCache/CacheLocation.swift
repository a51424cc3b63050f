import Foundation
import SiteData

/// Where a data folder's cache lives by default (DESIGN.md §6): `$XDG_CACHE_HOME/sandjar/<key>`,
/// else `~/.cache/sandjar/<key>` (`DataFolderKey`) — never inside the data folder or the output,
/// and never in whatever folder cron happens to run in.
public enum CacheLocation {
    public static func folder(
        forData data: String, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        DataFolderKey.folder(for: data, variable: "XDG_CACHE_HOME", fallback: ".cache", environment: environment)
    }

    /// The folder's name under `sandjar/`: `DataFolderKey`.
    static func key(forData data: String) -> String { DataFolderKey.of(data) }
}
