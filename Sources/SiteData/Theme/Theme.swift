import Basics
import BuiltinFiles
import Domain
import Foundation
import Mustache
import TOML

/// A theme: Mustache templates, string tables per language, design tokens and static assets.
///
/// The default theme is built into the binary from `templates/`; a theme folder (`--theme DIR`
/// or `theme = "DIR"` in site.toml) is laid over it, file by file (DESIGN.md §6).
///
/// Loading checks what a theme author gets wrong most: every string table has exactly the same
/// keys and every key its caller requires (the build requires every key rendering can ask for,
/// `UIKey.required` in SiteRender), every catalogue category has a name, and every template
/// parses. Rendering then runs in strict mode, so a misspelt variable stops the build instead of
/// leaving a silent blank on a published page.
public struct Theme: Sendable {
    package let templates: MustacheLibrary
    /// Language → the `t` object templates read strings from.
    package let strings: [SiteSettings.Language: MustacheValue]
    /// tokens.toml as CSS custom properties, followed by `static/style.css`.
    package let stylesheet: String
    /// Other files under `static/`, copied as they are.
    package let assets: [String: [UInt8]]
    /// The default daily-quote lists (`quotes.toml`), used unless the data folder has its own.
    package let quotes: [SiteSettings.Language: QuoteLists]
    /// The subscription catalogue shipped with the theme (`catalog.toml`); a data folder's own
    /// entries are laid over it.
    package let catalog: SubscriptionCatalog
    /// The stylesheet's custom properties, read once: the goal cards, the jar's colours and the
    /// manifest ask for dozens a build (`token(_:in:)`).
    let tokenBlocks: [TokenBlock]

    /// The built-in theme, as `theme export` writes it out.
    package static let builtIn = DataFolder(files: BuiltinFiles.theme, display: "(built-in theme)")

    /// The files a build reads its theme from: the built-in theme, with `overlay` laid over it.
    /// A named overlay that is not a folder is an error: a typo must not quietly fall back.
    package static func folder(overlay path: String?, log: DiagnosticLog) -> DataFolder? {
        guard let path else { return builtIn }
        let folder = DataFolder(path: path)
        guard folder.exists else {
            log.add(
                Diagnostic(
                    .error, path: path,
                    message: "theme folder not found (a theme folder overlays the built-in theme; "
                        + "'sandjar theme export DIR' writes the built-in one out to start from)"))
            return nil
        }
        return folder.overlaid(on: builtIn)
    }

    /// Whether a theme author wrote `relative`, so it is checked for raw values: a file of an
    /// overlay theme, or of any theme that is not the built-in one. The built-in theme's own files
    /// are checked by the test suite (`TokenCheckTests`), not again at every build.
    static func isAuthored(_ relative: String, in folder: DataFolder) -> Bool {
        if case .overlay(let top, _) = folder.storage { return top.fileExists(relative) }
        return folder.displayRoot != builtIn.displayRoot
    }

    /// The theme in `folder`, or nil after logging why not. `required` maps each key every string
    /// table must hold to why it is needed; a table that lacks one fails, named, so a lookup of
    /// it never misses and no page shows a raw key (DESIGN.md §4). Theme loading knows no engine:
    /// the caller that renders says which keys it asks for.
    package static func load(
        from folder: DataFolder, requiring required: [String: String], log: DiagnosticLog
    ) -> Theme? {
        // The catalogue and the string tables (which must name its categories) are read on another
        // core meanwhile; their findings come after the templates', as if read in turn.
        let strict = log.strict
        let words = Pending {
            let own = DiagnosticLog(strict: strict)
            let catalog = CatalogReader.read(DataFiles(folder: folder, log: own))
            let required = required.merging(categoryStrings(catalog: catalog)) { asked, _ in asked }
            let strings = loadStrings(folder, required: required, log: own)
            return (catalog: catalog, strings: strings, findings: own.entries)
        }
        // Every template and stylesheet is read once, checked for raw values where a design
        // token belongs, and kept.
        let files = DataFiles(folder: folder, log: log)
        var sources: [String: String] = [:]
        for relative in folder.allFiles() where relative.hasSuffix(".mustache") {
            guard let file = files.read(relative) else { continue }
            let text = String(decoding: file.bytes, as: UTF8.self)
            if isAuthored(relative, in: folder) { TokenCheck.check(template: text, file: file).forEach(log.add) }
            sources[String(relative.dropLast(".mustache".count))] = text
        }
        for relative in folder.allFiles(under: "static")
        where relative.hasSuffix(".css") && isAuthored(relative, in: folder) {
            guard let file = files.read(relative) else { continue }
            TokenCheck.check(css: String(decoding: file.bytes, as: UTF8.self), file: file).forEach(log.add)
        }
        var templates: MustacheLibrary?
        do {
            templates = try MustacheLibrary(templates: sources)
        } catch {
            log.add(Diagnostic(error, templates: folder))
        }
        let later = DiagnosticLog(strict: strict)
        let stylesheet = loadStylesheet(folder, log: later)
        let tokenBlocks = stylesheet.map(TokenBlock.read) ?? []
        var assets: [String: [UInt8]] = [:]
        for relative in folder.allFiles(under: "static") where relative != "static/style.css" {
            if case .success(let file) = folder.read(relative) {
                // Another stylesheet (pacer.css) ships as style.css does: without the theme's notes.
                let bytes =
                    relative.hasSuffix(".css")
                    ? Array(CSSComments.strip(String(decoding: file.bytes, as: UTF8.self)).utf8) : file.bytes
                assets[String(relative.dropFirst("static/".count))] = bytes
            }
        }
        let quotes = QuotesReader.read(DataFiles(folder: folder, log: later))
        let (catalog, strings, findings) = words.value
        findings.forEach(log.add)
        later.entries.forEach(log.add)
        guard let templates, let strings, let stylesheet, !log.hasErrors else { return nil }
        return Theme(
            templates: templates, strings: strings, stylesheet: stylesheet, assets: assets, quotes: quotes,
            catalog: catalog, tokenBlocks: tokenBlocks)
    }
}
