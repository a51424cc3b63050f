import Domain
import Foundation
import SiteBuilder
import TOML

/// The `sandjar` command line (DESIGN.md §6). Exit codes: 0 ok, 1 data or template errors or a
/// refused `--out`, 2 usage.
public enum SandjarCommand {
    public static let usage = """
        usage: sandjar build [DATA] [--out DIR] [--templates DIR] [--cache DIR] [--today YYYY-MM-DD]
                             [--quiet] [--strict] [--wait]
               sandjar check [DATA] [--templates DIR] [--today YYYY-MM-DD] [--strict]
               sandjar add deposit GOAL AMOUNT [--at DATETIME] [--note TEXT] [--data DIR]
               sandjar slay NAME [--on DATE] [--data DIR]
               sandjar detect STATEMENT.csv [--columns date=1,payee=2,amount=3] [--data DIR]
               sandjar debug toml-decode   (TOML on stdin → toml-test tagged JSON on stdout)
               sandjar debug fixture --scale N --out DIR   (a synthetic data folder for benchmarks)

        DATA defaults to ./content, --out to ./public, --templates to ./templates.
        add deposit appends a [[deposit]] to goals/GOAL.toml in --data (default ./content); --at is a
        date or date-time such as 2026-11-29T21:14:00+08:00 (default: now in the site's time zone).
        slay adds killed = DATE (default: today in the site's time zone) to the subscription NAME.
        detect prints suggested [[subscription]] tables for charges that recur in a bank export.
        Exit status: 0 ok, 1 errors in the data or templates (or a refused --out), 2 usage.

        """

    public static func main(arguments: [String], console: Console = .standard) -> Int32 {
        guard let command = arguments.first else {
            console.err(usage)
            return 2
        }
        let rest = Array(arguments.dropFirst())
        do throws(Arguments.UsageError) {
            switch command {
            case "build": return try build(rest, console: console, publish: true)
            case "check": return try build(rest, console: console, publish: false)
            case "debug": return try debug(rest, console: console)
            case "add": return try add(rest, console: console)
            case "slay": return try slay(rest, console: console)
            case "detect":
                let catalog = ShippedCatalog.load(templates: "templates")
                return try detect(rest, console: console, catalog: { catalog.match($0.name)?.entry.id })
            case "help", "--help", "-h":
                console.out(usage)
                return 0
            default:
                throw Arguments.UsageError(message: "unknown command '\(command)'")
            }
        } catch {
            console.err("sandjar: \(error.message)\n\n\(usage)")
            return 2
        }
    }

    private static func build(_ words: [String], console: Console, publish: Bool) throws(Arguments.UsageError) -> Int32
    {
        let arguments = try Arguments(
            words, valued: ["out", "templates", "cache", "today"],
            flags: ["quiet", "strict", "wait"])
        guard arguments.positionals.count <= 1 else {
            throw Arguments.UsageError(message: "expected at most one data folder, got \(arguments.positionals.count)")
        }
        var options = BuildOptions()
        options.data = arguments.positionals.first ?? options.data
        options.output = arguments.value("out") ?? options.output
        options.templates = arguments.value("templates") ?? options.templates
        options.cache = arguments.value("cache") ?? options.cache
        options.strict = arguments.flag("strict")
        options.wait = arguments.flag("wait")
        if let today = arguments.value("today") {
            guard let date = CalendarDate(iso: today) else {
                throw Arguments.UsageError(message: "--today must be a date like 2026-11-29, not '\(today)'")
            }
            options.today = date
        }
        let started = Date()
        let build = SiteBuild(options: options)
        let report = publish ? build.run() : build.check().0
        for diagnostic in report.diagnostics {
            console.err(diagnostic.description + "\n")
        }
        guard report.succeeded else {
            let errors = report.diagnostics.filter { $0.severity == .error }.count
            console.err(
                "sandjar: \(publish ? "build failed" : "check failed") with \(errors) error\(errors == 1 ? "" : "s"); nothing was changed\n"
            )
            return 1
        }
        let quiet = arguments.flag("quiet")
        if !quiet {
            let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
            let warnings = report.diagnostics.count
            let warned = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
            if publish {
                console.out(
                    "built \(report.pageCount) pages (\(report.fileCount) files) into \(options.output) in \(seconds) s\(warned)\n"
                )
            } else {
                console.out("checked \(options.data): \(report.pageCount) pages would be built\(warned)\n")
                let matches = CatalogMatchReport.lines(data: options.data, templates: options.templates)
                if !matches.isEmpty {
                    console.out("subscriptions and the catalogue entries they match:\n")
                    for line in matches { console.out("  \(line)\n") }
                }
            }
        }
        return 0
    }

    private static func debug(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        if words.first == "fixture" { return try fixture(Array(words.dropFirst()), console: console) }
        guard words == ["toml-decode"] else {
            throw Arguments.UsageError(message: "unknown debug command; try 'sandjar debug toml-decode' or 'fixture'")
        }
        do {
            let table = try TOMLParser.parse(console.readInput())
            console.out(TOMLTaggedJSON.encode(table) + "\n")
            return 0
        } catch {
            console.err("<stdin>:\(error.location.line):\(error.location.column): error: \(error.message)\n")
            return 1
        }
    }

    /// `sandjar debug fixture --scale N --out DIR`: a synthetic data folder for benchmarks.
    private static func fixture(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let arguments = try Arguments(words, valued: ["scale", "out"], flags: [])
        guard arguments.positionals.isEmpty, let out = arguments.value("out") else {
            throw Arguments.UsageError(message: "usage: sandjar debug fixture --scale N --out DIR")
        }
        let scaleText = arguments.value("scale") ?? "1"
        guard let scale = Int(scaleText), (1...100).contains(scale) else {
            throw Arguments.UsageError(message: "--scale must be a whole number from 1 to 100, not '\(scaleText)'")
        }
        do {
            try FixtureGenerator(scale: scale).write(to: URL(fileURLWithPath: out))
        } catch {
            console.err("sandjar: cannot write the fixture: \(error)\n")
            return 1
        }
        console.out(
            "wrote a scale-\(scale) data folder to \(out) (build it with --today \(FixtureGenerator.lastDay))\n")
        return 0
    }
}
