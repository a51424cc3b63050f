import Domain
import Foundation
import SiteData
import TOML

/// Wallos's JSON export (Settings → Export subscriptions): `{"success": true, "subscriptions":
/// [{…}]}`, each subscription an object of strings as Wallos shows them — `Name`, `Payment Cycle`
/// ("Monthly", "Every 3 Months"), `Next Payment` (`2026-12-02`), `Renewal` ("Automatic",
/// "Manual"), `Category`, `Payment Method`, `Paid By`, `Price` (the currency's symbol and the
/// number: `€12.99`), `Notes`, `URL`, `State` ("Enabled", "Disabled"), `Notifications`,
/// `Cancellation Date`, `Active` ("Yes", "No").
///
/// Older exports have neither `Payment Cycle` nor `Renewal` nor `Active`, and spell `Category`
/// `Categpry`; both are read. Unknown keys are kept out of the way (a newer Wallos may add some).
/// A bare array of subscriptions, as Wallos's "Export as JSON" saves it, is read too. Text fields
/// are HTML-escaped in Wallos (`&amp;`, `&#039;`) and read back as typed (`HTMLEntities`).
public struct WallosExport: Sendable {
    /// One field as written, and where its value starts.
    public struct Field: Sendable, Equatable {
        public var text: String
        public var location: SourceLocation
    }

    /// One subscription of the export, its fields as written (blank ones left out).
    public struct Entry: Sendable, Equatable {
        /// Where its `{` is.
        public var location: SourceLocation
        public var fields: [String: Field]

        /// The field under any of `keys` (`Category`, then the old `Categpry`).
        public func field(_ keys: String...) -> Field? {
            for key in keys { if let field = fields[key] { return field } }
            return nil
        }
    }

    public static let maxBytes = 16 << 20

    public var entries: [Entry]
    /// The file's text, for messages that quote a line.
    package let file: SourceFile

    public init(bytes: [UInt8], path: String) throws(Diagnostic) {
        guard bytes.count <= WallosExport.maxBytes else {
            throw Diagnostic(.error, path: path, message: "is larger than 16 MiB; a Wallos export is much smaller")
        }
        let bytes = try UTF16Text.utf8(bytes, path: path)
        file = SourceFile(path: path, bytes: bytes)
        let root = try JSONReader.parse(bytes, path: path)
        let list: JSONNode
        switch root.kind {
        case .array:
            list = root
        case .object:
            if case .bool(false)? = root["success"]?.kind {
                let message = root["message"].flatMap { node -> String? in
                    if case .string(let text) = node.kind { return text } else { return nil }
                }
                throw file.diagnostic(
                    .error, at: root.members.first { $0.key == "success" }?.location,
                    "Wallos did not export: \"success\" is false"
                        + (message.map { " (\($0))" } ?? "") + "; export again while logged in")
            }
            guard let subscriptions = root["subscriptions"] else {
                throw file.diagnostic(
                    .error, at: root.location,
                    "not a Wallos export: it has no \"subscriptions\" list (Wallos: Settings → Export subscriptions)")
            }
            list = subscriptions
        default:
            throw file.diagnostic(
                .error, at: root.location,
                "not a Wallos export: expected an object with \"subscriptions\", found \(root.kindName)")
        }
        guard case .array(let items) = list.kind else {
            throw file.diagnostic(
                .error, at: list.location, "\"subscriptions\" must be a list [ … ], not \(list.kindName)")
        }
        var entries: [Entry] = []
        for item in items {
            guard case .object(let members) = item.kind else {
                throw file.diagnostic(
                    .error, at: item.location, "each subscription is an object { … }, not \(item.kindName)")
            }
            var fields: [String: Field] = [:]
            for member in members {
                let text: String
                switch member.value.kind {
                case .string(let value): text = value
                case .number(let value): text = value
                case .bool(let value): text = value ? "Yes" : "No"
                case .null: continue
                case .array, .object:
                    throw file.diagnostic(
                        .error, at: member.value.location,
                        "\"\(member.key)\" is \(member.value.kindName); Wallos writes every field as text")
                }
                // Wallos keeps text HTML-escaped: written back as the person typed it.
                let trimmed = HTMLEntities.decoded(text).trimmingCharacters(in: .whitespacesAndNewlines)
                guard !trimmed.isEmpty else { continue }
                fields[member.key] = Field(text: trimmed, location: member.value.location)
            }
            entries.append(Entry(location: item.location, fields: fields))
        }
        self.entries = entries
    }

    /// A finding at a field of the export.
    public func diagnostic(_ severity: Diagnostic.Severity, at field: Field, _ message: String) -> Diagnostic {
        file.diagnostic(severity, at: field.location, message)
    }

    /// A finding at a subscription's `{`.
    public func diagnostic(_ severity: Diagnostic.Severity, at entry: Entry, _ message: String) -> Diagnostic {
        file.diagnostic(severity, at: entry.location, message)
    }
}
