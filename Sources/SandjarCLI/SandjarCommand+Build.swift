import Domain
import Foundation
import SiteBuilder

/// `sandjar build` and `sandjar check` (DESIGN.md §6).
extension SandjarCommand {
    static func build(_ words: [String], console: Console, publish: Bool) throws(Arguments.UsageError) -> Int32 {
        let command = publish ? Commands.build : Commands.check
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard var options = try buildOptions(arguments, command, console: console) else { return 1 }
        // Where to publish, and how quietly: options of build only.
        var quiet = false
        if publish {
            options.output = try arguments[.out]
            options.wait = arguments[.wait]
            quiet = arguments[.quiet]
        }
        let started = Date()
        var build = SiteBuild(options: options)
        let line = ProgressLine(console: console, enabled: !quiet && publish && ProgressLine.stderrIsTerminal)
        build.progress = line.report
        let report = publish ? build.run() : build.check().0
        line.finish()
        for diagnostic in report.diagnostics {
            console.err(diagnostic.description + "\n")
        }
        for note in report.notes { console.err("sandjar: note: \(note)\n") }
        if arguments[.timings] { console.err(timings(report)) }
        let errors = report.diagnostics.filter { $0.severity == .error }.count
        let warnings = report.diagnostics.count - errors
        guard publish else { return checked(report, errors: errors, data: options.data, console: console) }
        guard report.succeeded else {
            let step = report.failedStep.map { " in step '\($0)'" } ?? ""
            console.err(
                "sandjar: build failed\(step) with \(count(errors, "error")); the published site was not changed\n")
            return 1
        }
        guard !quiet else { return 0 }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        let warned = warnings == 0 ? "" : ", \(count(warnings, "warning"))"
        console.out(
            "built \(report.pageCount) pages (\(report.fileCount) files) into \(options.outputPath) in \(seconds) s\(warned)\n"
        )
        return 0
    }

    /// `check`'s end: the catalogue matches, then one line that says what was checked and found
    /// (`checked 23 files in content: 0 errors, 2 warnings; 378 pages would be built`).
    private static func checked(_ report: BuildReport, errors: Int, data: String, console: Console) -> Int32 {
        let found =
            "checked \(count(report.dataFileCount, "file")) in \(data): \(count(errors, "error")), "
            + count(report.diagnostics.count - errors, "warning")
        guard report.succeeded else {
            console.err("sandjar: \(found)\n")
            return 1
        }
        if !report.catalogMatches.isEmpty {
            console.out("subscriptions and the catalogue entries they match:\n")
            for line in report.catalogMatches { console.out("  \(line)\n") }
        }
        console.out("\(found); \(report.pageCount) pages would be built\n")
        return 0
    }

    /// `1 error`, `2 errors`.
    private static func count(_ number: Int, _ noun: String) -> String {
        "\(number) \(noun)\(number == 1 ? "" : "s")"
    }

    /// `--timings`: each step with its time, and the total.
    static func timings(_ report: BuildReport) -> String {
        var text = ""
        for (step, seconds) in report.timings {
            text +=
                "  " + step.padding(toLength: 16, withPad: " ", startingAt: 0)
                + String(format: "%8.3f s", seconds) + "\n"
        }
        let total = report.timings.reduce(0) { $0 + $1.seconds }
        return "timings:\n" + text + "  " + "total".padding(toLength: 16, withPad: " ", startingAt: 0)
            + String(format: "%8.3f s", total) + "\n"
    }
}
