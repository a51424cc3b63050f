// libFuzzer entry for the Mustache parser and renderer (DESIGN.md §7): built by Fuzz/fuzz.sh
// with `swiftc -sanitize=fuzzer,address`, linked against Sources/Mustache compiled the same way.
//
// An input is one or more templates separated by NUL bytes: the first is `main`; each later one
// is its name, a line feed, then its source, so partials and parents have something to name.
// Parsing may fail with a `MustacheError`; if it succeeds, `main` renders — against an empty
// context and a small fixed one, non-strict and strict — ending in output or an error, never a
// trap, and the same output twice; so do a few of the other templates.
import Mustache

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzz(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    let sources = templates(bytes)
    let library: MustacheLibrary
    do {
        library = try MustacheLibrary(templates: sources)
    } catch {
        _ = error.description
        return 0
    }
    for context in [MustacheValue.object([:]), sample] {
        let first = render(library, "main", context, strict: false)
        guard first == render(library, "main", context, strict: false) else {
            fatalError("rendering twice gave different results")
        }
        _ = render(library, "main", context, strict: true)
    }
    // The others as pages of their own; a few are enough, and each render may take up to
    // `MustacheLibrary.maximumUnwrittenExpansions` partials more than the bytes it writes.
    for name in library.templateNames.filter({ $0 != "main" }).prefix(4) {
        _ = render(library, name, sample, strict: false)
    }
    return 0
}

/// The output, or the error's description.
private func render(_ library: MustacheLibrary, _ name: String, _ context: MustacheValue, strict: Bool) -> String {
    do {
        return try library.render(name, context, strict: strict)
    } catch {
        return "error: " + error.description
    }
}

/// Splits the input at NUL bytes into named template sources.
private func templates(_ bytes: [UInt8]) -> [String: String] {
    var sources: [String: String] = [:]
    for (index, chunk) in bytes.split(separator: 0, omittingEmptySubsequences: false).enumerated() {
        if index == 0 {
            sources["main"] = String(decoding: chunk, as: UTF8.self)
        } else if let newline = chunk.firstIndex(of: 0x0A) {
            let name = String(decoding: chunk[..<newline], as: UTF8.self)
            sources[name] = String(decoding: chunk[(newline + 1)...], as: UTF8.self)
        } else {
            sources[String(decoding: chunk, as: UTF8.self)] = ""
        }
    }
    return sources
}

/// A context with the names the seeds use most, every kind of value, and lists of one item
/// only: nested sections over longer lists multiply output as Mustache means them to.
private let sample: MustacheValue = {
    let item: MustacheValue = .object([
        "name": .string("<b>one</b> & \"two\""), "value": .int(1), "a": .object(["b": .object(["c": .string("abc")])]),
    ])
    var fields: [String: MustacheValue] = [
        "a": .object(["b": .object(["c": .object(["d": .string("deep")])])]),
        "b": .bool(true), "c": .string("c"), "d": .double(1.5), "e": .int(-3),
        "x": .null, "y": .bool(false), "z": .list([]),
        "list": .list([item]), "items": .list([.string("only")]), "data": item, "name": .string("Jo"),
        "text": .string("line one\nline two\n"), "html": .string("<script>&'\"</script>"),
        "number": .double(0.1 + 0.2), "bool": .bool(true), "null": .null, "empty": .string(""),
        "title": .string("Title"), "lang": .string("en"), "t": .object(["title": .string("t.title")]),
    ]
    fields["nested"] = .object(fields)
    return .object(fields)
}()
