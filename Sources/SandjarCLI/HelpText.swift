/// The prose of a command's help (`CommandSpec.about`, `epilogue`) as the blocks it is made of,
/// for the man page; the option table is not read back from text, it comes from the declarations.
///
/// The prose keeps three shapes: paragraphs; tables of other things (`debug`'s forms, the shells'
/// folders), a term at the start of the line (indented by two spaces, or not at all) and its
/// description after a gap of two spaces or more, continued by lines indented by eight or more;
/// and examples, indented lines that are not terms.
struct HelpText: Equatable {
    enum Block: Equatable {
        /// Prose, its lines as written.
        case paragraph([String])
        /// A term and what it means.
        case entry(term: String, description: [String])
        /// A command to type, as written.
        case example([String])
    }

    let blocks: [Block]

    init(_ source: String) {
        var blocks: [Block] = []
        var prose: [String] = []
        func endParagraph() {
            if !prose.isEmpty { blocks.append(.paragraph(prose)) }
            prose = []
        }
        for line in source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let text = String(line.dropFirst(indent))
            if text.isEmpty {
                endParagraph()
            } else if indent >= 8, case .entry(let term, let description)? = blocks.last, prose.isEmpty {
                blocks[blocks.count - 1] = .entry(term: term, description: description + [text])
            } else if let (term, description) = HelpText.entry(text) {
                endParagraph()
                blocks.append(.entry(term: term, description: [description]))
            } else if indent >= 2 {
                endParagraph()
                if case .example(let lines)? = blocks.last {
                    blocks[blocks.count - 1] = .example(lines + [text])
                } else {
                    blocks.append(.example([text]))
                }
            } else {
                prose.append(text)
            }
        }
        endParagraph()
        self.blocks = blocks
    }

    /// A term followed by a gap of two spaces or more and its description.
    private static func entry(_ text: String) -> (String, String)? {
        guard let gap = text.range(of: "  ") else { return nil }
        let description = text[gap.upperBound...].drop { $0 == " " }
        return description.isEmpty ? nil : (String(text[..<gap.lowerBound]), String(description))
    }
}
