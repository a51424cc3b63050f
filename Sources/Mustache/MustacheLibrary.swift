import Basics

/// A set of named templates that can include each other as partials and parents.
///
/// All templates are parsed once, up front, so that a syntax error anywhere
/// in a theme is reported before any page is written, and so that rendering
/// thousands of pages only walks ready-made trees. The library is a value and
/// `Sendable`: pages can be rendered from several tasks at once.
///
/// Partials (`{{>name}}`) and parents (`{{<name}}…{{/name}}`) name other
/// templates of the same library.
public struct MustacheLibrary: Sendable {
    /// How deeply partials and parents may nest before rendering stops with
    /// an error; a partial that includes itself with no end would otherwise
    /// overflow the stack. Within one template, sections, parents and blocks
    /// may nest as deeply; deeper is a syntax error.
    public static let maximumDepth = 100
    /// How deeply sections, blocks, partials and parents may nest in one
    /// render, counted across templates, before it stops with an error: each
    /// level takes stack, and a debug build's threads have about 8 MiB.
    public static let maximumNesting = 500
    /// How many more partials and parents one render may expand than it
    /// writes bytes. A page's partials each write something, so a list of any
    /// length passes (a date partial for each of 200,000 deposits is 200,000
    /// expansions); partials that each include the next twice are shallow but
    /// double the work at every level, and writing little or nothing they
    /// would run for ages: depth alone does not bound a render, and neither
    /// does `maximumOutputBytes` when nothing is written.
    public static let maximumUnwrittenExpansions = 1_000_000
    /// How large the output (in UTF-8 bytes) may grow before a render stops at
    /// its next partial or parent, for the same reason.
    public static let maximumOutputBytes = 64 << 20

    private let templates: [String: Template]
    /// Which templates the library holds: a page kept under it (`sandjar serve`'s memo) is
    /// rendered again when any template changed.
    public let identity: Identity

    /// Parses every template.
    ///
    /// - Parameter templates: template sources by name; names are what
    ///   partial and parent tags refer to.
    /// - Throws: the first syntax error, taking templates in name order:
    ///   an unclosed tag or section, a mismatched closing tag, a bad
    ///   set-delimiter tag, an empty or malformed tag name.
    public init(templates: [String: String]) throws(MustacheError) {
        var parsed: [String: Template] = [:]
        for name in templates.keys.sorted() {
            parsed[name] = try Template(name: name, source: templates[name] ?? "")
        }
        self.templates = parsed
        identity = Identity(templates)
    }

    /// The names and sources of a library's templates; equal only for the same ones. A hash of
    /// them first, so two libraries that differ differ at once, and one loaded once (the built-in
    /// theme) is the same storage every time.
    public struct Identity: Equatable, Sendable {
        private let hash: UInt64
        private let sources: [String: String]

        init(_ sources: [String: String]) {
            self.sources = sources
            hash = sources.keys.sorted().reduce(FNV1a.offsetBasis) { hash, name in
                FNV1a.hash(sources[name] ?? "", into: FNV1a.hash(name + "\u{0}", into: hash))
            }
        }

        public static func == (a: Identity, b: Identity) -> Bool {
            a.hash == b.hash && a.sources == b.sources
        }
    }

    /// The names of all templates, sorted, so callers can list or check a theme.
    public var templateNames: [String] { templates.keys.sorted() }

    /// Renders the template `name` against `context`.
    ///
    /// - Parameter strict: when false (the default), rendering follows the
    ///   Mustache spec: a name found in no frame of the context stack, or a
    ///   missing partial or parent, renders as nothing. When true — for
    ///   checking a theme — those are errors naming template, line, column
    ///   and the name (`unknown variable 'titel'`), as is writing a list or
    ///   object as text. A key that is present with `.null` is never an
    ///   error: it is falsey and renders as nothing.
    /// - Throws: `MustacheError` for an unknown template `name`, for nesting
    ///   deeper than `maximumDepth` or `maximumNesting`, for `maximumUnwrittenExpansions`
    ///   more partials and parents than bytes written or more than
    ///   `maximumOutputBytes` of output, and for the strict-mode errors above.
    public func render(_ name: String, _ context: MustacheValue, strict: Bool = false) throws(MustacheError) -> String {
        guard let template = templates[name] else {
            throw MustacheError(template: name, line: 0, column: 0, message: "unknown template '\(name)'", lineText: "")
        }
        var renderer = Renderer(templates: templates, root: template, context: context, strict: strict)
        try renderer.render(template.nodes)
        return renderer.output
    }
}
