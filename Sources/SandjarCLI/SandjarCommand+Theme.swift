import BuiltinFiles
import Foundation
import SiteData

/// `sandjar theme export DIR`: the built-in theme written out, to start a theme of one's own.
extension SandjarCommand {
    static func theme(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.themeExport
        guard words.first == "export" else {
            if words.first == "--help" || words.first == "-h" {
                console.out(command.help)
                return 0
            }
            var message = "theme needs a subcommand: 'sandjar theme export DIR'"
            if let typed = words.first {
                message = "unknown theme command '\(typed)'"
                if Suggestion.closest(to: typed, in: ["export"]) != nil { message += "; did you mean 'export'?" }
                message += " Try 'sandjar theme export DIR'"
            }
            throw Arguments.UsageError(message: message, command: command.name)
        }
        guard let arguments = try parse(Array(words.dropFirst()), command, console: console) else { return 0 }
        guard arguments.positionals.count == 1 else {
            throw Arguments.UsageError(
                message: "theme export takes one folder, e.g. 'sandjar theme export mytheme'", command: command.name)
        }
        let folder = NewFolder(path: arguments.positionals[0])
        do {
            try folder.write(BuiltinFiles.theme)
        } catch {
            console.err(error.description + "\n")
            return 1
        }
        console.out(
            "wrote the built-in theme (\(BuiltinFiles.theme.count) files) to \(folder.path); keep the files you change "
                + "and build with --theme \(folder.path) or theme = \"…\" in site.toml\n")
        return 0
    }
}
