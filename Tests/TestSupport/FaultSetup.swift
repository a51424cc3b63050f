import Foundation
import XCTest

#if canImport(Glibc)
    import Glibc
#endif

/// Ways to run a command as root needs for a fault test: mounting, and other users.
package enum FaultSetup {
    package static var isRoot: Bool { geteuid() == 0 }

    /// Runs a system command to the end; its exit status (nil when it could not run).
    @discardableResult
    package static func system(_ command: [String], logs: URL, file: StaticString = #filePath, line: UInt = #line)
        -> Int32?
    {
        guard FileManager.default.isExecutableFile(atPath: command[0]) else { return nil }
        return (try? SandjarProcess(command: command, logs: logs))?.wait(timeout: 30, file: file, line: line).status
    }

    /// The first of `paths` that is an executable.
    package static func tool(_ paths: String...) -> String? {
        paths.first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Waits until the kernel lists `process` as waiting for a file lock (a `->` line of
    /// `/proc/locks` with its pid), or it ends, or a minute passes; true when it is waiting.
    package static func waitUntilBlockedOnALock(_ process: SandjarProcess) -> Bool {
        while process.isRunning && process.elapsed < 60 {
            let locks = (try? String(contentsOfFile: "/proc/locks", encoding: .utf8)) ?? ""
            let waiting = locks.split(separator: "\n").contains { line in
                let fields = line.split(separator: " ")
                return fields.count > 5 && fields[1] == "->" && fields[5] == "\(process.pid)"
            }
            if waiting { return true }
            usleep(2_000)
        }
        return false
    }

    /// Waits until `process` has run for `seconds`.
    package static func sleep(until seconds: Double, of process: SandjarProcess) {
        while process.elapsed < seconds && process.isRunning { usleep(200) }
    }
}
