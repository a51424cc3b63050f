/// The zsh script: `_sandjar` for compinit (saved as `_sandjar` on `$fpath`) or for `source`,
/// one `_arguments` call per command with every option described as `help` describes it.
extension CompletionScript {
    var zshScript: String {
        var top = ""
        for (word, summary) in CompletionScript.topWords { top += "        \(zshQuoted(word + ":" + summary))\n" }
        var groups = ""
        for (group, commands) in CompletionScript.groups {
            let members = commands.map { zshQuoted($0.word + ":" + $0.summary) }.joined(separator: " ")
            groups += """
                    \(group))
                        if ((CURRENT == 2)); then
                            local -a members=(\(members))
                            _describe -t commands '\(group) command' members
                            return
                        fi
                        name="\(group) $words[2]"
                        shift words
                        ((CURRENT--))
                        ;;

                """
        }
        var commands = ""
        for command in Commands.all {
            let label = command.group == nil ? command.name : "\"\(command.name)\""
            var specs = command.optionWords.map { zshSpec($0, command) }
            if let first = zshAction(command.firstWord) {
                specs.append(zshQuoted("1:\(command.firstWordName):\(first)"))
            }
            commands += "    \(label))\n        _arguments -S : \\\n"
            commands += specs.map { "            \($0)" }.joined(separator: " \\\n") + "\n        ;;\n"
        }
        return "#compdef sandjar\n" + header(comment: "#") + """

            # The data folder's goals, patterns, programs or subscriptions (the last argument; _arguments
            # puts compadd's options before it), asked of sandjar with the --data DIR or -C DIR typed.
            _sandjar_values() {
                local -a values
                values=(${(f)"$(_call_program values ${(q)_sandjar_program} completion --values $argv[-1] \\
                    ${(q)_sandjar_data[@]} 2>/dev/null)"})
                compadd "${@[1,-2]}" -a values
            }

            _sandjar() {
                local _sandjar_program=${~words[1]} name i
                local -a _sandjar_data
                for ((i = 2; i < CURRENT; i++)); do
                    case $words[i] in
                    --data | -C) _sandjar_data=(--data ${~${(Q)words[i + 1]}}) ;;
                    --data=*) _sandjar_data=(--data ${~${(Q)words[i]#--data=}}) ;;
                    esac
                done
                if ((CURRENT == 2)); then
                    local -a commands=(
            \(top)        )
                    _describe -t commands 'sandjar command' commands
                    compadd -- \(CompletionScript.topOptions.joined(separator: " "))
                    return
                fi
                name=$words[2]
                shift words
                ((CURRENT--))
                case $name in
            \(groups)    esac
                case $name in
            \(commands)    esac
            }

            if [[ $funcstack[1] == _sandjar ]]; then
                _sandjar "$@"
            else
                compdef _sandjar sandjar
            fi

            """
    }

    /// `'--out=[where the site goes]:DIR:_files -/'`; an option and its alias exclude each other.
    private func zshSpec(_ option: String, _ command: CommandSpec) -> String {
        let description = command.describe(option).replacingOccurrences(of: "[", with: "(")
            .replacingOccurrences(of: "]", with: ")")
        // The option's other spelling offered here: `-C` for `--data`, `--data` for `-C`.
        let spellings = command.option(spelled: option)?.spellings ?? []
        let partner = spellings.first { $0 != option && command.optionWords.contains($0) }
        var spec = partner.map { "(\($0))" } ?? ""
        if option == "--help" { spec = "(- *)" }
        spec += option
        guard command.takesValue(option) else { return zshQuoted(spec + "[\(description)]") }
        let action = zshAction(CommandSpec.value(of: option)) ?? " "
        spec += option.hasPrefix("--") ? "=" : ""
        return zshQuoted(spec + "[\(description)]:\(command.placeholder(of: option)):\(action)")
    }

    /// The `_arguments` action for `value`; nil when there is nothing to offer.
    private func zshAction(_ value: CompletionValue) -> String? {
        switch value {
        case .nothing: return nil
        case .directories: return "_files -/"
        case .files: return "_files"
        case .words(let words): return "(\(words.joined(separator: " ")))"
        case .data(let list): return "_sandjar_values \(list.rawValue)"
        case .commands: return "(\(CompletionScript.topWords.map(\.word).joined(separator: " ")))"
        }
    }

    /// In single quotes, for zsh.
    private func zshQuoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
