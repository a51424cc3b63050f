import Foundation
import SiteData
import Zip

extension LoopExport {
    /// Where the export's files are: the zip Loop saves (read whole into memory, its entries found
    /// by name, never unpacked to the disk), or the folder unzipped from it.
    enum Files: Sendable {
        case folder(String)
        /// `prefix` is the folder inside the archive that holds Habits.csv: empty in Loop's own
        /// zip, `Loop Habits CSV 2026-11-30/` when a person zipped the unzipped folder again.
        case zip(path: String, archive: ZipArchive, prefix: String)

        /// A folder, or a file that is a zip by its name or its first bytes.
        static func open(_ path: String) throws(Failure) -> Files {
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
                throw Failure(diagnostics: [Diagnostic(.error, path: path, message: "not found")])
            }
            if isFolder.boolValue { return .folder(path) }
            let bytes: [UInt8]
            switch DataFolder.readInput(path) {
            case .success(let read): bytes = read
            case .failure(let finding): throw Failure(diagnostics: [finding])
            }
            guard path.lowercased().hasSuffix(".zip") || bytes.starts(with: [0x50, 0x4B]) else {
                throw Failure(diagnostics: [
                    Diagnostic(
                        .error, path: path,
                        message: "is not a zip archive; sandjar imports Loop's export as Loop saves it (a zip), "
                            + "or the folder unzipped from it, the one that holds Habits.csv")
                ])
            }
            let archive: ZipArchive
            do throws(ZipError) {
                archive = try ZipArchive(bytes: bytes)
            } catch {
                throw Failure(diagnostics: [Diagnostic(.error, path: path, message: error.message)])
            }
            let files = archive.entries.filter { !$0.isFolder }.map(\.name)
            var prefix = ""
            if !files.contains("Habits.csv") {
                let nested = files.filter {
                    $0.hasSuffix("/Habits.csv") && $0.split(separator: "/", omittingEmptySubsequences: false).count == 2
                }
                if nested.count == 1 { prefix = String(nested[0].dropLast("Habits.csv".count)) }
            }
            return .zip(path: path, archive: archive, prefix: prefix)
        }

        /// As a message shows it: `loop/001 Meditate/Checkmarks.csv`, or inside the zip,
        /// `Loop Habits CSV 2026-11-30.zip/001 Meditate/Checkmarks.csv`.
        func shown(_ relative: String) -> String {
            switch self {
            case .folder(let path): LoopExport.join(path, relative)
            case .zip(let path, _, let prefix): LoopExport.join(path, prefix + relative)
            }
        }

        func contains(_ relative: String) -> Bool {
            switch self {
            case .folder(let path): FileManager.default.fileExists(atPath: LoopExport.join(path, relative))
            case .zip(_, let archive, let prefix): archive.entry(named: prefix + relative).map { !$0.isFolder } ?? false
            }
        }

        /// The file's bytes; `what` names it in the message when it is missing.
        func bytes(_ relative: String, what: String) throws(Failure) -> [UInt8] {
            switch self {
            case .folder:
                let path = shown(relative)
                switch DataFolder.readInput(path) {
                case .success(let bytes): return bytes
                case .failure(let finding):
                    throw Failure(diagnostics: [
                        FileManager.default.fileExists(atPath: path)
                            ? finding
                            : Diagnostic(
                                .error, path: path,
                                message: "not found; a Loop export (Settings → Export as CSV) holds \(what)")
                    ])
                }
            case .zip(let path, let archive, let prefix):
                guard let entry = archive.entry(named: prefix + relative), !entry.isFolder else {
                    throw Failure(diagnostics: [
                        Diagnostic(
                            .error, path: shown(relative),
                            message: "not in the zip; a Loop export (Settings → Export as CSV) holds \(what), and "
                                + Files.listing(archive))
                    ])
                }
                do throws(ZipError) {
                    return try archive.contents(of: entry)
                } catch {
                    throw Failure(diagnostics: [Diagnostic(.error, path: path, message: error.message)])
                }
            }
        }

        /// `this one holds notes.txt, photo.jpg`, the first few of its files.
        private static func listing(_ archive: ZipArchive) -> String {
            let names = archive.entries.filter { !$0.isFolder }.map { "'\($0.name)'" }
            guard !names.isEmpty else { return "this one is empty" }
            let more = names.count > 5 ? " and \(names.count - 5) more" : ""
            return "this one holds " + names.prefix(5).joined(separator: ", ") + more
        }
    }
}
