import Domain

/// `[[pause]]` tables (DESIGN.md §2), in a goal's file or in breathing.toml: `from` and `to`
/// inclusive dates, `to` not before `from`, an optional `note`, and no two overlapping — each
/// mistake a finding at its place. The pauses come back sorted by `from`.
enum PauseReader {
    static let keys = ["from", "to", "note"]

    static func read(_ reader: TableReader) -> [Pause] {
        var read: [(pause: Pause, entry: TableReader)] = []
        for entry in reader.tables("pause") {
            defer { entry.finish(known: keys) }
            let from = entry.date("from", required: true)
            let to = entry.date("to", required: true)
            let note = entry.string("note")
            guard let from, let to else { continue }
            guard from <= to else {
                entry.error("to", "is \(to), before from (\(from)); a pause runs from its first day to its last")
                continue
            }
            read.append((Pause(from: from, to: to, note: note), entry))
        }
        var kept: [Pause] = []
        for (pause, entry) in read.sorted(by: { $0.pause.from < $1.pause.from }) {
            if let earlier = kept.last, pause.from <= earlier.to {
                entry.error(
                    "from",
                    "is \(pause.from), inside the pause \(earlier.from) … \(earlier.to); pauses may not overlap")
                continue
            }
            kept.append(pause)
        }
        return kept
    }
}
