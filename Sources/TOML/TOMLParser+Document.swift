/// The document level: expressions line by line, table headers, key/value pairs, and
/// the rules for which tables may be (re)opened by which syntax.
extension TOMLParser.Reader {
    typealias KeySegment = TOMLParser.KeySegment

    mutating func parseDocument() throws(TOMLError) -> TOMLTable {
        let root = TableNode(origin: .header, location: SourceLocation(line: 1, column: 1), depth: 0)
        var table = root
        while true {
            skipWhitespace()
            if isAtEnd { break }
            switch current {
            case ASCII.hash:
                skipComment()
            case ASCII.lineFeed, ASCII.carriageReturn:
                _ = skipLineEnd()
            case ASCII.openBracket:
                table = try parseTableHeader(root: root)
                try expectLineEnd(after: "the table header")
            default:
                try parseKeyValue(into: table)
                try expectLineEnd(after: "the value")
            }
        }
        if let encodingProblem {
            throw TOMLError(message: encodingProblem, location: location(of: end))
        }
        return root.freeze()
    }

    /// Reads `key = value` and adds it to `table` (creating the tables of a dotted key).
    /// Used both at the document level and inside inline tables.
    mutating func parseKeyValue(into table: TableNode) throws(TOMLError) {
        let key = try parseKey()
        skipWhitespace()
        guard current == ASCII.equals else {
            throw failure("expected '=' after key, found \(foundDescription(at: position))", at: position)
        }
        position += 1
        skipWhitespace()

        var target = table
        for index in 0..<(key.count - 1) {
            target = try dottedKeyTable(in: target, key: key, index: index)
        }
        let last = key[key.count - 1]
        if let slot = target.members.position(of: last.name) {
            let path = TOMLParser.displayPath(key[...])
            if case .value = target.members.entries[slot].element {
                throw failure("duplicate key '\(path)'", at: last.offset)
            }
            throw failure("duplicate key '\(path)': it is already defined as a table", at: last.offset)
        }
        let keyLocation = location(of: last.offset)
        let value = try parseValue(depth: target.depth + 1)
        target.members.append(key: last.name, location: keyLocation, element: .value(value))
    }

    /// The table a dotted-key prefix names, created on first use.
    private mutating func dottedKeyTable(
        in table: TableNode, key: [KeySegment],
        index: Int
    ) throws(TOMLError) -> TableNode {
        let segment = key[index]
        if let slot = table.members.position(of: segment.name) {
            let path = TOMLParser.displayPath(key[...index])
            switch table.members.entries[slot].element {
            case .table(let node):
                switch node.origin {
                case .dotted:
                    return node
                case .implicit:
                    node.origin = .dotted
                    return node
                case .header, .inline:
                    throw failure(
                        "table '\(path)' was defined by a [header]; dotted keys cannot add to it",
                        at: segment.offset)
                }
            case .tableArray:
                throw failure("'\(path)' is an array of tables; dotted keys cannot add to it", at: segment.offset)
            case .value(let value):
                throw failure(cannotExtendMessage(value, path: path), at: segment.offset)
            }
        }
        return try addTable(named: segment, to: table, origin: .dotted)
    }

    /// Reads `[name]` or `[[name]]` and returns the table that following pairs go into.
    mutating func parseTableHeader(root: TableNode) throws(TOMLError) -> TableNode {
        let open = position
        let isArray = byte(at: open + 1) == ASCII.openBracket
        position += isArray ? 2 : 1
        skipWhitespace()
        let key = try parseKey()
        skipWhitespace()
        if isArray {
            guard current == ASCII.closeBracket && byte(at: position + 1) == ASCII.closeBracket else {
                throw failure(
                    "expected ']]' to close the array-of-tables header, found \(foundDescription(at: position))",
                    at: position)
            }
            position += 2
        } else {
            guard current == ASCII.closeBracket else {
                throw failure(
                    "expected ']' to close the table header, found \(foundDescription(at: position))",
                    at: position)
            }
            position += 1
        }

        var parent = root
        for index in 0..<(key.count - 1) {
            parent = try headerParent(in: parent, key: key, index: index)
        }
        let last = key[key.count - 1]
        let headerLocation = location(of: open)
        guard let slot = parent.members.position(of: last.name) else {
            if isArray {
                guard parent.depth + 2 <= limits.maxDepth else { throw depthFailure(at: last.offset) }
                let node = TableNode(origin: .header, location: headerLocation, depth: parent.depth + 2)
                parent.members.append(
                    key: last.name, location: location(of: last.offset),
                    element: .tableArray(TableArrayNode(location: headerLocation, first: node)))
                return node
            }
            let node = try addTable(named: last, to: parent, origin: .header)
            node.location = headerLocation
            return node
        }

        let path = TOMLParser.displayPath(key[...])
        switch parent.members.entries[slot].element {
        case .table(let node) where !isArray && node.origin == .implicit:
            node.origin = .header
            node.location = headerLocation
            parent.members.setLocation(location(of: last.offset), at: slot)
            return node
        case .tableArray(let array) where isArray:
            guard parent.depth + 2 <= limits.maxDepth else { throw depthFailure(at: last.offset) }
            let node = TableNode(origin: .header, location: headerLocation, depth: parent.depth + 2)
            array.tables.append(node)
            return node
        case .table(let node):
            let message: String
            if isArray {
                message = "table [\(path)] is already defined; it cannot become an array of tables"
            } else if node.origin == .dotted {
                message = "table [\(path)] was already defined by dotted keys"
            } else {
                message = "table [\(path)] is defined more than once"
            }
            throw failure(message, at: last.offset)
        case .tableArray:
            throw failure("[\(path)] is an array of tables; use [[\(path)]] to add an element", at: last.offset)
        case .value(let value):
            throw failure("key '\(path)' is already defined as \(value.typeDescription)", at: last.offset)
        }
    }

    /// The table a header's prefix names: any existing table, the newest element of an
    /// array of tables, or a new implicit table.
    private mutating func headerParent(
        in table: TableNode, key: [KeySegment],
        index: Int
    ) throws(TOMLError) -> TableNode {
        let segment = key[index]
        guard let slot = table.members.position(of: segment.name) else {
            return try addTable(named: segment, to: table, origin: .implicit)
        }
        let path = TOMLParser.displayPath(key[...index])
        switch table.members.entries[slot].element {
        case .table(let node):
            return node
        case .tableArray(let array):
            if let newest = array.tables.last { return newest }
            throw failure("array of tables '\(path)' is empty", at: segment.offset)
        case .value(let value):
            throw failure(cannotExtendMessage(value, path: path), at: segment.offset)
        }
    }

    private mutating func addTable(
        named segment: KeySegment, to parent: TableNode,
        origin: TableNode.Origin
    ) throws(TOMLError) -> TableNode {
        guard parent.depth < limits.maxDepth else { throw depthFailure(at: segment.offset) }
        let keyLocation = location(of: segment.offset)
        let node = TableNode(origin: origin, location: keyLocation, depth: parent.depth + 1)
        parent.members.append(key: segment.name, location: keyLocation, element: .table(node))
        return node
    }

    private func cannotExtendMessage(_ value: TOMLValue, path: String) -> String {
        switch value.kind {
        case .table:
            return "inline table '\(path)' cannot be extended; inline tables are complete once closed"
        case .array:
            return "'\(path)' is an array value, not an array of tables or a table; it cannot be extended"
        default:
            return "key '\(path)' is already defined as \(value.typeDescription), not a table"
        }
    }
}
