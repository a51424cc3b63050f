#if canImport(Glibc)
    import Glibc
#endif

/// Where a command reads and writes, so tests can run commands in-process and read what they said.
public struct Console: Sendable {
    public var out: @Sendable (String) -> Void
    public var err: @Sendable (String) -> Void
    public var readInput: @Sendable () -> [UInt8]
    /// Whether `out` is a terminal that shows colours (not a pipe or a file, and no `NO_COLOR`):
    /// serve's QR code is painted black on white there.
    public var colours = false

    public init(
        out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
        readInput: @escaping @Sendable () -> [UInt8]
    ) {
        self.out = out
        self.err = err
        self.readInput = readInput
    }

    /// The process's stdin, stdout and stderr.
    public static let standard: Console = {
        var console = plain
        console.colours = isatty(STDOUT_FILENO) == 1 && getenv("NO_COLOR") == nil
        return console
    }()

    private static let plain = Console(
        out: { text in writeAll(STDOUT_FILENO, text) },
        err: { text in writeAll(STDERR_FILENO, text) },
        readInput: {
            var bytes: [UInt8] = []
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while true {
                let n = read(STDIN_FILENO, &buffer, buffer.count)
                if n <= 0 { break }
                bytes.append(contentsOf: buffer[0..<n])
            }
            return bytes
        })
}

/// Writes all of `text` to a file descriptor, unbuffered, so output and errors interleave in order.
private func writeAll(_ descriptor: Int32, _ text: String) {
    var bytes = Array(text.utf8)[...]
    while !bytes.isEmpty {
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written <= 0 { return }
        bytes = bytes.dropFirst(written)
    }
}
