import Domain
import Foundation
import SiteBuilder
import SiteData

/// `sandjar init DIR`: a new data folder with one of everything, commented (DESIGN.md §6).
extension SandjarCommand {
    static func initialize(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.initCommand
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        guard arguments.positionals.count == 1, let path = arguments.positionals.first else {
            throw Arguments.UsageError(
                message: "init takes the folder to create, e.g. 'sandjar init ~/dash'", command: command.name)
        }
        let starter = try starterFolder(arguments)
        let folder = NewFolder(path: path)
        do {
            let files = try starter.files()
            try folder.write(files)
        } catch let error as Diagnostic {
            console.err(error.description + "\n")
            return 1
        } catch {
            console.err("sandjar: the built-in starter folder is broken: \(error)\n")
            return 1
        }
        console.out(
            """
            created a data folder in \(path) (\(starter.language.rawValue), \(starter.currency.code), \(starter.timezone))
            next: sandjar check \(path) --strict
                  sandjar serve \(path)        # the local app on http://127.0.0.1:8080/
                  sandjar build \(path) --out /var/www/dash

            """)
        return 0
    }

    /// The settings `init` was given, each checked: a bad one is a usage error.
    private static func starterFolder(_ arguments: Arguments) throws(Arguments.UsageError) -> StarterFolder {
        let language = try arguments[.language] ?? .en
        let currency = try arguments[.currency] ?? Currency(code: language == .en ? "USD" : "CNY")!
        let timezone = try arguments[.timezone] ?? localTimeZone()
        let title = try arguments[.title] ?? (language == .en ? "My sandjar" : "我的聚沙")
        let today = try arguments[.today] ?? SiteBuild.today(in: timezone)
        var starter = StarterFolder(
            language: language, currency: currency, timezone: timezone, title: title, today: today)
        starter.household = arguments[.household]
        return starter
    }

    /// This machine's time zone by its IANA name; UTC when it has none.
    private static func localTimeZone() -> String {
        let name = TimeZone.current.identifier
        return name.contains("/") || name == "UTC" ? name : "UTC"
    }
}
