import Foundation

/// Splitting a CSV file into records and fields (RFC 4180, leniently), and guessing the separator.
extension StatementCSV {
    /// One record: its fields as written (quotes removed, `""` read as `"`), and the line it starts on.
    struct Record: Sendable, Equatable {
        var line: Int
        var fields: [String]
        /// The last field opened a quote that the file never closed.
        var unterminated = false

        /// Every field empty or blank.
        var isBlank: Bool { fields.allSatisfy { $0.allSatisfy(\.isWhitespace) } }

        /// The field at a 0-based column, trimmed; nil when the record is shorter.
        func cell(_ column: Int) -> String? {
            column < fields.count ? StatementCSV.cleaned(fields[column]) : nil
        }
    }

    static let separators: [UInt8] = [UInt8(ascii: ","), UInt8(ascii: ";"), UInt8(ascii: "\t")]

    /// The separator that splits the first records into the most fields, the same number on most
    /// of them: a `;` file whose amounts use a decimal comma splits into a steady 4 fields with `;`
    /// but only 2 with `,`, and its header line has no comma at all.
    static func sniffSeparator(_ bytes: [UInt8]) -> UInt8 {
        let sample = Array(bytes.prefix(64 * 1024))
        var best = (separator: separators[0], score: 0.0)
        for separator in separators {
            let counts = records(sample, separator: separator).prefix(50).filter { !$0.isBlank }.map(\.fields.count)
            guard !counts.isEmpty else { continue }
            var tally: [Int: Int] = [:]
            for count in counts { tally[count, default: 0] += 1 }
            guard let mode = tally.max(by: { ($0.value, $0.key) < ($1.value, $1.key) }), mode.key > 1 else { continue }
            let score = Double(mode.value) / Double(counts.count) * Double(mode.key)
            if score > best.score { best = (separator, score) }
        }
        return best.separator
    }

    /// Splits UTF-8 text into records. Quotes open only at the start of a field (after blanks);
    /// inside them separators and line breaks are text and `""` is one quote. Line breaks are LF,
    /// CRLF or a lone CR. Only ASCII bytes are special, so UTF-8 text passes through whole.
    static func records(_ bytes: [UInt8], separator: UInt8) -> [Record] {
        let quote = UInt8(ascii: "\"")
        let lf = UInt8(ascii: "\n")
        let cr = UInt8(ascii: "\r")
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var quoted = false
        var inQuotes = false
        var line = 1
        var recordLine = 1
        func endField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            quoted = false
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            index += 1
            if inQuotes {
                if byte == quote {
                    if index < bytes.count && bytes[index] == quote {
                        field.append(quote)
                        index += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if byte == lf { line += 1 }
                    field.append(byte)
                }
                continue
            }
            switch byte {
            case quote where !quoted && field.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }):
                field.removeAll()
                quoted = true
                inQuotes = true
            case separator:
                endField()
            case lf, cr:
                if byte == cr && index < bytes.count && bytes[index] == lf { index += 1 }
                endField()
                records.append(Record(line: recordLine, fields: fields))
                fields.removeAll()
                line += 1
                recordLine = line
            default:
                field.append(byte)
            }
        }
        if inQuotes || !field.isEmpty || !fields.isEmpty || quoted {
            endField()
            records.append(Record(line: recordLine, fields: fields, unterminated: inQuotes))
        }
        return records
    }

    /// A cell as people mean it: blanks around it gone, and Excel's `="…"` text guard removed.
    static func cleaned(_ text: String) -> String {
        var cell = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if cell.hasPrefix("=\""), cell.hasSuffix("\""), cell.count >= 3 {
            cell = String(cell.dropFirst(2).dropLast()).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return cell
    }
}
