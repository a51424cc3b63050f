import Basics
import CCmark

#if canImport(Glibc)
    import Glibc
#endif

/// Renders CommonMark to HTML with libcmark.
///
/// This is the only file that talks to libcmark: it parses, walks and frees the C tree in one
/// function, so no C pointer escapes. Raw HTML is omitted unless `allowRawHTML` is set, and a link
/// or image whose URL has a scheme other than http, https or mailto is replaced by its text (an
/// image by its alt text), because the site must never carry script a data file smuggled in.
/// Control characters in the page (cmark passes them through, and raw HTML keeps them) come out
/// as `ControlCharacters.cleaned` leaves them, as in every other text of a page.
public struct MarkdownRenderer: Sendable {
    /// Keep raw HTML blocks and inline HTML (`unsafe_html = true` in front matter or site.toml).
    public var allowRawHTML: Bool

    /// The version of libcmark linked in, as it reports it (`sandjar --version`).
    public static var libraryVersion: String { String(cString: cmark_version_string()) }

    public init(allowRawHTML: Bool = false) {
        self.allowRawHTML = allowRawHTML
    }

    /// The HTML for `markdown`, deterministic for the same input.
    public func html(_ markdown: String) -> String {
        var options = CMARK_OPT_VALIDATE_UTF8 | CMARK_OPT_SMART
        if allowRawHTML { options |= CMARK_OPT_UNSAFE }
        let bytes = Array(markdown.utf8)
        guard
            let document = bytes.withUnsafeBufferPointer({ buffer in
                buffer.withMemoryRebound(to: CChar.self) { chars in
                    cmark_parse_document(chars.baseAddress, chars.count, options)
                }
            })
        else { return "" }
        defer { cmark_node_free(document) }

        neutraliseUnsafeURLs(in: document)

        guard let rendered = cmark_render_html(document, options) else { return "" }
        defer { free(rendered) }
        return ControlCharacters.cleaned(String(cString: rendered))
    }

    /// Takes every link and image whose URL is not allowed (`javascript:`, `data:`, `file:` …) out
    /// of the tree and puts its text in its place: a link's text, an image's alt text. An image
    /// without a source would be invalid HTML (`<img src="">`) and a link without a target a link
    /// to the page itself; plain text is what the reader should see. Nodes are collected first and
    /// changed after the walk, as cmark requires; an outer node is handled before the nodes inside
    /// it, which are moved out, not freed, with its text.
    private func neutraliseUnsafeURLs(in document: OpaquePointer) {
        var refused: [OpaquePointer] = []
        guard let iterator = cmark_iter_new(document) else { return }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_LINK || type == CMARK_NODE_IMAGE, let raw = cmark_node_get_url(node) else {
                continue
            }
            if !URLPolicy.isAllowedLink(String(cString: raw)) { refused.append(node) }
        }
        cmark_iter_free(iterator)
        for node in refused {
            while let child = cmark_node_first_child(node) {
                cmark_node_insert_before(node, child)
            }
            cmark_node_unlink(node)
            cmark_node_free(node)
        }
    }
}
