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
