import SiteData

extension DataFileEditor {
    /// Reads the whole data folder as a build would, with `bytes` as the file at `relative`, and
    /// refuses the edit with the loader's own first error in that file — the same
    /// `path:line:column` message, line and caret `sandjar check` prints. What the typed checks of
    /// an entry cannot judge alone (a currency without a rate, a duplicate id) is judged here.
    func checkAsTheBuildReadsIt(_ relative: String, _ bytes: [UInt8]) throws(EditError) {
        let log = DiagnosticLog(strict: false)
        let edited = DataFolder(files: [relative: bytes], display: folder.displayRoot).overlaid(on: folder)
        // Every file but the new one as this edit already parsed it.
        _ = DataLoader(folder: edited, log: log, tables: memo).load()
        let shown = folder.displayPath(relative)
        if let finding = log.entries.first(where: { $0.severity == .error && $0.path == shown }) {
            throw EditError("nothing was changed", diagnostic: finding)
        }
    }
}
