import Foundation

/// Files built into the binary from the repository (by the EmbedResources plugin): the default
/// theme, `templates/`, and the data folder `sandjar init` writes, `starter/`.
public enum BuiltinFiles {
    /// The default theme: relative path (`pages/goal.mustache`) → bytes.
    public static let theme: [String: [UInt8]] = decode(themeBase64)

    /// The starter data folder: relative path → bytes.
    public static let starter: [String: [UInt8]] = decode(starterBase64)

    private static func decode(_ encoded: [String: String]) -> [String: [UInt8]] {
        encoded.mapValues { [UInt8](Data(base64Encoded: $0) ?? Data()) }
    }
}
