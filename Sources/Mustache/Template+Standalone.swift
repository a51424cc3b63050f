/// The passes between scanning and building the tree: pairing open and close
/// tags, then the spec's whitespace rules.
///
/// A tag other than an interpolation is *standalone* when it is alone on its
/// line; the whole line, whitespace and line ending included, then leaves
/// the output, and for partials the leading whitespace becomes indentation.
/// Inheritance adds three twists, from the spec's `~inheritance` tests:
/// - Inside a parent tag, text outside blocks is ignored, so a parent's open
///   tag only needs a clear left and its close tag a clear right (the pair is
///   standalone), an argument block's open tag only a clear right and its
///   close tag only a clear left.
/// - A block pair whose open tag starts a line and close tag ends one
///   (`  {{$a}}{{/a}}`) indents what it expands to, like a partial, when the
///   pair is on one line or its open tag is standalone.
/// - A block whose open tag is standalone has *intrinsic* indentation: the
///   whitespace starting its first non-blank line. It is taken off every
///   line of the content, and where a block is expanded, the default's
///   intrinsic indentation is put back on whichever content is used.
extension ScannedTemplate {
    /// Pairs open and close tags, checks names, and marks what sits directly
    /// inside a parent tag.
    mutating func matchSections() throws(MustacheError) {
        var stack: [Int] = []
        for line in lines.indices {
            for item in lines[line].items.indices {
                let insideParent = stack.last.map { tags[$0].kind == .parentOpen } ?? false
                guard let tag = lines[line].items[item].tag else {
                    lines[line].items[item].ignorable = insideParent
                    continue
                }
                switch tags[tag].kind {
                case .sectionOpen, .invertedOpen, .parentOpen, .blockOpen:
                    // Trees this deep would overflow the stack when rendered or freed.
                    guard stack.count < MustacheLibrary.maximumDepth else {
                        throw error(
                            at: tags[tag].offset,
                            "\(Self.noun(tags[tag].kind)) '\(tags[tag].name)' nested more than "
                                + "\(MustacheLibrary.maximumDepth) levels deep")
                    }
                    tags[tag].isArgument = tags[tag].kind == .blockOpen && insideParent
                    stack.append(tag)
                case .close:
                    guard let open = stack.popLast() else {
                        throw error(
                            at: tags[tag].offset, "unexpected closing tag '\(tags[tag].name)': no section is open")
                    }
                    guard tags[open].name == tags[tag].name else {
                        let opened = error(at: tags[open].offset, "")
                        throw error(
                            at: tags[tag].offset,
                            "mismatched closing tag '\(tags[tag].name)': expected '\(tags[open].name)' (opened at line \(opened.line), column \(opened.column))"
                        )
                    }
                    tags[open].match = tag
                    tags[tag].match = open
                    tags[tag].opener = tags[open].kind
                    tags[tag].isArgument = tags[open].isArgument
                default:
                    break
                }
            }
        }
        if let open = stack.last {
            throw error(
                at: tags[open].offset, "unclosed \(Self.noun(tags[open].kind)) '\(tags[open].name)': no closing tag")
        }
    }

    private static func noun(_ kind: ScannedTag.Kind) -> String {
        switch kind {
        case .invertedOpen: "inverted section"
        case .parentOpen: "parent"
        case .blockOpen: "block"
        default: "section"
        }
    }

    /// Decides which tags are standalone and removes the whitespace and line
    /// endings they own.
    mutating func applyStandaloneRules() {
        for line in lines.indices {
            let significant = lines[line].items.indices.filter { isSignificant(lines[line].items[$0]) }
            for item in lines[line].items.indices {
                guard let tag = lines[line].items[item].tag else { continue }
                tags[tag].leftClear = item == significant.first
                tags[tag].rightClear = item == significant.last
            }
        }
        for tag in tags.indices {
            let this = tags[tag]
            switch this.kind {
            case .variable, .unescaped:
                continue
            case .parentOpen:
                tags[tag].standalone = this.leftClear && tags[this.match].rightClear
            case .blockOpen where this.isArgument:
                tags[tag].standalone = this.rightClear
            case .blockOpen:
                tags[tag].standalone = this.leftClear && this.rightClear
                // Across lines only from a standalone open tag: otherwise the
                // default's later lines already carry their own indentation.
                let close = tags[this.match]
                tags[tag].pairStandalone =
                    this.leftClear && close.rightClear
                    && (close.line == this.line || tags[tag].standalone)
            case .close where this.opener == .parentOpen:
                tags[tag].standalone = tags[this.match].leftClear && this.rightClear
            case .close where this.isArgument:
                tags[tag].standalone = this.leftClear
            default:
                tags[tag].standalone = this.leftClear && this.rightClear
            }
        }
        for tag in tags.indices where tags[tag].standalone || tags[tag].pairStandalone {
            let this = tags[tag]
            if this.leftClear {
                var indentation: [UInt8] = []
                for item in 0..<this.item {
                    let piece = lines[this.line].items[item]
                    if !piece.ignorable { indentation += bytes[piece.start..<piece.end] }
                    lines[this.line].items[item].removed = true
                }
                tags[tag].indentation = indentation
            }
            if this.standalone, this.rightClear {
                for item in this.item + 1..<lines[this.line].items.count {
                    lines[this.line].items[item].removed = true
                }
                lines[this.line].newlineRemoved = true
            }
        }
    }

    /// A tag, or text that is neither whitespace nor ignored.
    private func isSignificant(_ item: ScannedItem) -> Bool {
        item.tag != nil || (!item.ignorable && bytes[item.start..<item.end].contains { !isBlank($0) })
    }

    /// Finds each standalone block's intrinsic indentation and takes it off
    /// the lines of its content.
    mutating func reindentBlocks() {
        var raw: [Int: [UInt8]] = [:]
        for tag in tags.indices where tags[tag].kind == .blockOpen && tags[tag].standalone {
            if let whitespace = firstContentIndentation(of: tag) { raw[tag] = whitespace }
        }
        guard !raw.isEmpty else { return }
        var stack: [[UInt8]] = []
        for line in lines.indices {
            if let strip = stack.last, !strip.isEmpty { stripLeading(strip, from: line) }
            for item in lines[line].items {
                guard let tag = item.tag else { continue }
                if let whitespace = raw[tag] {
                    tags[tag].intrinsic = Array(whitespace.dropFirst(commonPrefix(whitespace, stack.last ?? [])))
                    stack.append(whitespace)
                } else if tags[tag].kind == .close, raw[tags[tag].match] != nil {
                    stack.removeLast()
                }
            }
        }
    }

    /// The leading whitespace of the first line of a block's content that
    /// has anything but whitespace, in the raw source.
    private func firstContentIndentation(of open: Int) -> [UInt8]? {
        let close = tags[tags[open].match]
        guard close.line > tags[open].line else { return nil }
        for line in tags[open].line + 1...close.line {
            let items = lines[line].items.prefix(line == close.line ? close.item : Int.max)
            guard items.contains(where: isSignificant) else { continue }
            var end = lines[line].start
            while end < bytes.count, isBlank(bytes[end]) { end += 1 }
            return Array(bytes[lines[line].start..<end])
        }
        return nil
    }

    /// Removes as much of `strip` as the line starts with, wherever the
    /// line's leading whitespace now lives: in its first text piece, or in
    /// the indentation a standalone tag took.
    private mutating func stripLeading(_ strip: [UInt8], from line: Int) {
        guard let item = lines[line].items.firstIndex(where: { $0.tag != nil || !$0.removed }) else { return }
        if let tag = lines[line].items[item].tag {
            if let indentation = tags[tag].indentation {
                tags[tag].indentation = Array(indentation.dropFirst(commonPrefix(indentation, strip)))
            }
        } else {
            let piece = lines[line].items[item]
            lines[line].items[item].start += commonPrefix(Array(bytes[piece.start..<piece.end]), strip)
        }
    }

    private func commonPrefix(_ first: [UInt8], _ second: [UInt8]) -> Int {
        zip(first, second).prefix(while: { $0 == $1 }).count
    }
}
