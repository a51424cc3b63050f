/// Walks parsed templates, writing into one growing `String`.
///
/// State that the spec makes dynamic lives here: the context stack (names
/// resolve from the innermost frame out), the blocks passed down by parent
/// tags, and the indentation that standalone partials and blocks add to each
/// line they expand to.
struct Renderer {
    private let templates: [String: Template]
    private let strict: Bool
    private(set) var output = ""
    private var stack: [MustacheValue]
    /// Blocks passed by enclosing parent tags; the outermost pass wins.
    private var blocks: [String: PassedBlock] = [:]
    /// Whitespace added to the start of every line written from template text.
    private var indent = ""
    /// Whitespace still owed to the current line, written just before its
    /// first content; nil once the line has content.
    private var pendingIndent: String? = ""
    /// The template whose nodes are being rendered, for error positions.
    private var template: String
    private var depth = 0
    /// Partials and parents expanded so far; bounded by the bytes written (`maximumUnwrittenExpansions`).
    private var expansions = 0
    /// Sections, blocks, partials and parents open around the current node.
    private var nesting = 0

    init(templates: [String: Template], root: Template, context: MustacheValue, strict: Bool) {
        self.templates = templates
        self.strict = strict
        self.template = root.name
        stack = [context]
        output.reserveCapacity(root.source.utf8.count * 2)
    }

    mutating func render(_ nodes: [Node]) throws(MustacheError) {
        // By index, not `for node in nodes`: the switch then reads each node where it is instead
        // of copying it (and retaining everything it holds) first.
        for index in nodes.indices {
            switch nodes[index] {
            case .text(let lines):
                for line in lines.indices {
                    if !lines[line].isBlank { writeIndent() }
                    output += lines[line].text
                    if lines[line].endsLine { pendingIndent = indent }
                }
            case .variable(let name, let escaped, let offset):
                writeIndent()
                let value = try lookup(name, at: offset)
                try write(value, named: name, escaped: escaped, at: offset)
            case .section(let name, let inverted, let body, let placement, let offset):
                if placement == .inline { writeIndent() }
                let value = try lookup(name, at: offset)
                try enter("section '\(name.text)'", at: offset)
                defer { nesting -= 1 }
                try renderSection(value, inverted: inverted, body: body)
            case .partial(let name, let placement, let offset):
                try include(name, arguments: [:], placement: placement, offset: offset, what: "partial")
            case .parent(let name, let arguments, let placement, let offset):
                try include(name, arguments: arguments, placement: placement, offset: offset, what: "parent")
            case .block(let name, let body, let placement, let offset):
                try enter("block '\(name)'", at: offset)
                defer { nesting -= 1 }
                if let passed = blocks[name] {
                    // A passed block sees the blocks of the template that passed it.
                    let saved = blocks
                    blocks = passed.scope
                    try renderBlock(passed.body, placement: placement)
                    blocks = saved
                } else {
                    try renderBlock(body, placement: placement)
                }
            }
        }
    }

    /// Counts one more level of nesting, or stops the render when there are too many.
    /// `what` is only spelled out for the error, so entering a section costs no string.
    private mutating func enter(_ what: @autoclosure () -> String, at offset: Int) throws(MustacheError) {
        nesting += 1
        guard nesting <= MustacheLibrary.maximumNesting else {
            throw error(
                at: offset,
                "\(what()) nested more than \(MustacheLibrary.maximumNesting) levels deep "
                    + "(sections, blocks, partials and parents, across templates)")
        }
    }

    private mutating func renderSection(_ value: MustacheValue, inverted: Bool, body: [Node]) throws(MustacheError) {
        if inverted {
            if !value.isTruthy { try render(body) }
            return
        }
        guard value.isTruthy else { return }
        if case .list(let items) = value {
            for item in items {
                stack.append(item)
                try render(body)
                stack.removeLast()
            }
        } else {
            stack.append(value)
            try render(body)
            stack.removeLast()
        }
    }

    /// Renders a partial, or a parent with its arguments, in the current
    /// context. Blocks passed from further out keep precedence.
    private mutating func include(
        _ name: String, arguments: [String: Body], placement: Placement,
        offset: Int, what: String
    ) throws(MustacheError) {
        if placement == .inline { writeIndent() }
        guard let included = templates[name] else {
            if strict { throw error(at: offset, "unknown \(what) '\(name)'") }
            return
        }
        guard depth < MustacheLibrary.maximumDepth else {
            throw error(
                at: offset,
                "\(what) '\(name)' nested more than \(MustacheLibrary.maximumDepth) levels deep; does it include itself without end?"
            )
        }
        try enter("\(what) '\(name)'", at: offset)
        defer { nesting -= 1 }
        expansions += 1
        let written = output.utf8.count
        guard expansions - written <= MustacheLibrary.maximumUnwrittenExpansions else {
            throw error(
                at: offset,
                "\(what) '\(name)' makes \(expansions) partials and parents expanded for \(written) bytes written, "
                    + "\(MustacheLibrary.maximumUnwrittenExpansions) more than a page may; "
                    + "do partials include each other over and over?")
        }
        guard written <= MustacheLibrary.maximumOutputBytes else {
            throw error(
                at: offset,
                "\(what) '\(name)' comes after \(MustacheLibrary.maximumOutputBytes >> 20) MiB of output; "
                    + "do partials include each other over and over?")
        }
        let saved = (blocks, template, indent)
        for (block, body) in arguments where blocks[block] == nil {
            blocks[block] = PassedBlock(body: body, scope: saved.0)
        }
        template = name
        depth += 1
        if case .indented(let whitespace) = placement {
            startIndenting(whitespace)
            try render(included.nodes)
            // The tag's own line is gone: whatever follows starts a new line.
            pendingIndent = saved.2
        } else {
            try render(included.nodes)
        }
        depth -= 1
        (blocks, template, indent) = saved
    }

    private mutating func renderBlock(_ body: Body, placement: Placement) throws(MustacheError) {
        let saved = (template, indent, pendingIndent)
        template = body.template
        switch placement {
        case .inline:
            writeIndent()
            try render(body.nodes)
        case .standalone:
            try render(body.nodes)
        case .indented(let whitespace):
            let mark = output.utf8.count
            startIndenting(whitespace)
            try render(body.nodes)
            if output.utf8.count == mark {
                pendingIndent = saved.2
            } else if pendingIndent != nil {
                pendingIndent = saved.1
            }
        }
        template = saved.0
        indent = saved.1
    }

    private mutating func startIndenting(_ whitespace: String) {
        indent += whitespace
        pendingIndent = (pendingIndent ?? "") + whitespace
    }

    private mutating func writeIndent() {
        if let pending = pendingIndent {
            output += pending
            pendingIndent = nil
        }
    }
}

/// A block passed to a parent, with the blocks that were in force where it
/// was written.
///
/// Binding the scope where the block is written (not where it expands) keeps
/// parents usable as components: a `{{<card}}{{$title}}…{{/title}}{{/card}}`
/// inside a page's content block gets its own title, not the title the page
/// passed to its layout. The spec's inheritance tests hold either way.
struct PassedBlock: Sendable {
    let body: Body
    let scope: [String: PassedBlock]
}

// MARK: - Values

extension Renderer {
    /// Resolves a dotted name: the first part against the context stack from
    /// the top down, the rest against what the previous part found.
    private func lookup(_ name: Name, at offset: Int) throws(MustacheError) -> MustacheValue {
        // Indices rather than `reversed()` and `dropFirst()`: this runs for every tag of every
        // page, and the index loops copy no frame and no part.
        let parts = name.parts
        guard !parts.isEmpty else { return stack.last ?? .null }
        var found: MustacheValue?
        var frame = stack.count - 1
        while frame >= 0 {
            if case .object(let fields) = stack[frame], let value = fields[parts[0]] {
                found = value
                break
            }
            frame -= 1
        }
        guard var value = found else { return try missing(name, at: offset) }
        var part = 1
        while part < parts.count {
            switch value {
            case .object(let fields):
                guard let next = fields[parts[part]] else { return try missing(name, at: offset) }
                value = next
            case .null:
                return .null
            default:
                return try missing(name, at: offset)
            }
            part += 1
        }
        return value
    }

    private func missing(_ name: Name, at offset: Int) throws(MustacheError) -> MustacheValue {
        if strict { throw error(at: offset, "unknown variable '\(name.text)'") }
        return .null
    }

    private mutating func write(_ value: MustacheValue, named name: Name, escaped: Bool, at offset: Int)
        throws(MustacheError)
    {
        switch value {
        case .string(let text):
            if escaped { output.appendEscapingHTML(text) } else { output += text }
        case .int(let number):
            output += String(number)
        case .null:
            break
        case .list, .object:
            if strict {
                let kind = if case .list = value { "a list" } else { "an object" }
                throw error(at: offset, "'\(name.text)' is \(kind), which cannot be written as text; use a section")
            }
            fallthrough
        default:
            let text = value.interpolationText
            if escaped { output.appendEscapingHTML(text) } else { output += text }
        }
    }

    private func error(at offset: Int, _ message: String) -> MustacheError {
        MustacheError(template: template, source: templates[template]?.source ?? "", offset: offset, message: message)
    }
}
