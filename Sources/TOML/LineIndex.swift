/// Turns byte offsets into line and column numbers.
///
/// Positions are tracked as byte offsets while parsing (cheap), and converted only when
/// a key, value or error needs a `SourceLocation`. Line starts come from the encoding
/// check that runs before parsing; columns count Unicode scalars, which for an all-ASCII
/// document is plain subtraction. Otherwise the count resumes from the last conversion
/// on the same line, so converting many positions along one long line stays linear.
struct LineIndex {
    /// Byte offset of the first byte of each line; the first entry is after any BOM.
    private(set) var lineStarts: [Int]
    /// True while no byte at or above 0x80 has been seen.
    var isASCII = true

    private var cachedLine = -1
    private var cachedOffset = 0
    private var cachedColumn = 1

    init(firstLineStart: Int) {
        lineStarts = [firstLineStart]
    }

    mutating func addLine(startingAt offset: Int) {
        lineStarts.append(offset)
    }

    mutating func location(of offset: Int, in bytes: [UInt8]) -> SourceLocation {
        let line = lineIndex(of: offset)
        let start = lineStarts[line]
        if offset <= start { return SourceLocation(line: line + 1, column: 1) }
        if isASCII { return SourceLocation(line: line + 1, column: offset - start + 1) }

        var cursor = start
        var column = 1
        if cachedLine == line && cachedOffset <= offset {
            cursor = cachedOffset
            column = cachedColumn
        }
        let limit = min(offset, bytes.count)
        while cursor < limit {
            if bytes[cursor] & 0xC0 != 0x80 { column += 1 }
            cursor += 1
        }
        cachedOffset = limit
        cachedColumn = column
        return SourceLocation(line: line + 1, column: column)
    }

    /// The 0-based line containing `offset`. Requests mostly move forward a line or two
    /// at a time, so a few steps from the previous answer usually suffice; otherwise a
    /// binary search.
    private mutating func lineIndex(of offset: Int) -> Int {
        var line = max(cachedLine, 0)
        if lineStarts[line] <= offset {
            var steps = 0
            while line + 1 < lineStarts.count && lineStarts[line + 1] <= offset && steps < 8 {
                line += 1
                steps += 1
            }
            if line + 1 >= lineStarts.count || lineStarts[line + 1] > offset {
                return remember(line)
            }
        }
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return remember(low)
    }

    private mutating func remember(_ line: Int) -> Int {
        if line != cachedLine {
            cachedLine = line
            cachedOffset = lineStarts[line]
            cachedColumn = 1
        }
        return line
    }
}
