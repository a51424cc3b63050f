import Foundation
import TOML

/// The TOML of the data files one build parsed, for the next build of the same folder
/// (`sandjar serve`): a file whose bytes are the same is not parsed again, so after a form adds a
/// deposit only that goal's file is. Readers run on several cores at once, so it takes a lock.
package final class ParseMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var tables: [String: (bytes: [UInt8], table: TOMLTable)] = [:]

    package init() {}

    /// The table `file` parsed to last time, if its bytes are still the same.
    package func table(for file: SourceFile) -> TOMLTable? {
        lock.withLock {
            guard let kept = tables[file.path], kept.bytes == file.bytes else { return nil }
            return kept.table
        }
    }

    package func keep(_ table: TOMLTable, for file: SourceFile) {
        lock.withLock { tables[file.path] = (file.bytes, table) }
    }
}
