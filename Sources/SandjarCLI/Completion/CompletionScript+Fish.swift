/// The fish script: a `complete` line per command word and option, guarded by small functions
/// that read the command line, with descriptions as `help` gives them.
extension CompletionScript {
    var fishScript: String {
        var lines: [String] = []
        for (word, summary) in CompletionScript.topWords {
            lines.append("complete -c sandjar -n __sandjar_needs_command -a \(word) -d \(fishQuoted(summary))")
        }
        lines.append("complete -c sandjar -n __sandjar_needs_command -l help -d 'show what sandjar does'")
        lines.append("complete -c sandjar -n __sandjar_needs_command -l version -d 'print the version'")
        for (group, commands) in CompletionScript.groups {
            for command in commands {
                lines.append(
                    "complete -c sandjar -n '__sandjar_needs_subcommand \(group)' -a \(command.word) -d "
                        + fishQuoted(command.summary))
            }
        }
        for command in Commands.all {
            let name = command.name.contains(" ") ? "\"\(command.name)\"" : command.name
            let condition = fishQuoted("__sandjar_is " + name)
            for option in command.optionWords {
                var line = "complete -c sandjar -n \(condition) "
                line += option.hasPrefix("--") ? "-l \(option.dropFirst(2))" : "-s \(option.dropFirst())"
                if command.takesValue(option) {
                    // -x: it takes a value, and no file name is offered for it unless the action says so.
                    line += " -x"
                    if let action = fishAction(CommandSpec.value(of: option)) { line += " " + action }
                }
                lines.append(line + " -d " + fishQuoted(command.describe(option)))
            }
            if let action = fishAction(command.firstWord) {
                lines.append("complete -c sandjar -n " + fishQuoted("__sandjar_first " + name) + " " + action)
            }
        }
        let groups = CompletionScript.groups.map(\.group).joined(separator: " ")
        let valued = Set(Commands.all.flatMap(\.valuedOptions)).sorted().joined(separator: " ")
        return header(comment: "#") + """

            # The words after `sandjar`, the one being typed left out.
            function __sandjar_words
                set -l words (commandline -opc)
                set -e words[1]
                set -q words[1]; and printf '%s\\n' $words
            end

            # The command typed so far: `build`, `add deposit`; nothing before one is complete.
            function __sandjar_command
                set -l words (__sandjar_words)
                if contains -- "$words[1]" \(groups)
                    test (count $words) -ge 2; and echo "$words[1] $words[2]"
                else if test (count $words) -ge 1
                    echo $words[1]
                end
            end

            function __sandjar_needs_command
                test (count (__sandjar_words)) -eq 0
            end

            function __sandjar_needs_subcommand
                set -l words (__sandjar_words)
                test (count $words) -eq 1; and test "$words[1]" = $argv[1]
            end

            function __sandjar_is
                set -l command (__sandjar_command)
                test "$command" = $argv[1]
            end

            # True when the command is $argv[1] and no word but options follows it yet.
            function __sandjar_first
                __sandjar_is $argv[1]; or return 1
                set -l words (__sandjar_words)
                set -e words[1..(count (string split ' ' -- $argv[1]))]
                set -l skip 0
                for word in $words
                    if test $skip -eq 1
                        set skip 0
                    else if contains -- $word \(valued)
                        set skip 1
                    else if not string match -q -- '-*' $word
                        return 1
                    end
                end
                return 0
            end

            # The data folder's goals, patterns, programs or subscriptions ($argv[1]), asked of sandjar
            # with the --data DIR or -C DIR typed on the line.
            function __sandjar_values
                set -l words (commandline -opc)
                set -l data
                for i in (seq 2 (count $words))
                    switch $words[$i]
                        case --data -C
                            set data --data $words[(math $i + 1)]
                        case '--data=*'
                            set data --data (string replace -- --data= '' $words[$i])
                    end
                end
                $words[1] completion --values $argv[1] $data 2>/dev/null
            end

            complete -c sandjar -f
            \(lines.joined(separator: "\n"))

            """
    }

    /// The `complete` arguments that offer `value`; nil when there is nothing to offer.
    private func fishAction(_ value: CompletionValue) -> String? {
        switch value {
        case .nothing: return nil
        case .directories: return "-a '(__fish_complete_directories (commandline -ct))'"
        case .files: return "-F"
        case .words(let words): return "-a " + fishQuoted(words.joined(separator: " "))
        case .data(let list): return "-a '(__sandjar_values \(list.rawValue))'"
        case .commands: return "-a " + fishQuoted(CompletionScript.topWords.map(\.word).joined(separator: " "))
        }
    }

    /// In single quotes, for fish (which reads \' and \\ inside them).
    private func fishQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
    }
}
