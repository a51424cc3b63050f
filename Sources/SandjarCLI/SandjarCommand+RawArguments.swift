import Foundation

/// The arguments as the kernel hands them over: bytes, not yet text.
extension SandjarCommand {
    /// Runs the command line given as raw bytes (`argv` after the program's name). Swift's own
    /// `CommandLine.arguments` quietly turns bytes that are not UTF-8 into U+FFFD, so a note typed
    /// in another encoding would be written into a data file as replacement characters without a
    /// word; here such an argument is a usage error (exit 2) that names it, and nothing runs.
    public static func main(rawArguments: [[UInt8]], console: Console = .standard, now: Date = Date()) -> Int32 {
        var arguments: [String] = []
        for (index, bytes) in rawArguments.enumerated() {
            guard let text = String(validating: bytes, as: UTF8.self) else {
                console.err(
                    "sandjar: argument \(index + 1), \(escaped(bytes)), is not valid UTF-8; sandjar reads and "
                        + "writes UTF-8 only and will not guess (convert it first, e.g. with iconv)\n")
                return 2
            }
            arguments.append(text)
        }
        return main(arguments: arguments, console: console, now: now)
    }

    /// The process's own arguments, without the program's name.
    public static var processArguments: [[UInt8]] {
        (1..<Int(CommandLine.argc)).map { index in
            guard let word = CommandLine.unsafeArgv[index] else { return [] }
            return Array(UnsafeRawBufferPointer(start: word, count: strlen(word)))
        }
    }

    /// `'bad\xFFutf8'`: printable ASCII as itself, every other byte as `\xNN`.
    static func escaped(_ bytes: [UInt8]) -> String {
        var text = "'"
        for byte in bytes {
            if (0x20...0x7E).contains(byte), byte != UInt8(ascii: "\\") {
                text.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                text += String(format: "\\x%02X", byte)
            }
        }
        return text + "'"
    }
}
