/// Every command of the command line, in the order `sandjar help` lists them (DESIGN.md §6).
enum Commands {
    static let dataOption = """
          --data DIR, -C DIR    the data folder; without it, the nearest folder from here upward
                                that holds a site.toml
        """
    static let themeOption = """
          --theme DIR           a theme folder laid over the built-in theme, file by file
                                (--templates is the old name); default: site.toml's theme
        """

    static let initCommand = CommandSpec(
        name: "init", summary: "create a new data folder with one of everything, commented",
        synopsis: ["init DIR [--language en|zh-Hans] [--currency CODE] [--timezone ZONE] [--title TEXT]"],
        details: """
            Writes a data folder to DIR (which must be missing or empty): site settings, a goal with a
            plan and deposits, a regular-saving goal, subscriptions (a shared one and a trial), a
            breathing log and program, exchange rates and a page, each file commented. Dates are set
            around today, so the first build shows every part of the dashboard.

              --language LANG       en or zh-Hans (default: en)
              --currency CODE       the site currency, e.g. USD, CNY, EUR, JPY (default: USD for en,
                                    CNY for zh-Hans)
              --timezone ZONE       an IANA time zone such as Europe/Berlin (default: this machine's)
              --title TEXT          the site's title
              --today YYYY-MM-DD    the day the dates are set around (default: today)

            Then: sandjar check DIR --strict, sandjar build DIR, sandjar serve DIR.
            """,
        valued: ["language", "currency", "timezone", "title", "today"], flags: [])

    static let build = CommandSpec(
        name: "build", summary: "build the site into a folder, swapped in whole",
        synopsis: [
            "build [DATA] [--out DIR] [--theme DIR] [--cache DIR] [--today YYYY-MM-DD]",
            "      [--quiet] [--strict] [--wait] [--timings]",
        ],
        details: """
            Validates the data folder, runs the engines, simulates the jars, renders every page and
            swaps the new site into --out at once: a failed or killed build leaves the published site
            as it was. --out must be missing, empty, or a folder an earlier build wrote.

              DATA                  the data folder (or --data DIR, -C DIR); default: the nearest
                                    folder from here upward that holds a site.toml
              --out DIR             where the site goes (default: DATA/public)
            \(themeOption)
              --cache DIR           where settled jars are kept (default: $XDG_CACHE_HOME/sandjar/…
                                    or ~/.cache/sandjar/…)
              --today YYYY-MM-DD    build as of this day (default: today in the site's time zone)
              --quiet               print only warnings and errors (for cron)
              --strict              treat warnings as errors
              --wait                wait for a build already running on the same --out
              --timings             print how long each step took

            Exit status: 0 built, 1 errors in the data or theme or a refused --out, 2 usage.
            """,
        valued: ["data", "out", "theme", "cache", "today"], flags: ["quiet", "strict", "wait", "timings"])

    static let serve = CommandSpec(
        name: "serve", summary: "the site as a local app: preview, rebuilt on change, with forms that write",
        synopsis: [
            "serve [DATA] [--port N] [--listen ADDR] [--read-only] [--theme DIR] [--today YYYY-MM-DD] [--strict]"
        ],
        details: """
            Builds the site into a temporary folder (never the published one), serves it on
            http://127.0.0.1:PORT/ and rebuilds within a second when a file in the data folder or the
            theme folder is saved. A rebuild that fails prints its errors and keeps serving the last
            good site. Ctrl-C stops it and removes the temporary folder.

            The pages it serves carry forms that write your files as the editing commands do: a
            deposit on each goal's page, a new goal on goals/, "log this session" on each pacer, slay
            and "add a subscription" on subscriptions/. Each write is checked, made under the data
            folder's lock, keeps the file's comments, and is followed by a rebuild.

              DATA                  the data folder (or --data DIR, -C DIR)
              --port N              the port (default: 8080; 0 picks a free one)
              --listen ADDR         listen on ADDR (e.g. 0.0.0.0, for a phone on your network)
                                    instead of 127.0.0.1; every request then needs the token
                                    in the address serve prints. The traffic is not encrypted.
              --read-only           no forms: the preview writes nothing
            \(themeOption)
              --cache DIR           where settled jars are kept
              --today YYYY-MM-DD    build as of this day
              --strict              treat warnings as errors
            """,
        valued: ["data", "port", "listen", "theme", "cache", "today"], flags: ["strict", "read-only"])

    static let check = CommandSpec(
        name: "check", summary: "validate the data and theme, print findings; writes nothing",
        synopsis: ["check [DATA] [--theme DIR] [--today YYYY-MM-DD] [--strict] [--timings]"],
        details: """
            Runs every step of a build but publishing, prints every finding with its file, line and
            column, and lists the catalogue entry each subscription matched. Nothing is written, not
            even the cache.

              DATA                  the data folder (or --data DIR, -C DIR)
            \(themeOption)
              --cache DIR           where settled jars are read from, to save time (never written)
              --today YYYY-MM-DD    check as of this day
              --strict              treat warnings as errors
              --timings             print how long each step took

            Exit status: 0 clean (warnings allowed unless --strict), 1 errors, 2 usage.
            """,
        valued: ["data", "theme", "cache", "today"], flags: ["strict", "timings"])

    static let addDeposit = CommandSpec(
        name: "add deposit", summary: "record a deposit into a goal",
        synopsis: ["add deposit GOAL AMOUNT [--at DATETIME] [--note TEXT] [--data DIR]"],
        details: """
            Appends a [[deposit]] to the goal's file, keeping every comment and line of the file, and
            writes it atomically. GOAL is the goal's id (its file name) or its name ("A new bike";
            case and full or half width do not matter).

              AMOUNT                a number greater than 0 with a point, such as 12.50; at most
                                    15 digits before the point and 10 after
              --at DATETIME         a date or date-time such as 2026-11-29T21:14:00+08:00
                                    (default: now in the site's time zone); a day after today
                                    is written with a warning and counts from that day on
              --note TEXT           a remark kept with the deposit
            \(dataOption)
            """,
        valued: ["at", "note", "data"], flags: [])

    static let addSession = CommandSpec(
        name: "add session", summary: "record a breathing session",
        synopsis: [
            "add session PATTERN (--cycles N | --minutes M) [--program ID] [--at DATETIME]",
            "            [--mood-before 1..5] [--mood-after 1..5] [--data DIR]",
        ],
        details: """
            Appends a [[session]] to practice/YYYY-MM.toml (the month of --at), creating the file when
            it is missing. PATTERN is a built-in pattern (4-7-8, box, equal, …) or one of
            breathing.toml.

              --cycles N            whole breathing cycles, 1 or more
              --minutes M           or minutes, greater than 0 and at most 1440 (a day)
              --program ID          the program this session belongs to
              --at DATETIME         when (default: now in the site's time zone)
              --mood-before 1..5, --mood-after 1..5
                                    your mood before and after the session, from 1 to 5
            \(dataOption)
            """,
        valued: ["cycles", "minutes", "program", "at", "mood-before", "mood-after", "data"], flags: [])

    static let slay = CommandSpec(
        name: "slay", summary: "mark a subscription cancelled",
        synopsis: ["slay NAME [--on DATE] [--data DIR] [--theme DIR]"],
        details: """
            Adds killed = DATE to the subscription NAME (its name as written, its id in data.json, or
            its catalogue id), keeping the rest of its file as it was.

              --on DATE             the day it was cancelled (default: today in the site's time zone)
            \(dataOption)
            \(themeOption)
            """,
        valued: ["on", "data", "theme"], flags: [])

    static let detect = CommandSpec(
        name: "detect", summary: "suggest subscriptions from a bank statement (CSV)",
        synopsis: [
            "detect STATEMENT.csv [--columns date=1,payee=2,amount=3] [--dates dmy|mdy|ymd] [--data DIR] [--theme DIR]"
        ],
        details: """
            Reads a bank export and prints a [[subscription]] table for every payee charged at a regular
            interval, to review and paste into subscriptions/; those the data folder already tracks are
            only listed, in comments. Nothing is written.

              --columns SPEC        which columns hold the date, payee and amount, when the header
                                    does not say
              --dates ORDER         how to read 08/07/2026: dmy (8 July), mdy (August 7) or ymd;
                                    default: what the dates themselves show, else the order of the
                                    data folder's locale, else the order they run in
            \(dataOption)
            \(themeOption)
            """,
        valued: ["columns", "dates", "data", "theme"], flags: [])

    static let themeExport = CommandSpec(
        name: "theme export", summary: "write the built-in theme out, to change it",
        synopsis: ["theme export DIR"],
        details: """
            Writes the built-in theme (layouts, pages, partials, string tables, design tokens,
            stylesheet, catalogue, quotes) into DIR, which must be missing or empty. Keep the files you
            change and point a build at the folder with --theme DIR or theme = "DIR" in site.toml: a
            file there replaces the built-in file of the same path.
            """,
        valued: [], flags: [])

    static let debug = CommandSpec(
        name: "debug", summary: "tools for development",
        synopsis: ["debug toml-decode", "debug fixture --scale N --out DIR"],
        details: """
            toml-decode           TOML on stdin → toml-test tagged JSON on stdout
            fixture               a synthetic data folder of the given scale, for benchmarks

              --scale N             1 to 100: scale 1 is 10 goals with about 10,000 deposits,
                                    100 subscriptions, 1,500 sessions and 500 pages; N times that
              --out DIR             where the fixture's data folder is written
            """,
        valued: ["scale", "out"], flags: [])

    static let completion = CommandSpec(
        name: "completion", summary: "print the shell completion script for bash, zsh or fish",
        synopsis: ["completion bash|zsh|fish"],
        details: """
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

              --values KIND         print the data folder's goals, patterns, programs or
                                    subscriptions (active ones), one per line; nothing when there
                                    is no data folder or it cannot be read
            \(dataOption)
            """,
        valued: ["values", "data"], flags: [])

    static let help = CommandSpec(
        name: "help", summary: "show help for a command, or the manual page",
        synopsis: ["help [COMMAND]", "help --man"],
        details: """
            Prints what COMMAND does and its options, or the list of commands.

              --man                 print the manual page (roff) instead, the one 'man sandjar' shows;
                                    without installing it: sandjar help --man | man -l -
            """,
        valued: [], flags: ["man"])

    static let all = [
        initCommand, build, serve, check, addDeposit, addSession, slay, detect, themeExport, completion, help, debug,
    ]

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
