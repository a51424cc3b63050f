/// The commands that neither build nor edit: what needs the person today, other trackers' exports
/// and bank statements read, the theme exported, completions, help and debugging.
extension Commands {
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
}
