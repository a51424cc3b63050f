import Domain
import Foundation
import SiteBuilder

/// `sandjar build` and `sandjar check` (DESIGN.md §6).
extension SandjarCommand {
    static func build(_ words: [String], console: Console, publish: Bool) throws(Arguments.UsageError) -> Int32 {
        let command = publish ? Commands.build : Commands.check
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard var options = try buildOptions(arguments, command, console: console) else { return 1 }
        options.output = arguments.value("out")
        options.wait = arguments.flag("wait")
        let quiet = arguments.flag("quiet")
        let started = Date()
        var build = SiteBuild(options: options)
        let line = ProgressLine(console: console, enabled: !quiet && publish && ProgressLine.stderrIsTerminal)
        build.progress = line.report
        let report = publish ? build.run() : build.check().0
        line.finish()
        for diagnostic in report.diagnostics {
            console.err(diagnostic.description + "\n")
        }
        if arguments.flag("timings") { console.err(timings(report)) }
        guard report.succeeded else {
            let errors = report.diagnostics.filter { $0.severity == .error }.count
            let step = report.failedStep.map { " in step '\($0)'" } ?? ""
            let what = publish ? "build failed\(step) with" : "check found"
            let end = publish ? "; the published site was not changed" : ""
            console.err("sandjar: \(what) \(errors) error\(errors == 1 ? "" : "s")\(end)\n")
            return 1
        }
        guard !quiet else { return 0 }
        let seconds = String(format: "%.2f", Date().timeIntervalSince(started))
        let warnings = report.diagnostics.count
        let warned = warnings == 0 ? "" : ", \(warnings) warning\(warnings == 1 ? "" : "s")"
        if publish {
            console.out(
                "built \(report.pageCount) pages (\(report.fileCount) files) into \(options.outputPath) in \(seconds) s\(warned)\n"
            )
        } else {
            console.out("checked \(options.data): \(report.pageCount) pages would be built\(warned)\n")
            if !report.catalogMatches.isEmpty {
                console.out("subscriptions and the catalogue entries they match:\n")
                for line in report.catalogMatches { console.out("  \(line)\n") }
            }
        }
        return 0
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
