/// The bash script: one function, `_sandjar`, with a case per command; no bash-completion
/// helpers are needed, so `source <(sandjar completion bash)` works in a bare bash too.
extension CompletionScript {
    var bashScript: String {
        let top = (CompletionScript.topWords.map(\.word) + CompletionScript.topOptions).joined(separator: " ")
        var groups = ""
        for (group, commands) in CompletionScript.groups {
            groups += "            \(group)) _sandjar_words \(commands.map(\.word).joined(separator: " ")) ;;\n"
        }
        let groupNames = CompletionScript.groups.map(\.group).joined(separator: " | ")
        var commands = ""
        for command in Commands.all {
            commands += """
                    \(command.group == nil ? command.name : "\"\(command.name)\""))
                        options="\(command.optionWords.joined(separator: " "))"
                        valued="\(command.valuedOptions.joined(separator: " "))"
                        first="\(bashAction(command.firstWord))"
                        ;;

                """
        }
        var values = ""
        let valued = Set(Commands.all.flatMap(\.valuedOptions)).sorted()
        for option in valued {
            let action = bashAction(CommandSpec.value(of: option))
            if !action.isEmpty { values += "        \(option)) \(action) ;;\n" }
        }
        return header(comment: "#") + """

            # What is typed so far starts with $cur: offer the rest.
            _sandjar_words() {
                mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -W "$*" -- "$cur")
            }

            _sandjar_directories() {
                compopt -o filenames 2>/dev/null
                mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -d -- "$cur")
            }

            _sandjar_files() {
                compopt -o filenames 2>/dev/null
                mapfile -t -O "${#COMPREPLY[@]}" COMPREPLY < <(compgen -f -- "$cur")
            }

            # A word typed with ~/ as the shell would read it.
            _sandjar_expand() {
                case $1 in
                "~/"*) printf '%s\\n' "$HOME/${1#"~/"}" ;;
                *) printf '%s\\n' "$1" ;;
                esac
            }

            # The data folder's goals, patterns, programs or subscriptions ($1) that start with $cur,
            # quoted for the shell; a --data DIR or -C DIR already typed is passed on.
            _sandjar_values() {
                local i value quoted program data=()
                program=$(_sandjar_expand "${COMP_WORDS[0]}")
                for ((i = 1; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                    --data | -C)
                        value=${COMP_WORDS[i + 1]}
                        [[ $value == = ]] && value=${COMP_WORDS[i + 2]}
                        data=(--data "$(_sandjar_expand "$value")")
                        ;;
                    esac
                done
                while IFS= read -r value; do
                    printf -v quoted %q "$value"
                    [[ $quoted == "$cur"* ]] && COMPREPLY+=("$quoted")
                done < <("$program" completion --values "$1" "${data[@]}" 2>/dev/null)
            }

            _sandjar() {
                local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD - 1]}
                local command=${COMP_WORDS[1]} start=2 options valued first i count=0
                COMPREPLY=()
                if ((COMP_CWORD == 1)); then
                    _sandjar_words \(top)
                    return
                fi
                case $command in
                \(groupNames))
                    if ((COMP_CWORD == 2)); then
                        case $command in
            \(groups)            esac
                        return
                    fi
                    command="$command ${COMP_WORDS[2]}"
                    start=3
                    ;;
                esac
                case $command in
            \(commands)    *) return ;;
                esac
                # --out DIR, and --out=DIR (which bash splits at the =).
                [[ $prev == = ]] && prev=${COMP_WORDS[COMP_CWORD - 2]}
                if [[ " $valued " == *" $prev "* ]]; then
                    case $prev in
            \(values)        esac
                    return
                fi
                if [[ $cur == -* ]]; then
                    _sandjar_words "$options"
                    return
                fi
                # Only the first word after the command completes: count those typed before it.
                for ((i = start; i < COMP_CWORD; i++)); do
                    case ${COMP_WORDS[i]} in
                    -*)
                        if [[ " $valued " == *" ${COMP_WORDS[i]} "* ]]; then
                            i=$((i + 1))
                            [[ ${COMP_WORDS[i]} == = ]] && i=$((i + 1))
                        fi
                        ;;
                    *) count=$((count + 1)) ;;
                    esac
                done
                if ((count == 0)) && [[ -n $first ]]; then
                    $first
                fi
            }

            complete -F _sandjar sandjar

            """
    }

    /// The call that offers `value` at the word being completed (empty: nothing to offer).
    private func bashAction(_ value: CompletionValue) -> String {
        switch value {
        case .nothing: return ""
        case .directories: return "_sandjar_directories"
        case .files: return "_sandjar_files"
        case .words(let words): return "_sandjar_words " + words.joined(separator: " ")
        case .data(let list): return "_sandjar_values " + list.rawValue
        case .commands: return "_sandjar_words " + CompletionScript.topWords.map(\.word).joined(separator: " ")
        }
    }
}
