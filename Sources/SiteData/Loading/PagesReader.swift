import Domain
import Foundation

/// Reads `pages/*.md`: Markdown pages, each with optional `+++` TOML front matter.
enum PagesReader {
    static let group = DataFileGroup(folder: "pages", fileExtension: "md")
    static let frontMatterKeys = ["title", "date", "draft", "unsafe_html"]

    /// The page files, in file order (what is passed over is logged).
    static func paths(_ files: DataFiles) -> [String] {
        files.files(group)
    }

    /// The page in `relative`, or nil with the reason logged; `site`'s `unsafe_html` is its default.
    static func page(_ relative: String, _ files: DataFiles, site: SiteSettings?) -> MarkdownPage? {
        guard let file = files.read(relative) else { return nil }
        let slug = group.stem(of: relative)
        guard DataLoader.isValidID(slug) else {
            files.log.add(
                Diagnostic(
                    .error, path: file.path,
                    message: "file name '\(slug)' is not a valid page slug: use lower-case letters, digits and '-'"))
            return nil
        }
        if let notUTF8 = file.notUTF8() {
            files.log.add(notUTF8)
            return nil
        }
        let text = String(decoding: file.bytes, as: UTF8.self)
        guard let split = FrontMatter.split(text) else {
            files.log.add(
                file.diagnostic(.error, at: .init(line: 1, column: 1), "front matter opened with +++ is never closed"))
            return nil
        }
        var title = slug
        var date: CalendarDate?
        var draft = false
        var unsafeHTML = site?.unsafeHTML ?? false
        if let matter = split.frontMatter {
            // A blank first line stands for the opening +++, so positions match the file.
            let inner = SourceFile(path: file.path, bytes: Array(("\n" + matter).utf8))
            guard let reader = files.parse(inner) else { return nil }
            title = reader.text("title") ?? slug
            date = reader.date("date")
            draft = reader.bool("draft") ?? false
            unsafeHTML = reader.bool("unsafe_html") ?? unsafeHTML
            reader.finish(known: frontMatterKeys)
        }
        return MarkdownPage(
            slug: slug, title: title, date: date, draft: draft, unsafeHTML: unsafeHTML, body: split.body)
    }
}

/// `+++` TOML front matter at the top of a Markdown page.
enum FrontMatter {
    /// The front matter (nil when the page has none) and the Markdown body; nil when a `+++`
    /// opens front matter that never closes.
    /// Lines are split at every LF (a CRLF line keeps its CR, which TOML and Markdown accept):
    /// splitting the `String` itself would not, because "\r\n" is one `Character`.
    static func split(_ text: String) -> (frontMatter: String?, body: String)? {
        // Only the lines up to the closing +++ are looked at; the body is the rest, as it is.
        let bytes = Array(text.utf8)
        var start = 0
        /// The line from `start` (without its LF) and where the next one starts; nil past the end.
        func nextLine() -> (line: Range<Int>, next: Int)? {
            guard start <= bytes.count else { return nil }
            let end = bytes[start...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            defer { start = end + 1 }
            return (start..<end, end + 1)
        }
        /// Whether the line without the white space around it is `+++` (the first may start with a
        /// byte-order mark). ASCII white space is passed over here, byte by byte: Foundation's
        /// trimming, which also knows U+3000 and U+00A0, only when a line ends in other bytes
        /// (a served site reads every page at every write; issue 41).
        func isFence(_ range: Range<Int>, first: Bool) -> Bool {
            var low = range.lowerBound
            var high = range.upperBound
            while low < high, FrontMatter.isASCIISpace(bytes[low]) { low += 1 }
            while high > low, FrontMatter.isASCIISpace(bytes[high - 1]) { high -= 1 }
            guard low < high, bytes[low] >= 0x80 || bytes[high - 1] >= 0x80 else {
                return bytes[low..<high].elementsEqual("+++".utf8)
            }
            let trimmed = String(decoding: bytes[range], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            return trimmed == "+++" || (first && trimmed == "\u{FEFF}+++")
        }
        guard let first = nextLine(), isFence(first.line, first: true) else {
            return (nil, text)
        }
        let matterStart = first.next
        while let line = nextLine() {
            guard isFence(line.line, first: false) else { continue }
            let matterEnd = max(matterStart, line.line.lowerBound - 1)  // before the LF ending the last line
            var matter = String(decoding: bytes[matterStart..<matterEnd], as: UTF8.self)
            // A CR must be followed by its LF in TOML.
            if matter.unicodeScalars.last == "\r" { matter += "\n" }
            let body = line.next <= bytes.count ? String(decoding: bytes[line.next...], as: UTF8.self) : ""
            return (matter, body)
        }
        return nil
    }

    /// Tab, LF, VT, FF, CR and space: the ASCII bytes `.whitespacesAndNewlines` holds.
    static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}
