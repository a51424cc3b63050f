/// A command's help text (`CommandSpec.details`) read back as what it is made of, so the man page
/// and the completion scripts say what `help` says without a second copy of it.
///
/// The help texts keep three shapes: prose paragraphs; option tables, a term at the start of the
/// line (indented by two spaces, or not at all) and its description from column 24 on, continued
/// by lines indented that far; and examples, indented lines that are not terms.
struct HelpText: Equatable {
    enum Block: Equatable {
        /// Prose, its lines as written.
        case paragraph([String])
        /// `--out DIR` and what it means (no lines for a term that stands alone).
        case entry(term: String, description: [String])
        /// A command to type, as written.
        case example([String])
    }

    let blocks: [Block]

    init(_ details: String) {
        var blocks: [Block] = []
        var prose: [String] = []
        func endParagraph() {
            if !prose.isEmpty { blocks.append(.paragraph(prose)) }
            prose = []
        }
        for line in details.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let indent = line.prefix { $0 == " " }.count
            let text = String(line.dropFirst(indent))
            if text.isEmpty {
                endParagraph()
            } else if indent >= 8, case .entry(let term, let description)? = blocks.last, prose.isEmpty {
                blocks[blocks.count - 1] = .entry(term: term, description: description + [text])
            } else if let (term, description) = HelpText.entry(text, indent: indent) {
                endParagraph()
                blocks.append(.entry(term: term, description: description.map { [$0] } ?? []))
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

    /// A term and its description: a term followed by a gap of two spaces or more, or an indented
    /// option (`--mood-before 1..5, --mood-after 1..5`) on its own.
    private static func entry(_ text: String, indent: Int) -> (String, String?)? {
        if let gap = text.range(of: "  ") {
            let description = text[gap.upperBound...].drop { $0 == " " }
            guard !description.isEmpty else { return nil }
            return (String(text[..<gap.lowerBound]), String(description))
        }
        return indent >= 2 && text.hasPrefix("-") ? (text, nil) : nil
    }

    /// What `--name` means, from the entry whose term names it: its description on one line.
    func description(of option: String) -> String? {
        for case .entry(let term, let description) in blocks where HelpText.options(in: term).contains(option) {
            return description.isEmpty ? nil : description.joined(separator: " ")
        }
        return nil
    }

    /// The placeholder an option's value is written as in its entry (`DIR` for `--out DIR`).
    func placeholder(of option: String) -> String? {
        for case .entry(let term, _) in blocks {
            let words = term.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init)
            if let at = words.firstIndex(of: option), at + 1 < words.count, !words[at + 1].hasPrefix("-") {
                return words[at + 1]
            }
        }
        return nil
    }

    /// The options a term names: `--data DIR, -C DIR` → `--data`, `-C`.
    static func options(in term: String) -> [String] {
        term.split(whereSeparator: { $0 == " " || $0 == "," }).map(String.init).filter { $0.hasPrefix("-") }
    }
}
