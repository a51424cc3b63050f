import Foundation
import TOML

/// The TOML of the data files one build parsed, for the next build of the same folder
/// (`sandjar serve`): a file whose bytes are the same is not parsed again, so after a form adds a
/// deposit only that goal's file is. Readers run on several cores at once, so it takes a lock.
package final class ParseMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var tables: [String: (bytes: [UInt8], table: TOMLTable)] = [:]
    private var readings: [String: (bytes: [UInt8], context: Any, result: Any, findings: [Diagnostic])] = [:]
    private var missed = 0

    package init() {}

    /// The table `file` parsed to last time, if its bytes are still the same.
    package func table(for file: SourceFile) -> TOMLTable? {
        lock.withLock {
            guard let kept = tables[file.path], kept.bytes == file.bytes else {
                missed += 1
                return nil
            }
            return kept.table
        }
    }

    /// How many times a file was asked for that had to be parsed (anew or again): for tests that
    /// count the parses a write costs.
    package var misses: Int { lock.withLock { missed } }

    package func keep(_ table: TOMLTable, for file: SourceFile) {
        lock.withLock { tables[file.path] = (file.bytes, table) }
    }

    /// `file` parsed: the table kept for its bytes, else parsed now and kept. The one way the
    /// readers (`DataFiles.parse`) and the edits (`DataFileEditor.parse`) parse a data file, so one
    /// edit, or one served build and the form's write after it, parses each file's bytes once.
    package func parse(_ file: SourceFile) throws(TOMLError) -> TOMLTable {
        if let table = table(for: file) { return table }
        let table = try TOMLParser.parse(file.bytes)
        keep(table, for: file)
        return table
    }

    /// What a reader made of `file` in `context` (the values it also read, such as the site's
    /// settings and rates), with the findings it logged, made again only when the file's bytes or
    /// the context changed; the findings are logged again either way.
    func reading<Context: Equatable, Result>(
        _ file: SourceFile, context: Context, log: DiagnosticLog, make: (DiagnosticLog) -> Result
    ) -> Result {
        let kept = lock.withLock { readings[file.path] }
        if let kept, kept.bytes == file.bytes, let was = kept.context as? Context, was == context,
            let result = kept.result as? Result
        {
            kept.findings.forEach(log.add)
            return result
        }
        let own = DiagnosticLog(strict: log.strict)
        let result = make(own)
        own.entries.forEach(log.add)
        lock.withLock { readings[file.path] = (file.bytes, context, result, own.entries) }
        return result
    }
}
