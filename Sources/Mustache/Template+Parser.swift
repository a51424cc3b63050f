extension Template {
    /// Parses one template: scan into lines and tags, pair the tags, apply
    /// the whitespace rules, then build the tree that rendering walks.
    init(name: String, source: String) throws(MustacheError) {
        var scanned = try ScannedTemplate(name: name, source: source)
        try scanned.matchSections()
        scanned.applyStandaloneRules()
        scanned.reindentBlocks()
        var builder = TreeBuilder(scanned)
        self.init(name: name, source: source, nodes: try builder.build())
    }
}

/// Turns the scanned lines into nested nodes, gathering adjacent text into
/// one text node.
private struct TreeBuilder {
    private struct Frame {
        var open: Int?
        var nodes: [Node] = []
        var text: [UInt8] = []
    }

    private let scanned: ScannedTemplate
    private var frames = [Frame(open: nil)]

    init(_ scanned: ScannedTemplate) {
        self.scanned = scanned
    }

    mutating func build() throws(MustacheError) -> [Node] {
        for line in scanned.lines {
            for item in line.items {
                if let tag = item.tag {
                    try add(tag)
                } else if !item.removed, item.start < item.end {
                    frames[frames.count - 1].text += scanned.bytes[item.start..<item.end]
                }
            }
            if let newline = line.newline, !line.newlineRemoved {
                frames[frames.count - 1].text += scanned.bytes[newline]
            }
        }
        flushText()
        return frames[0].nodes
    }

    private mutating func flushText() {
        let last = frames.count - 1
        guard !frames[last].text.isEmpty else { return }
        frames[last].nodes.append(.text(TextLine.split(frames[last].text)))
        frames[last].text = []
    }

    private mutating func append(_ node: Node) {
        flushText()
        frames[frames.count - 1].nodes.append(node)
    }

    private mutating func add(_ index: Int) throws(MustacheError) {
        let tag = scanned.tags[index]
        switch tag.kind {
        case .comment, .delimiters:
            break
        case .variable, .unescaped:
            append(.variable(Name(tag.name), escaped: tag.kind == .variable, offset: tag.offset))
        case .partial:
            append(.partial(tag.name, placement: includePlacement(tag), offset: tag.offset))
        case .sectionOpen, .invertedOpen, .parentOpen, .blockOpen:
            flushText()
            frames.append(Frame(open: index))
        case .close:
            flushText()
            let frame = frames.removeLast()
            append(try node(for: scanned.tags[tag.match], body: frame.nodes))
        }
    }

    private func node(for open: ScannedTag, body: [Node]) throws(MustacheError) -> Node {
        switch open.kind {
        case .parentOpen:
            var arguments: [String: Body] = [:]
            for case .block(let name, let block, _, let offset) in body {
                guard arguments[name] == nil else {
                    throw scanned.error(at: offset, "block '\(name)' is passed twice to parent '\(open.name)'")
                }
                arguments[name] = block
            }
            return .parent(open.name, arguments: arguments, placement: includePlacement(open), offset: open.offset)
        case .blockOpen:
            return .block(
                open.name, body: Body(nodes: body, template: scanned.name),
                placement: blockPlacement(open), offset: open.offset)
        default:
            return .section(
                Name(open.name), inverted: open.kind == .invertedOpen, body: body,
                placement: open.standalone ? .standalone : .inline, offset: open.offset)
        }
    }

    /// A standalone partial or parent indents every line it includes by the
    /// whitespace that preceded it.
    private func includePlacement(_ tag: ScannedTag) -> Placement {
        tag.standalone ? .indented(String(decoding: tag.indentation ?? [], as: UTF8.self)) : .inline
    }

    /// A block with intrinsic indentation indents by that; otherwise a
    /// standalone pair indents by the whitespace before its open tag.
    private func blockPlacement(_ tag: ScannedTag) -> Placement {
        if let intrinsic = tag.intrinsic { return .indented(String(decoding: intrinsic, as: UTF8.self)) }
        if tag.pairStandalone { return .indented(String(decoding: tag.indentation ?? [], as: UTF8.self)) }
        return tag.standalone ? .standalone : .inline
    }
}
