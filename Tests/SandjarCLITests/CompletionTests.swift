import Foundation
import TestSupport
import XCTest

@testable import SandjarCLI

/// `sandjar completion bash|zsh|fish` and `--values`: golden scripts, every command and option in
/// each (so a script cannot fall behind `Commands.swift`), and the scripts run in the real shells
/// where they are installed, completing from a data folder in a temporary folder.
final class CompletionTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private var work: URL!
    private var data: URL { work.appendingPathComponent("dash") }

    override func setUpWithError() throws {
        work = FileManager.default.temporaryDirectory.appendingPathComponent("sandjar-completion-\(UUID().uuidString)")
        let folder = work!
        addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        let files = [
            "site.toml": "title = \"T\"\nlanguage = \"en\"\ncurrency = \"USD\"\ntimezone = \"UTC\"\n",
            "goals/new-bike.toml": "name = \"Bike\"\nmode = \"wish\"\ntarget = 100\n",
            "goals/trip.toml": "id = \"summer-trip\"\nname = \"Trip\"\nmode = \"wish\"\ntarget = 900\n",
            "breathing.toml": """
            [[pattern]]
            id = "triangle"
            name = "Triangle"
            inhale = 4
            hold = 4
            exhale = 4

            [[program]]
            id = "sleep-well"
            name = "Sleep well"
            days = [ { pattern = "equal", cycles = 6 } ]

            """,
            "subscriptions/video.toml": """
            [[subscription]]
            name = "Netflix"
            price = 15.49
            cycle = "monthly"
            started = 2026-03-12
            killed = 2026-10-03

            [[subscription]]
            name = "Apple TV+"
            price = 9.99
            cycle = "monthly"
            started = 2026-03-12

            [[subscription]]
            name = "Spotify Family"
            price = 16.99
            cycle = "monthly"
            started = 2026-03-12

            """,
        ]
        for (relative, text) in files {
            let url = data.appendingPathComponent(relative)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
    }

    private func run(_ arguments: [String]) -> (Int32, SandjarCommandTests.Captured) {
        let captured = SandjarCommandTests.Captured(self)
        return (SandjarCommand.main(arguments: arguments, console: captured.console()), captured)
    }

    private func script(_ shell: CompletionScript, file: StaticString = #filePath, line: UInt = #line) -> String {
        let (status, out) = run(["completion", shell.rawValue])
        XCTAssertEqual(status, 0, out.err, file: file, line: line)
        return out.out
    }

    func testScriptsAreTheirGoldenFiles() {
        SnapshotFile.assertEqual(script(.bash), "completion/sandjar.bash")
        SnapshotFile.assertEqual(script(.zsh), "completion/_sandjar")
        SnapshotFile.assertEqual(script(.fish), "completion/sandjar.fish")
    }

    /// Each command's part of each script names exactly the options `Commands.swift` gives it.
    func testEveryCommandAndOptionIsInEveryScript() {
        let bash = script(.bash)
        let zsh = script(.zsh)
        let fish = script(.fish)
        for word in CompletionScript.topWords.map(\.word) {
            XCTAssertTrue(bash.contains("_sandjar_words init ") && bash.contains(" \(word) "), "bash: \(word)")
            XCTAssertTrue(zsh.contains("'\(word):"), "zsh: \(word)")
            XCTAssertTrue(fish.contains("__sandjar_needs_command -a \(word) "), "fish: \(word)")
        }
        for command in Commands.all {
            let label = command.group == nil ? command.name : "\"\(command.name)\""
            let bashPart = part(of: bash, from: "\n    \(label))\n", to: "\n        ;;")
            XCTAssertTrue(bashPart.contains("options=\"\(command.optionWords.joined(separator: " "))\""), command.name)
            let zshPart = part(of: zsh, from: "\n    \(label))\n        _arguments", to: "\n        ;;")
            let fishName = command.name.contains(" ") ? "\"\(command.name)\"" : command.name
            let fishPart = fish.split(separator: "\n").filter { $0.contains("'__sandjar_is \(fishName)'") }
                .joined(separator: "\n")
            for option in command.optionWords {
                XCTAssertTrue(
                    zshPart.contains("\(option)[") || zshPart.contains("\(option)=["), "zsh \(command.name) \(option)")
                let fishOption = option.hasPrefix("--") ? "-l \(option.dropFirst(2)) " : "-s \(option.dropFirst()) "
                XCTAssertTrue(fishPart.contains(fishOption), "fish \(command.name) \(option)")
            }
            XCTAssertEqual(
                fishPart.split(separator: "\n").count, command.optionWords.count,
                "fish \(command.name): one line an option"
            )
        }
    }

    private func part(of text: String, from start: String, to end: String) -> String {
        guard let from = text.range(of: start), let to = text.range(of: end, range: from.upperBound..<text.endIndex)
        else { return "" }
        return String(text[from.upperBound..<to.lowerBound])
    }

    func testValuesAreTheDataFoldersNamesOnePerLine() {
        let expected: [(CompletionList, String)] = [
            (.goals, "new-bike\nsummer-trip\n"),
            (.patterns, "4-7-8\nbox\nequal\ncoherent\nsigh\nrounds\ntriangle\n"),
            (.programs, "calm-start\nsleep-well\n"),
            (.subscriptions, "Apple TV+\nSpotify Family\n"),
        ]
        for (list, names) in expected {
            let (status, out) = run(["completion", "--values", list.rawValue, "--data", data.path])
            XCTAssertEqual(status, 0, list.rawValue)
            XCTAssertEqual(out.out, names, list.rawValue)
            XCTAssertEqual(out.err, "", list.rawValue)
        }
    }

    /// Tab in the wrong folder must not print an error into the line being typed.
    func testValuesWithoutADataFolderAreQuiet() {
        let missing = work.appendingPathComponent("nothing-here").path
        for list in CompletionList.allCases {
            let (status, out) = run(["completion", "--values", list.rawValue, "--data", missing])
            XCTAssertEqual(status, 0, list.rawValue)
            XCTAssertEqual(out.err, "", list.rawValue)
            let builtIn =
                list == .patterns
                ? "4-7-8\nbox\nequal\ncoherent\nsigh\nrounds\n" : list == .programs ? "calm-start\n" : ""
            XCTAssertEqual(out.out, builtIn, list.rawValue)
        }
    }

    func testUsageErrors() {
        let cases: [([String], String)] = [
            (["completion"], "sandjar: completion needs a shell: bash, zsh or fish\n"),
            (
                ["completion", "bsah"],
                "sandjar: no completion for 'bsah'; there are bash, zsh and fish; did you mean 'bash'?\n"
            ),
            (
                ["completion", "--values", "goal"],
                "sandjar: --values takes one of goals, patterns, programs, subscriptions, slain, people\n"
            ),
            (["completion", "bash", "zsh"], "sandjar: completion takes one shell: bash, zsh or fish\n"),
        ]
        for (arguments, start) in cases {
            let (status, out) = run(arguments)
            XCTAssertEqual(status, 2, "\(arguments)")
            XCTAssertTrue(out.err.hasPrefix(start), "\(arguments): \(out.err)")
            XCTAssertTrue(out.err.hasSuffix(Commands.completion.usage), "\(arguments)")
            XCTAssertEqual(out.out, "")
        }
    }

    // MARK: - The scripts in their shells

    /// What each case of the shell tests should offer, typed in the data folder.
    private var cases: [(line: [String], offered: [String])] {
        [
            (["add", "deposit", ""], ["new-bike", "summer-trip"]),
            (["add", "deposit", "su"], ["summer-trip"]),
            (
                ["add", "session", "--cycles", "4", ""],
                ["4-7-8", "box", "equal", "coherent", "sigh", "rounds", "triangle"]
            ),
            (["add", "session", "box", "--program", ""], ["calm-start", "sleep-well"]),
            (["slay", ""], ["Apple TV+", "Spotify Family"]),
            (["build", "--wa"], ["--wait"]),
            (["completion", ""], ["bash", "zsh", "fish"]),
            (["theme", ""], ["export"]),
        ]
    }

    func testBashCompletes() throws {
        let bash = try ShellRun.program("bash", why: "the bash script in bash")
        let file = work.appendingPathComponent("sandjar.bash")
        try Data(script(.bash).utf8).write(to: file)
        let prelude = """
            source \(file.path)
            offer() {
                COMP_WORDS=(sandjar "$@"); COMP_CWORD=$#; COMPREPLY=()
                _sandjar
                printf '%s\\n' "${COMPREPLY[@]}"; echo ==
            }

            """
        var driver = prelude
        for (line, _) in cases { driver += "offer " + line.map { "'\($0)'" }.joined(separator: " ") + "\n" }
        let result = try ShellRun.run(bash, ["--norc", "--noprofile"], in: data, input: driver)
        XCTAssertEqual(result.stderr, "")
        // bash quotes what it offers for the shell: a name with a space comes back escaped.
        let expected = cases.map { $0.offered.map { $0.replacingOccurrences(of: " ", with: "\\ ") }.sorted() }
        XCTAssertEqual(offered(result.stdout), expected)

        // From a folder without a data folder above it: nothing, unless -C names one.
        let outside = try ShellRun.run(
            bash, ["--norc", "--noprofile"], in: work,
            input: prelude + "offer add deposit ''\noffer add deposit -C '\(data.path)' ''\n")
        XCTAssertEqual(offered(outside.stdout), [[], ["new-bike", "summer-trip"]])
    }

    func testZshCompletes() throws {
        let zsh = try ShellRun.program("zsh", why: "the zsh script in zsh")
        let functions = work.appendingPathComponent("zsh-functions")
        try FileManager.default.createDirectory(at: functions, withIntermediateDirectories: true)
        try Data(script(.zsh).utf8).write(to: functions.appendingPathComponent("_sandjar"))
        // An interactive zsh on a pseudo-terminal (zpty) completes each line with Tab; compadd is
        // wrapped to write what it offers to a file, and the end of the completion is marked there.
        let setup = work.appendingPathComponent("setup.zsh")
        try Data(
            """
            PS1=''
            fpath=(\(functions.path) $fpath)
            autoload -U compinit && compinit -u -D
            compadd() {
                if (( ${@[(I)-[OAD]]} )); then builtin compadd "$@"; return; fi
                local -a hits
                builtin compadd -O hits "$@"
                (( $#hits )) && print -rl -- $hits >> $CAPTURE
                builtin compadd "$@"
            }
            _capture_done() { print -r -- '==' >> $CAPTURE }
            comppostfuncs=(_capture_done)
            bindkey '^I' complete-word

            """.utf8
        ).write(to: setup)
        let driver = work.appendingPathComponent("capture.zsh")
        try Data(
            """
            zmodload zsh/zpty
            zpty z env CAPTURE=$1 zsh -f -i
            zpty -w z "source \(setup.path)"
            zpty -w -n z "$2"$'\\t'
            repeat 400; do
                [[ -f $1 ]] && grep -qx '==' $1 && break
                sleep 0.05
            done
            zpty -d z

            """.utf8
        ).write(to: driver)
        for (index, (line, offered)) in cases.enumerated() {
            let capture = work.appendingPathComponent("capture-\(index)")
            let typed = (["sandjar"] + line).joined(separator: " ")
            _ = try ShellRun.run(zsh, ["-f", driver.path, capture.path, typed], in: data)
            let text = (try? String(contentsOf: capture, encoding: .utf8)) ?? ""
            XCTAssertEqual(self.offered(text), [offered.sorted()], typed)
        }
    }

    func testFishCompletes() throws {
        let fish = try ShellRun.program("fish", why: "the fish script in fish")
        let file = work.appendingPathComponent("sandjar.fish")
        try Data(script(.fish).utf8).write(to: file)
        var driver = "source \(file.path)\n"
        for (line, _) in cases {
            // complete -C prints each candidate, a tab and its description.
            let typed = (["sandjar"] + line).joined(separator: " ")
            driver += "complete -C '\(typed)' | string replace -r '\\t.*' ''; echo ==\n"
        }
        let result = try ShellRun.run(fish, ["--no-config"], in: data, input: driver)
        XCTAssertEqual(result.stderr, "")
        XCTAssertEqual(offered(result.stdout), cases.map { $0.offered.sorted() })
    }

    /// Output of one case after another, each ended by a line `==`, each sorted.
    private func offered(_ text: String) -> [[String]] {
        text.components(separatedBy: "==\n").dropLast().map { part in
            part.split(separator: "\n").map(String.init).sorted()
        }
    }
}
