import CZlib

/// Deflate and CRC-32 through Debian's zlib: the one file that talks to it. Bytes in, bytes out;
/// no zlib value leaves this file.
enum Inflate {
    /// Inflates a raw deflate stream (RFC 1951, as zip stores it: no zlib header) into exactly
    /// `size` bytes. The output is one buffer of `size + 1` bytes, so a stream that would inflate
    /// to more (a zip bomb with a header that lies) stops there. A stream that does not is the
    /// fault of `entry`, said in a person's words (zlib's own for a corrupt one).
    static func raw(_ input: ArraySlice<UInt8>, size: Int, entry: String) -> Result<[UInt8], ZipError> {
        let longer = ZipError(entry: entry, "inflates to more than the \(size) bytes it declares (a zip bomb?)")
        var stream = z_stream()
        guard inflateInit2_(&stream, -MAX_WBITS, zlibVersion(), Int32(MemoryLayout<z_stream>.size)) == Z_OK else {
            return .failure(corrupt(entry, "zlib could not start"))
        }
        defer { inflateEnd(&stream) }
        var output = [UInt8](repeating: 0, count: size + 1)
        // zlib reads no byte past avail_in, but an empty input still needs a pointer.
        let source = input.isEmpty ? [0][...] : input
        let status = source.withUnsafeBufferPointer { inputBuffer in
            output.withUnsafeMutableBufferPointer { outputBuffer in
                stream.next_in = UnsafeMutablePointer(mutating: inputBuffer.baseAddress)
                stream.avail_in = UInt32(input.count)
                stream.next_out = outputBuffer.baseAddress
                stream.avail_out = UInt32(outputBuffer.count)
                return inflate(&stream, Z_FINISH)
            }
        }
        let produced = Int(stream.total_out)
        switch status {
        case Z_STREAM_END:
            if produced > size { return .failure(longer) }
            if produced < size {
                return .failure(ZipError(entry: entry, "inflates to \(produced) bytes, not the \(size) it declares"))
            }
            output.removeLast()
            return .success(output)
        case Z_BUF_ERROR where produced > size:
            return .failure(longer)
        case Z_BUF_ERROR:
            return .failure(ZipError(entry: entry, "is cut short: its deflated data ends before the stream does"))
        default:
            return .failure(corrupt(entry, stream.msg.map { String(cString: $0) } ?? "zlib error \(status)"))
        }
    }

    private static func corrupt(_ entry: String, _ reason: String) -> ZipError {
        ZipError(entry: entry, "is damaged: its deflated data does not inflate (zlib: \(reason))")
    }

    /// The CRC-32 of `bytes` (ISO 3309, as zip and gzip keep it).
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc = CZlib.crc32(0, nil, 0)
        var rest = bytes[...]
        while !rest.isEmpty {
            let chunk = rest.prefix(1 << 30)
            crc = chunk.withUnsafeBufferPointer { CZlib.crc32(crc, $0.baseAddress, UInt32($0.count)) }
            rest = rest.dropFirst(chunk.count)
        }
        return UInt32(truncatingIfNeeded: crc)
    }
}
