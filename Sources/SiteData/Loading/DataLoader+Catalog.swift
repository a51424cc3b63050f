import Domain
import Foundation

extension DataLoader {
    /// The data folder's `catalog.toml`, or an empty catalogue when there is none.
    package func loadCatalog() -> SubscriptionCatalog {
        CatalogReader.read(DataFiles(folder: folder, log: log, tables: tables))
    }
}

/// The catalogue a theme ships, for commands that match names outside a build (`detect`, `slay`).
public enum ShippedCatalog {
    /// The built-in theme's catalogue, read once for the whole run: it is built into the binary, so
    /// every edit that names subscriptions as the build does reads the same one.
    public static let asBuilt = read(theme: nil)

    /// The catalogue of the built-in theme with `theme` (a folder) laid over it; empty when the
    /// overlay's catalogue is invalid, since a suggestion without a catalogue id is still a good one.
    public static func load(theme: String?) -> SubscriptionCatalog {
        theme == nil ? asBuilt : read(theme: theme)
    }

    private static func read(theme: String?) -> SubscriptionCatalog {
        let log = DiagnosticLog(strict: false)
        guard let folder = Theme.folder(overlay: theme, log: log) else { return SubscriptionCatalog() }
        let catalog = CatalogReader.read(DataFiles(folder: folder, log: log))
        return log.hasErrors ? SubscriptionCatalog() : catalog
    }

    /// The catalogue a build of `data` would use before the data's own entries: the theme is
    /// `theme` (`--theme`) or else the data folder's site.toml `theme`, as for a build.
    public static func load(data: String?, theme: String?) -> SubscriptionCatalog {
        load(theme: theme ?? data.flatMap { DataLoader.themeOverlay(of: DataFolder(path: $0)) })
    }
}

/// What `sandjar check` says about the catalogue: for each subscription, the service its name
/// matched and how sure the match was, so a wrong guess or a missed one is seen before it shows.
package enum CatalogMatchReport {
    /// - Parameters:
    ///   - data: as a build leaves it, the theme's catalogue and the data's own in one.
    ///   - matches: what each subscription matched, in data order (the subscription report's).
    package static func lines(_ data: DataSet, matches: [CatalogMatch?]) -> [String] {
        let catalog = data.catalog
        return zip(data.subscriptions, matches).map { subscription, match in
            let name = "\(subscription.name) (\(subscription.source))"
            switch subscription.catalog {
            case .disabled:
                return "\(name): matching turned off (catalog = false)"
            case .entry(let id) where catalog[id] == nil:
                return "\(name): catalog = \"\(id)\" is not in the catalogue"
            default:
                guard let match else { return "\(name): no catalogue match" }
                let score = String(format: "%.2f", Double(match.score))
                return "\(name) → \(match.entry.id) (\(match.kind.rawValue), score \(score))"
            }
        }
    }
}
