import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// The built `sandjar` executable run as a child process, the way cron runs it.
///
/// Spawned with `posix_spawn` and reaped only here, never by Foundation, so a signal a test sends
/// always reaches this child and never a recycled process id; a child still running when the
/// value goes away is killed and reaped.
package final class SandjarProcess {
    package struct Outcome {
        /// The exit status, or nil when a signal ended the process.
        package var status: Int32?
        package var signal: Int32?
        package var stdout: String
        package var stderr: String
        /// From spawning to reaping.
        package var seconds: Double

        /// The `…: error: …` headlines on stderr.
        package var errors: [String] {
            stderr.split(separator: "\n").map(String.init).filter { $0.contains(": error: ") }
        }
    }

    /// `.build/debug/sandjar`: `swift build --build-tests` links it beside the test bundle.
    package static let executable: URL? = {
        var folders: [URL] = []
        if let bundle = Bundle.main.executableURL { folders.append(bundle.deletingLastPathComponent()) }
        folders.append(Bundle.main.bundleURL)
        folders.append(TestSupport.packageRoot.appendingPathComponent(".build/debug"))
        return folders.map { $0.appendingPathComponent("sandjar") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// The executable, or a skip that says how to build it.
    package static func requireExecutable() throws -> URL {
        guard let url = executable else {
            throw XCTSkip("no sandjar executable beside the tests; run `swift build --build-tests` first")
        }
        return url
    }

    package let pid: pid_t
    private let started = DispatchTime.now().uptimeNanoseconds
    private let output: URL
    private let errors: URL
    private var outcome: Outcome?

    /// Starts `sandjar arguments…`; `wrapper` (`setpriv …`, `sh -c …`) runs in front of it and
    /// must exec it. Output goes to files in `logs`, so no pipe can fill up and block it.
    package convenience init(_ arguments: [String], logs: URL, wrapper: [String] = []) throws {
        let executable = try SandjarProcess.requireExecutable()
        try self.init(command: wrapper + [executable.path] + arguments, logs: logs)
    }

    /// Starts any command (`command[0]` is its path).
    package init(command words: [String], logs: URL) throws {
        let id = UUID().uuidString
        output = logs.appendingPathComponent(".out-\(id)")
        errors = logs.appendingPathComponent(".err-\(id)")
        let argv = words.map { strdup($0) } + [nil]
        let envp = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for word in argv + envp { free(word) }
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errors.path, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        // A fresh process: default signal handling and nothing blocked, whatever the test runner set.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var all = sigset_t()
        sigfillset(&all)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &all)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        var child: pid_t = 0
        let result = posix_spawn(&child, words[0], &actions, &attributes, argv, envp)
        guard result == 0 else {
            throw XCTSkip("cannot start \(words[0]): \(String(cString: strerror(result)))")
        }
        pid = child
    }

    deinit {
        if outcome == nil {
            Glibc.kill(pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        }
    }

    /// Runs `sandjar arguments…` to the end.
    package static func run(
        _ arguments: [String], logs: URL, wrapper: [String] = [], timeout: Double = 120, file: StaticString = #filePath,
        line: UInt = #line
    ) throws -> Outcome {
        try SandjarProcess(arguments, logs: logs, wrapper: wrapper).wait(timeout: timeout, file: file, line: line)
    }

    /// What the process has written to stdout so far, while it runs.
    package var outputSoFar: String { (try? String(contentsOf: output, encoding: .utf8)) ?? "" }

    /// What the process has written to stderr so far, while it runs (serve's rebuild lines).
    package var errorsSoFar: String { (try? String(contentsOf: errors, encoding: .utf8)) ?? "" }

    /// Seconds since the process was started.
    package var elapsed: Double { Double(DispatchTime.now().uptimeNanoseconds - started) / 1e9 }

    /// True while the process has not ended (it is reaped as soon as it has).
    package var isRunning: Bool {
        guard outcome == nil else { return false }
        return !reap(blocking: false)
    }

    /// Sends `signal` unless the process has already been reaped (its id is still ours until then).
    package func kill(_ signal: Int32 = SIGKILL) {
        if outcome == nil { Glibc.kill(pid, signal) }
    }

    /// Waits for the end; `timeout` seconds after this call the process is killed and the test
    /// fails.
    package func wait(timeout: Double = 120, file: StaticString = #filePath, line: UInt = #line) -> Outcome {
        let deadline = elapsed + timeout
        while outcome == nil {
            if reap(blocking: false) { break }
            if elapsed > deadline {
                XCTFail(
                    "sandjar did not finish within \(timeout) s; killed. What its threads were doing:\n"
                        + threadStacks() + "\nIts output so far:\n" + outputSoFar, file: file, line: line)
                Glibc.kill(pid, SIGKILL)
                _ = reap(blocking: true)
                break
            }
            usleep(1000)
        }
        return outcome!
    }

    /// Every thread's stack, from gdb when the machine has it: why a process that should have
    /// ended has not.
    private func threadStacks() -> String {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/gdb"),
            let gdb = try? SandjarProcess(
                command: ["/usr/bin/gdb", "-batch", "-p", String(pid), "-ex", "thread apply all bt 30"],
                logs: output.deletingLastPathComponent())
        else { return "(no gdb to ask)" }
        let said = gdb.wait(timeout: 60)
        return said.stdout + said.stderr
    }

    /// Reaps the child if it has ended (or waits for it); true once reaped.
    private func reap(blocking: Bool) -> Bool {
        var status: Int32 = 0
        var result: pid_t
        repeat {
            result = waitpid(pid, &status, blocking ? 0 : WNOHANG)
        } while result < 0 && errno == EINTR
        guard result == pid else { return false }
        let seconds = elapsed
        let signal = status & 0x7F
        let read = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        outcome = Outcome(
            status: signal == 0 ? (status >> 8) & 0xFF : nil, signal: signal == 0 ? nil : signal,
            stdout: read(output), stderr: read(errors), seconds: seconds)
        try? FileManager.default.removeItem(at: output)
        try? FileManager.default.removeItem(at: errors)
        return true
    }
}
