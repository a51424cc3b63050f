import Foundation
import TOML

/// The data folder as its readers see it: files read, or parsed as TOML, and every reason one
/// cannot be a finding in the build's log, so a reader goes on with the next file.
struct DataFiles {
    let folder: DataFolder
    let log: DiagnosticLog
    /// What an earlier build of this folder parsed (`sandjar serve`, `ServeMemo`); nil for a
    /// build of its own.
    var tables: ParsedTables? = nil
    var goalReadings: GoalReadings? = nil
    /// Where the files each group's listing found are counted, for the load's summary.
    var listed: FolderCounts? = nil

    /// The file's bytes, or nil with the reason logged (a symlink out of the folder, too big…).
    func read(_ relative: String) -> SourceFile? {
        switch folder.read(relative) {
        case .failure(let diagnostic):
            log.add(diagnostic)
            return nil
        case .success(let file):
            return file
        }
    }

    /// Parses one TOML file; a syntax error becomes a finding and the file is skipped.
    func parse(_ relative: String) -> TableReader? {
        read(relative).flatMap(parse)
    }

    func parse(_ file: SourceFile) -> TableReader? {
        do {
            let table: TOMLTable
            if let tables { table = try tables.parse(file) } else { table = try TOMLParser.parse(file.bytes) }
            return TableReader(table: table, file: file, keyPath: "", location: nil, log: log)
        } catch {
            log.add(file.finding(for: error))
            return nil
        }
    }

    /// The files of `group` in reading order, after a warning (an error for a symlink leading
    /// out) for each file that looks like one of them but is not read (`DataFolder.passedOver`).
    func files(_ group: DataFileGroup) -> [String] {
        let listing = folder.listing(of: group.folder)
        for entry in folder.passedOver(in: listing, withExtension: group.fileExtension) {
            log.add(
                Diagnostic(
                    entry.isError ? .error : .warning, path: folder.displayPath(entry.relative), message: entry.why))
        }
        let files = listing.files(withExtension: group.fileExtension)
        listed?.keep(files.count, for: group.folder)
        return files
    }
}

/// How many files each folder's listing found during one load, so that the count of files read
/// (`DataLoader.filesRead`) does not list the folders again.
final class FolderCounts: @unchecked Sendable {
    private let lock = NSLock()
    private var counts: [String: Int] = [:]

    func keep(_ count: Int, for folder: String) {
        lock.withLock { counts[folder] = count }
    }

    func count(for folder: String) -> Int? {
        lock.withLock { counts[folder] }
    }
}

/// The files of one folder of the data folder that one reader reads: `goals/*.toml`. The one
/// naming rule of a group, which the readers and the edits that find an entry in it
/// (`GoalFiles`, `SubscriptionEntries`) both list and name its files by.
package struct DataFileGroup: Sendable {
    package let folder: String
    package let fileExtension: String

    /// The group's files in `data`, in reading order.
    package func files(in data: DataFolder) -> [String] {
        data.files(in: folder, withExtension: fileExtension)
    }

    /// Their names without folder and extension: `goals/bike.toml` is `bike`.
    package func stem(of relative: String) -> String {
        String(relative.dropFirst(folder.count + 1).dropLast(fileExtension.count + 1))
    }
}
