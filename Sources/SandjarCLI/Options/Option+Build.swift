import Domain

/// The options of the commands that build: where the data, the theme, the cache and the site
/// are, the day to build as of, and how much to say. Most other commands take `--data` and
/// `--theme` too.
extension Option where Value == String {
    static var data: Option {
        .text(
            "data", "DIR", short: "C", completes: .directories,
            help: ["the data folder; without it, the nearest folder from here upward", "that holds a site.toml"])
    }

    static var theme: Option {
        .text(
            "theme", "DIR", oldNames: ["templates"], completes: .directories,
            help: [
                "a theme folder laid over the built-in theme, file by file",
                "(--templates is the old name); default: site.toml's theme",
            ])
    }

    static var cache: Option {
        .text(
            "cache", "DIR", completes: .directories,
            help: ["where settled jars are kept (default: $XDG_CACHE_HOME/sandjar/…", "or ~/.cache/sandjar/…)"])
    }

    /// `--person ID`: one person's site of a household (DESIGN.md §3 "Household").
    static var person: Option {
        .text(
            "person", "ID", completes: .data(.people),
            help: [
                "one person of a household ([[person]] in site.toml): their", "goals, shares, settlement and practice",
            ])
    }

    static var out: Option {
        .text("out", "DIR", completes: .directories, help: ["where the site goes (default: DATA/public)"])
    }
}

extension Option where Value == CalendarDate {
    static var today: Option {
        .parsed("today", "YYYY-MM-DD", help: ["build as of this day (default: today in the site's time zone)"]) {
            text throws(Arguments.UsageError) in
            guard let date = CalendarDate(iso: text) else {
                throw Arguments.UsageError(message: "--today must be a date like 2026-11-29, not '\(text)'")
            }
            return date
        }
    }
}

extension Option where Value == Bool {
    /// Every command takes it (and `-h`); the tables leave it out, the overview and the man page say it.
    static var help: Option { .flag("help", short: "h", help: ["show what this command does and its options"]) }
    static var quiet: Option { .flag("quiet", help: ["print only warnings and errors (for cron)"]) }
    static var strict: Option { .flag("strict", help: ["treat warnings as errors"]) }
    static var wait: Option { .flag("wait", help: ["wait for a build already running on the same --out"]) }
    static var timings: Option { .flag("timings", help: ["print how long each step took"]) }
}
