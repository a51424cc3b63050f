import SiteData
import TOML

extension DataFolder {
    /// A data file read and parsed for a command that edits the data, or the file's own error with
    /// `advice` on what to do first: commands refuse to write over data they could not read.
    /// Parsed once for the whole edit (`memo`, the editor's).
    func parsedForEditing(_ relative: String, advice: String, memo: ParsedTables) throws(EditError) -> (
        file: SourceFile, table: TOMLTable
    ) {
        let file: SourceFile
        switch read(relative) {
        case .success(let read): file = read
        case .failure(let diagnostic): throw EditError(advice, diagnostic: diagnostic)
        }
        do {
            return (file, try memo.parse(file))
        } catch {
            throw EditError(advice, diagnostic: file.finding(for: error))
        }
    }
}
