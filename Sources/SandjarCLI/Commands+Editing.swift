/// The commands that write to the data folder, each through its entry in `DataEdit`, and undo.
extension Commands {
    static let addDeposit = CommandSpec(
        name: "add deposit", summary: "record a deposit into a goal",
        synopsis: ["add deposit GOAL AMOUNT [--at DATETIME] [--note TEXT] [--by PERSON] [--data DIR]"],
        about: """
            Appends a [[deposit]] to the goal's file, keeping every comment and line of the file, and
            writes it atomically. GOAL is the goal's id (its file name) or its name ("A new bike";
            case and full or half width do not matter).
            """,
        arguments: [
            ArgumentSpec(name: "GOAL", completes: .data(.goals)),
            ArgumentSpec(
                name: "AMOUNT",
                help: [
                    "a number greater than 0 with a point, such as 12.50; at most",
                    "15 digits before the point and 10 after",
                ]),
        ],
        options: .at, .note, .by("put it in"), .data,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.add(call.words, console: call.console, now: call.now)
        })

    static let addSession = CommandSpec(
        name: "add session", summary: "record a breathing session",
        synopsis: [
            "add session PATTERN (--cycles N | --minutes M | --holds S,S,S) [--program ID]",
            "            [--at DATETIME] [--mood-before 1..5] [--mood-after 1..5] [--by PERSON]",
            "            [--data DIR]",
        ],
        about: """
            Appends a [[session]] to practice/YYYY-MM.toml (the month of --at), creating the file when
            it is missing. PATTERN is a built-in pattern (4-7-8, box, equal, sigh, rounds, …) or one
            of breathing.toml. A retention pattern's session (rounds) is logged with --holds, the
            seconds each round's hold lasted, one per round: --holds 60,75,90.
            """,
        arguments: [ArgumentSpec(name: "PATTERN", completes: .data(.patterns))],
        options: .cycles, .minutes, .holds, .program, .at.described("when (default: now in the site's time zone)"),
        .moodBefore, .moodAfter, .by("practised"), .data,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.add(call.words, console: call.console, now: call.now)
        })

    static let slay = CommandSpec(
        name: "slay", summary: "mark a subscription cancelled",
        synopsis: ["slay NAME [--on DATE] [--data DIR] [--theme DIR]"],
        about: """
            Adds killed = DATE to the subscription NAME (its name as written, its id in data.json, or
            its catalogue id), keeping the rest of its file as it was.
            """,
        arguments: [ArgumentSpec(name: "NAME", completes: .data(.subscriptions))],
        options: .on, .data, .theme,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.slay(call.words, console: call.console, now: call.now)
        })

    static let revive = CommandSpec(
        name: "revive", summary: "make a slain subscription active again",
        synopsis: ["revive NAME [--data DIR] [--theme DIR]"],
        about: """
            Removes the killed line of the slain subscription NAME (its name, its id in data.json or its
            catalogue id), for a slay made by mistake, keeping the rest of its file as it was.
            """,
        arguments: [ArgumentSpec(name: "NAME", completes: .data(.slain))],
        options: .data, .theme,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.revive(call.words, console: call.console)
        })

    static let price = CommandSpec(
        name: "price", summary: "record a subscription's new price, keeping the old one",
        synopsis: ["price NAME AMOUNT [--from DATE] [--data DIR] [--theme DIR]"],
        about: """
            Adds { from = DATE, price = AMOUNT } to the prices list of the active subscription NAME, so
            the charges already paid keep their price; the first change also records the old price from
            the day it started. A price line in the file is set to the new price.
            """,
        arguments: [
            ArgumentSpec(name: "NAME", completes: .data(.subscriptions)),
            ArgumentSpec(name: "AMOUNT", help: ["the new price per cycle, such as 17.99"]),
        ],
        options: .from, .data, .theme,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.price(call.words, console: call.console, now: call.now)
        })

    static let removeDeposit = CommandSpec(
        name: "remove deposit", summary: "take a deposit out of a goal",
        synopsis: ["remove deposit GOAL --at DATETIME [--amount AMOUNT] [--data DIR]"],
        about: """
            Removes the [[deposit]] of GOAL made at DATETIME (to the minute, or a day when it is the
            only one that day), every other line of the file kept. Two in the same minute need
            --amount; otherwise the error lists them. The same deposit written twice (a slip,
            repeated) is not ambiguous: the later line goes.
            """,
        arguments: [ArgumentSpec(name: "GOAL", completes: .data(.goals))],
        options: .entryTime, .amount, .data,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.remove(call.words, console: call.console)
        })

    static let removeSession = CommandSpec(
        name: "remove session", summary: "take a breathing session out of the log",
        synopsis: ["remove session --at DATETIME [--pattern ID] [--data DIR]"],
        about: """
            Removes the [[session]] logged at DATETIME from its practice file, every other line kept.
            Two in the same minute need --pattern; otherwise the error lists them. The same session
            written twice is not ambiguous: the later line goes.
            """,
        options: .entryTime, .pattern, .data,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.remove(call.words, console: call.console)
        })

    static let undo = CommandSpec(
        name: "undo", summary: "take back the latest write, by a command or a form",
        synopsis: ["undo [--list] [--data DIR]"],
        about: """
            Every write of the editing commands and of serve's forms is kept in an undo journal
            ($XDG_STATE_HOME/sandjar/, else ~/.local/state/sandjar/; the last 100). undo restores the
            file the latest write changed to what it held before, if it still holds exactly what that
            write left; run it again for the write before. A file changed since is named and left as
            it is.
            """,
        options: .list, .data,
        epilogue: "Exit status: 0 undone (or listed), 1 nothing to undo or the file changed since, 2 usage.",
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.undo(call.words, console: call.console)
        })
}
