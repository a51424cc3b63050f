import SiteData

/// `sandjar completion bash|zsh|fish`: the shell completion script; `sandjar completion --values
/// KIND`: the data folder's names the scripts offer (DESIGN.md §6).
extension SandjarCommand {
    static func completion(_ words: [String], console: Console) throws(Arguments.UsageError) -> Int32 {
        let command = Commands.completion
        guard let arguments = try parse(words, command, console: console) else { return 0 }
        if let list = try arguments[.values] {
            guard arguments.positionals.isEmpty else {
                throw Arguments.UsageError(message: CompletionList.refusal.message, command: command.name)
            }
            // Called at every Tab: no data folder is no names, never a message in the middle of a line.
            let data = try? DataLocation.resolve(option: try arguments[.data])
            console.out(list.values(data: data).map { $0 + "\n" }.joined())
            return 0
        }
        guard arguments.positionals.count == 1, let shell = CompletionScript(rawValue: arguments.positionals[0]) else {
            var message = "completion needs a shell: bash, zsh or fish"
            if arguments.positionals.count > 1 {
                message = "completion takes one shell: bash, zsh or fish"
            } else if let word = arguments.positionals.first {
                message = "no completion for '\(word)'; there are bash, zsh and fish"
                let shells = CompletionScript.allCases.map(\.rawValue)
                if let guess = Suggestion.closest(to: word, in: shells) { message += "; did you mean '\(guess)'?" }
            }
            throw Arguments.UsageError(message: message, command: command.name)
        }
        console.out(shell.text)
        return 0
    }
}
