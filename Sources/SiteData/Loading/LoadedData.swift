import Domain
import Foundation
import TOML

/// What loading a data folder gives: the typed data and the Markdown pages.
public struct LoadedData: Sendable {
    public var data: DataSet
    public var pages: [MarkdownPage]
    /// site.toml's `theme`: a theme folder laid over the built-in theme, as a path from the
    /// working directory (written relative to the data folder).
    public var themeOverlay: String?
    /// Where each of `data.subscriptions` is written (its `name`), in the same order, for findings
    /// that only the whole data set shows (`DuplicateSubscriptions`).
    package var subscriptionPlaces: [SourcePlace] = []
    /// Every deposit, session and kill with the place it is written, in file order: a build
    /// warns about those dated after its today (`DatedEntry.warning(today:)`).
    public var dated: [DatedEntry] = []
}

/// A place in a data file, for a finding made after loading.
package struct SourcePlace: Sendable {
    package var file: SourceFile
    package var location: SourceLocation?

    /// `subscriptions/video.toml:3:8`.
    package var text: String {
        guard let location else { return file.path }
        return "\(file.path):\(location.line):\(location.column)"
    }
}
