/// The parts of the man page that are not a command's help: what sandjar is, the files it reads
/// and writes, its environment, exit status and examples (DESIGN.md §6 and §7, and
/// `docs/cron.md`, which `ManPageTests` holds the examples to).
extension ManPage {
    /// The NAME line's summary.
    static let summary = "turn a folder of TOML files into a personal dashboard website"

    static let description: [HelpText.Block] = [
        .paragraph([
            "sandjar turns a folder of plain TOML files (savings goals and their deposits,",
            "subscriptions, breathing-practice logs) into a personal dashboard website: a static site",
            "that any web server can serve, rebuilt nightly from cron. The default theme, the",
            "subscription catalogue, the daily quotes and the starter folder are built into the binary,",
            "which needs nothing but glibc.",
        ]),
        .paragraph([
            "Every command that reads data finds the data folder the same way: --data DIR (or -C DIR)",
            "anywhere on the line, or DATA where a command takes it; else the nearest folder from the",
            "working directory upward that holds a site.toml, as git finds .git; else it stops and says",
            "to pass one or to run sandjar init.",
        ]),
    ]

    static let options: [HelpText.Block] = [
        .entry(term: "--help, -h", description: ["after a command: what it does and its options"]),
        .entry(
            term: "--version, -V",
            description: ["the version, the commit it was built from and the libcmark and Chipmunk2D versions"]),
    ]

    static let files: [HelpText.Block] = [
        .paragraph(["A data folder holds:"]),
        .entry(
            term: "site.toml", description: ["title, language (en or zh-Hans), locale, currency, timezone, base_url"]),
        .entry(term: "goals/ID.toml", description: ["one savings goal per file, its deposits inside"]),
        .entry(term: "subscriptions/*.toml", description: ["[[subscription]] tables, in any number of files"]),
        .entry(term: "practice/*.toml", description: ["[[session]] tables, one file per month by convention"]),
        .entry(term: "breathing.toml", description: ["optional: your own patterns, programs and enrollments"]),
        .entry(term: "rates.toml", description: ["exchange rates into the site currency"]),
        .entry(term: "catalog.toml, quotes.toml", description: ["optional: more services, your own daily quotes"]),
        .entry(term: "pages/*.md", description: ["Markdown pages with optional +++ TOML front matter"]),
        .paragraph(["A build writes:"]),
        .entry(
            term: "OUT/.sandjar-site",
            description: [
                "the marker every build leaves in its output folder (default: DATA/public); --out must be",
                "missing, empty or hold it",
            ]),
        .entry(term: "OUT.lock", description: ["beside the output folder: one build at a time"]),
        .entry(
            term: "$XDG_CACHE_HOME/sandjar/",
            description: [
                "the cache of settled jars, one folder per data folder (else ~/.cache/sandjar/; --cache DIR",
                "puts it elsewhere); deleting it only costs time",
            ]),
        .paragraph(["Every write of an editing command or of serve's forms is recorded in:"]),
        .entry(
            term: "$XDG_STATE_HOME/sandjar/",
            description: [
                "the undo journal, one folder per data folder (else ~/.local/state/sandjar/): the last 100",
                "writes, each file's bytes before and after, for sandjar undo",
            ]),
    ]

    static let environment: [HelpText.Block] = [
        .entry(term: "XDG_CACHE_HOME", description: ["where the cache goes, as sandjar/ inside it"]),
        .entry(term: "XDG_STATE_HOME", description: ["where the undo journal goes, as sandjar/ inside it"]),
        .entry(
            term: "HOME",
            description: [
                "the cache's folder when XDG_CACHE_HOME is not set: ~/.cache/sandjar/; the journal's when",
                "XDG_STATE_HOME is not set: ~/.local/state/sandjar/",
            ]),
    ]

    static let exitStatus: [HelpText.Block] = [
        .entry(term: "0", description: ["success"]),
        .entry(
            term: "1",
            description: [
                "errors in the data or theme, a refused --out, another build holding the lock, or an edit",
                "the data refuses (an unknown goal, pattern or subscription)",
            ]),
        .entry(
            term: "2",
            description: [
                "a usage error: an unknown command or option, a missing word, a malformed amount, date or",
                "number; the command's usage is printed with it",
            ]),
    ]

    /// As `docs/cron.md` has it.
    static let cronExample = """
        # Rebuild every night at 03:10; mail only when something is wrong.
        10 3 * * *  /usr/local/bin/sandjar build --data /home/me/dash --out /var/www/dash --quiet --wait
        """

    /// As `docs/cron.md` has it.
    static let systemdExample = """
        # /etc/systemd/system/sandjar.service
        [Service]
        Type=oneshot
        User=me
        Environment=XDG_CACHE_HOME=/var/cache/sandjar
        ExecStart=/usr/local/bin/sandjar build --data /home/me/dash --out /var/www/dash --quiet --wait

        # /etc/systemd/system/sandjar.timer
        [Timer]
        OnCalendar=*-*-* 03:10
        Persistent=true
        [Install]
        WantedBy=timers.target
        """

    static var examples: [HelpText.Block] {
        func lines(_ text: String) -> [String] {
            text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        }
        return [
            .paragraph(["A new data folder, checked, previewed and published:"]),
            .example([
                "sandjar init ~/dash", "sandjar check ~/dash --strict", "sandjar serve ~/dash",
                "sandjar build ~/dash --out /var/www/dash",
            ]),
            .paragraph(["Recording from inside the data folder:"]),
            .example([
                "cd ~/dash", #"sandjar add deposit new-bike 25 --note "payday""#,
                "sandjar add session 4-7-8 --cycles 4",
                #"sandjar slay "Apple TV+""#,
            ]),
            .paragraph([
                "Rebuilding every night from cron (installed from the Debian package, sandjar is",
                "/usr/bin/sandjar):",
            ]),
            .example(lines(cronExample)),
            .paragraph(["Or with a systemd timer, which gives the service a cache of its own:"]),
            .example(lines(systemdExample)),
            .paragraph([
                "then systemctl enable --now sandjar.timer. Exit status 1 marks the run failed in",
                "systemctl status, and the journal holds the errors.",
            ]),
        ]
    }

    static let seeAlso: [HelpText.Block] = [
        .paragraph([
            "crontab(5), systemd.timer(5); docs/figures.md of the sandjar repository for the rules behind every figure,"
                + " and the rest of its docs/ for the data folder, serve, publishing and themes."
        ])
    ]
}
