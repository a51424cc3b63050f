/// The options of the editing commands (`add deposit`, `add session`, `slay`, `remove`, `price`). Their values go
/// as typed to the entries in `DataEdit`, which check them as they check the served forms' fields,
/// so a bad `--at` and a bad `at` field read the same.
extension Option where Value == String {
    static var at: Option {
        .text(
            "at", "DATETIME",
            help: [
                "a date or date-time such as 2026-11-29T21:14:00+08:00",
                "(default: now in the site's time zone); a day after today",
                "is written with a warning and counts from that day on",
            ])
    }

    static var note: Option { .text("note", "TEXT", help: ["a remark kept with the deposit"]) }

    /// A household's `by` (DESIGN.md §2): who put the deposit in or practised.
    static func by(_ what: String) -> Option {
        .text(
            "by", "PERSON", completes: .data(.people),
            help: ["who \(what): the id of a [[person]] in site.toml"])
    }

    static var cycles: Option { .text("cycles", "N", help: ["whole breathing cycles, 1 or more"]) }

    static var minutes: Option {
        .text("minutes", "M", help: ["or minutes, greater than 0 and at most 1440 (a day)"])
    }

    static var holds: Option {
        .text(
            "holds", "S,S,S",
            help: ["or, for a retention pattern, each round's hold in whole", "seconds (1 to 600), one per round"])
    }

    static var program: Option {
        .text("program", "ID", completes: .data(.programs), help: ["the program this session belongs to"])
    }

    static var moodBefore: Option {
        .text("mood-before", "1..5", completes: moods, help: ["your mood before the session, from 1 to 5"])
    }

    static var moodAfter: Option {
        .text("mood-after", "1..5", completes: moods, help: ["your mood after the session, from 1 to 5"])
    }

    private static var moods: CompletionValue { .words((1...5).map(String.init)) }

    static var on: Option {
        .text("on", "DATE", help: ["the day it was cancelled (default: today in the site's time zone)"])
    }

    /// `remove`'s time: to the minute, as `undo --list` and the pages show it.
    static var entryTime: Option {
        .text(
            "at", "DATETIME",
            help: [
                "the entry's time, to the minute (2026-11-29T21:14) or a day",
                "(2026-11-29) when it is the only one that day",
            ])
    }

    static var amount: Option {
        .text("amount", "AMOUNT", help: ["which deposit, when two were made in the same minute"])
    }

    static var pattern: Option {
        .text(
            "pattern", "ID", completes: .data(.patterns),
            help: ["which session, when two were logged in the same minute"])
    }

    static var from: Option {
        .text("from", "DATE", help: ["the day the new price is charged from (default: today)"])
    }
}

extension Option where Value == Bool {
    static var list: Option { .flag("list", help: ["show the recent writes instead, newest first"]) }
}
