import Figures
import Foundation
import SiteBuilder
import SiteFormats

/// `sandjar today [DATA] [--format text|json] [--if-any] [--today YYYY-MM-DD]` (DESIGN.md §6):
/// what needs the person today and this week, for cron's mail or a push service.
///
/// The data and the theme are read and checked as a build reads them, and the figures computed as
/// of today; no jar is simulated and no page rendered, and nothing is written. Errors in the data
/// are printed and exit 1, as `check` would; warnings are `check`'s to print, so a cron job that
/// mails only on the days something needs doing is not mailed about a warning every day.
extension SandjarCommand {
    static func today(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.today
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        let format = try arguments[.format] ?? .text
        guard arguments.positionals.count <= 1 else {
            throw Arguments.UsageError(
                message: "expected at most one data folder, got \(arguments.positionals.count)", command: command.name)
        }
        var options = BuildOptions()
        options.today = try arguments[.today]
        options.theme = try arguments[.theme]
        options.person = try arguments[.person]
        guard let data = try dataFolder(arguments, word: arguments.positionals.first, console: console) else {
            return 1
        }
        options.data = data
        let (report, digest) = SiteBuild(options: options).digest()
        guard let digest else {
            for diagnostic in report.diagnostics where diagnostic.severity == .error {
                console.err(diagnostic.description + "\n")
            }
            let errors = report.diagnostics.filter { $0.severity == .error }.count
            console.err(
                "sandjar: cannot say what is due: \(errors) error\(errors == 1 ? "" : "s") in \(options.data)\n")
            return 1
        }
        if digest.items.isEmpty && arguments[.ifAny] { return 0 }
        switch format {
        case .text: console.out(digest.text)
        case .json: console.out(digest.json)
        }
        return 0
    }
}
