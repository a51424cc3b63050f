/// Every command of the command line, in the order `sandjar help` lists them (DESIGN.md §6), each
/// with what runs it: `SandjarCommand.main` finds a command here, so a command cannot be run
/// without being listed, or listed without being run.
enum Commands {
    static let initCommand = CommandSpec(
        name: "init", summary: "create a new data folder with one of everything, commented",
        synopsis: [
            "init DIR [--language en|zh-Hans] [--currency CODE] [--timezone ZONE] [--title TEXT]",
            "     [--today YYYY-MM-DD] [--household]",
        ],
        about: """
            Writes a data folder to DIR (which must be missing or empty): site settings, a goal with a
            plan and deposits, a regular-saving goal, subscriptions (a shared one and a trial), a
            breathing log and program, exchange rates and a page, each file commented. Dates are set
            around today, so the first build shows every part of the dashboard.
            """,
        arguments: [ArgumentSpec(name: "DIR", completes: .directories)],
        options: .language, .currency, .timezone, .title,
        .today.described("the day the dates are set around (default: today)"), .household,
        epilogue: "Then: sandjar check DIR --strict, sandjar build DIR, sandjar serve DIR.",
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.initialize(call.words, console: call.console)
        })

    static let build = CommandSpec(
        name: "build", summary: "build the site into a folder, swapped in whole",
        synopsis: [
            "build [DATA] [--out DIR] [--theme DIR] [--cache DIR] [--today YYYY-MM-DD]",
            "      [--person ID] [--quiet] [--strict] [--wait] [--timings]",
        ],
        about: """
            Validates the data folder, runs the engines, simulates the jars, renders every page and
            swaps the new site into --out at once: a failed or killed build leaves the published site
            as it was. --out must be missing, empty, or a folder an earlier build wrote.
            """,
        arguments: [
            .data(
                "the data folder (or --data DIR, -C DIR); default: the nearest",
                "folder from here upward that holds a site.toml")
        ],
        options: .data, .out, .theme, .cache, .today, .person, .quiet, .strict, .wait, .timings,
        epilogue: "Exit status: 0 built, 1 errors in the data or theme or a refused --out, 2 usage.",
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.build(call.words, console: call.console, publish: true)
        })

    static let serve = CommandSpec(
        name: "serve", summary: "the site as a local app: preview, rebuilt on change, with forms that write",
        synopsis: [
            "serve [DATA] [--port N] [--listen ADDR] [--read-only] [--theme DIR] [--cache DIR]",
            "      [--today YYYY-MM-DD] [--person ID] [--strict]",
        ],
        about: """
            Builds the site in memory (never into the published one: no page, which holds the
            run's token, is written to disk), serves it on http://127.0.0.1:PORT/ and rebuilds
            within a second when a file in the data folder or the theme folder is saved. A rebuild
            that fails prints its errors and keeps serving the last good site. Ctrl-C stops it.

            The pages it serves carry forms that write your files as the editing commands do: a
            deposit on each goal's page, a new goal on goals/, "log this session" on each pacer, slay
            and "add a subscription" on subscriptions/, and Edit, Remove, Revive, Change price and
            Undo. Each write is checked, made under the data folder's lock, keeps the file's
            comments, goes into the undo journal, and is followed by a rebuild.
            """,
        arguments: [.data("the data folder (or --data DIR, -C DIR)")],
        options: .data, .port, .listen, .readOnly, .theme, .cache.described("where settled jars are kept"),
        .today.described("build as of this day"), .person, .strict,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.serve(call.words, console: call.console)
        })

    static let check = CommandSpec(
        name: "check", summary: "validate the data and theme, print findings; writes nothing",
        synopsis: ["check [DATA] [--theme DIR] [--cache DIR] [--today YYYY-MM-DD] [--strict] [--timings]"],
        about: """
            Runs every step of a build but publishing, prints every finding with its file, line and
            column, and lists the catalogue entry each subscription matched. Nothing is written, not
            even the cache.
            """,
        arguments: [.data("the data folder (or --data DIR, -C DIR)")],
        options: .data, .theme, .cache.described("where settled jars are read from, to save time (never written)"),
        .today.described("check as of this day"), .strict, .timings,
        epilogue: "Exit status: 0 clean (warnings allowed unless --strict), 1 errors, 2 usage.",
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.build(call.words, console: call.console, publish: false)
        })

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

    static let detect = CommandSpec(
        name: "detect", summary: "suggest subscriptions from a bank statement (CSV, OFX, QIF, camt)",
        synopsis: [
            "detect STATEMENT [--format text|json] [--account ID] [--columns date=1,payee=2,amount=3] "
                + "[--dates dmy|mdy|ymd] [--data DIR] [--theme DIR]"
        ],
        about: """
            Reads a bank export and prints a [[subscription]] table for every payee charged at a regular
            interval, to review and paste into subscriptions/; those the data folder already tracks are
            only listed, in comments. Nothing is written.

            The format is read from the content, whatever the file's name: CSV, OFX/QFX 1.x (SGML) and
            2.x (XML), QIF, or an ISO 20022 camt.052/053/054 statement (XML), whose SEPA mandate ids
            group a creditor's direct debits for certain. A line per account says what was read.
            With --format json it prints every transaction read, what was skipped and why, and the
            suggestions, for a script or to check what was read.
            """,
        arguments: [ArgumentSpec(name: "STATEMENT", completes: .files)],
        options: .format.described(
            "text (the suggested tables, to paste; the default) or json:",
            "every transaction read, what was skipped, and the suggestions"),
        .account, .columns, .dates, .data, .theme,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.detect(call.words, console: call.console)
        })

    static let today = CommandSpec(
        name: "today", summary: "what needs you today and this week (for cron's mail, ntfy)",
        synopsis: ["today [DATA] [--format text|json] [--if-any] [--today YYYY-MM-DD] [--person ID] [--theme DIR]"],
        about: """
            Prints what needs you: deposits due today or overdue, trials that charge within 3 days,
            renewals and contract notice deadlines within 7 days, a breathing streak that ends
            tonight without a session, and badges earned since yesterday — a title line, then one
            line each, in the site's language. Nothing is written. In a crontab, with --if-any, it
            mails only on the days something needs you:

              MAILTO=me@example.org
              0 8 * * *  sandjar today --data /home/me/dash --if-any
            """,
        arguments: [.data("the data folder (or --data DIR, -C DIR)")],
        options: .data, .format, .ifAny, .today.described("say what is due as of this day (default: today)"),
        .person.described("what needs this person of a household ([[person]] in site.toml)"), .theme,
        epilogue: "Exit status: 0 (with or without something due), 1 errors in the data or theme, 2 usage.",
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.today(call.words, console: call.console)
        })

    static let importWallos = CommandSpec(
        name: "import wallos", summary: "import subscriptions from Wallos's JSON export",
        synopsis: ["import wallos EXPORT.json [--currency CODE] [--write] [--data DIR] [--theme DIR]"],
        about: """
            Reads Wallos's export (Settings → Export subscriptions) and makes subscriptions/wallos.toml
            of it, commented: cycles mapped, names matched with the catalogue, an inactive subscription
            slain on its cancellation date. Those the data folder already has are left out, so importing
            the same export twice adds nothing. Without --write it prints the file and writes nothing;
            with --write it writes it, never over a file that exists. A price whose symbol several
            currencies use ($, ¥, kr) is in --currency when the symbol can mean it, else in the
            site's currency when it can; otherwise it is an error that lists what it may mean.
            """,
        arguments: [ArgumentSpec(name: "EXPORT.json", completes: .files)],
        options: .currency.described("the currency of prices whose symbol can mean it ($: CAD, ¥: JPY)"),
        .write, .data, .theme,
        epilogue:
            "Exit status: 0 imported or previewed, 1 an error in the export or the data (nothing written), 2 usage.",
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.importData(call.words, console: call.console, now: call.now)
        })

    static let importLoop = CommandSpec(
        name: "import loop", summary: "import breathing sessions from a Loop Habit Tracker habit",
        synopsis: [
            "import loop EXPORT.zip|DIR --habit NAME --pattern ID (--cycles N | --minutes M)",
            "            [--write] [--data DIR]",
        ],
        about: """
            Reads Loop Habit Tracker's CSV export (Settings → Export as CSV): the zip Loop saves, or
            the folder unzipped from it, the current layout or that of Loop 2.3.0 and before. Each
            day the habit NAME was done becomes a session of --pattern lasting --cycles or
            --minutes, in a new file practice/loop.toml; each run of skipped days becomes a
            [[pause]] in breathing.toml. Days that have a session of the pattern already are left
            out, so importing the same export twice adds nothing. Without --write it prints what it
            would write and writes nothing. A damaged, encrypted or oversized zip is refused, and
            nothing is unpacked to the disk.
            """,
        arguments: [ArgumentSpec(name: "EXPORT.zip|DIR", completes: .files)],
        options: .habit, .sessionPattern, .cycles, .minutes, .write, .data,
        epilogue:
            "Exit status: 0 imported or previewed, 1 an error in the export or the data (nothing written), 2 usage.",
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.importData(call.words, console: call.console, now: call.now)
        })

    static let themeExport = CommandSpec(
        name: "theme export", summary: "write the built-in theme out, to change it",
        synopsis: ["theme export DIR"],
        about: """
            Writes the built-in theme (layouts, pages, partials, string tables, design tokens,
            stylesheet, catalogue, quotes) into DIR, which must be missing or empty. Keep the files you
            change and point a build at the folder with --theme DIR or theme = "DIR" in site.toml: a
            file there replaces the built-in file of the same path.
            """,
        arguments: [ArgumentSpec(name: "DIR", completes: .directories)],
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.theme(call.words, console: call.console)
        })

    static let debug = CommandSpec(
        name: "debug", summary: "tools for development",
        synopsis: ["debug toml-decode", "debug fixture --scale N --out DIR"],
        about: """
            toml-decode           TOML on stdin → toml-test tagged JSON on stdout
            fixture               a synthetic data folder of the given scale, for benchmarks
            """,
        arguments: [ArgumentSpec(name: "toml-decode", completes: .words(["toml-decode", "fixture"]))],
        options: .scale, .out.described("where the fixture's data folder is written"),
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.debug(call.words, console: call.console)
        })

    static let completion = CommandSpec(
        name: "completion", summary: "print the shell completion script for bash, zsh or fish",
        synopsis: ["completion bash|zsh|fish"],
        about: """
            Prints a script that completes sandjar's commands and options in that shell, and the goal
            ids for add deposit, the pattern ids for add session and the subscription names for slay,
            read from the data folder each time Tab is pressed (found as every command finds it, a
            --data DIR or -C DIR already typed included). To use it in the shell you are in:

              source <(sandjar completion bash)

            The Debian package installs all three; to keep one yourself, save it where the shell
            looks for completions:

              bash                  ~/.local/share/bash-completion/completions/sandjar
              zsh                   _sandjar in a folder of $fpath, before compinit runs
              fish                  ~/.config/fish/completions/sandjar.fish

            The scripts ask sandjar for the data folder's names:
            """,
        arguments: [
            ArgumentSpec(name: "bash|zsh|fish", completes: .words(CompletionScript.allCases.map(\.rawValue)))
        ],
        options: .values, .data,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.completion(call.words, console: call.console)
        })

    static let help = CommandSpec(
        name: "help", summary: "show help for a command, or the manual page",
        synopsis: ["help [COMMAND]", "help --man"],
        about: "Prints what COMMAND does and its options, or the list of commands.",
        arguments: [ArgumentSpec(name: "COMMAND", completes: .commands)],
        options: .man,
        run: { call throws(Arguments.UsageError) -> Int32 in
            try SandjarCommand.help(call.words, console: call.console)
        })

    static let all = [
        initCommand, build, serve, check, addDeposit, addSession, slay, revive, price, removeDeposit, removeSession,
        undo, today, importWallos, importLoop, detect, themeExport, completion, help, debug,
    ]

    /// The first words of the commands (`add` for add deposit), for "did you mean".
    static var firstWords: [String] {
        var words: [String] = []
        for command in all where !words.contains(command.leadingWord) { words.append(command.leadingWord) }
        return words
    }

    /// The second words of a group's commands (`deposit`, `session` for `add`), for its "did you mean".
    static func words(of group: String) -> [String] { all.filter { $0.group == group }.map(\.word) }

    /// The command named by `words` (`["add", "deposit"]` → add deposit), if any.
    static func named(_ name: String) -> CommandSpec? { all.first { $0.name == name } }

    /// `sandjar`, `sandjar help`: every command with its one-line summary.
    static var overview: String {
        var text = "sandjar turns a folder of TOML files into a personal dashboard website.\n\nusage:\n"
        for command in all {
            // Every form of the command (`help [COMMAND]`, `help --man`), not the lines that continue one.
            for form in command.synopsis where !form.hasPrefix(" ") { text += "  sandjar \(form)\n" }
            text += "      \(command.summary)\n"
        }
        text += """

            Every command that reads data finds the data folder the same way: --data DIR (or -C DIR),
            or DATA where shown, else the nearest folder from here upward that holds a site.toml.
            'sandjar help COMMAND' or 'sandjar COMMAND --help' tells more; 'sandjar --version' which
            version this is.
            Exit status: 0 ok, 1 errors in the data or theme (or a refused --out or --cache, a failed edit),
            2 usage.

            """
        return text
    }
}
