extension ZipArchive {
    /// The entry's bytes, exactly `entry.size` of them, their CRC-32 checked. Its local header must
    /// be where the central directory says, name the entry the same way and use the same method;
    /// its data must end before the central directory begins.
    public func contents(of entry: ZipEntry) throws(ZipError) -> [UInt8] {
        let all = bytes[..<directoryOffset]
        let at = entry.localHeaderOffset
        guard at + 30 <= all.count, all.littleEndian32(at: at) == ZipArchive.localSignature else {
            throw ZipError(
                entry: entry.name, "is damaged: its local header is not at byte \(at), where the directory says")
        }
        let nameLength = Int(all.littleEndian16(at: at + 26)!)
        let extraLength = Int(all.littleEndian16(at: at + 28)!)
        let start = at + 30 + nameLength + extraLength
        guard start <= all.count, Array(all[(at + 30)..<(at + 30 + nameLength)]) == entry.rawName else {
            throw ZipError(
                entry: entry.name,
                "is damaged: its local header at byte \(at) names another file than the directory does")
        }
        guard all.littleEndian16(at: at + 8) == entry.method else {
            throw ZipError(entry: entry.name, "is damaged: its local header and the directory disagree on its method")
        }
        guard start + entry.compressedSize <= all.count else {
            throw ZipError(
                entry: entry.name,
                "is cut short: its \(entry.compressedSize) bytes from byte \(start) run past the data of the archive")
        }
        let data = all[start..<(start + entry.compressedSize)]
        let contents: [UInt8]
        if entry.method == 0 {
            guard entry.compressedSize == entry.size else {
                throw ZipError(
                    entry: entry.name,
                    "is damaged: it is stored as is, yet declares \(entry.compressedSize) bytes stored and "
                        + "\(entry.size) unpacked")
            }
            contents = Array(data)
        } else {
            contents = try Inflate.raw(data, size: entry.size, entry: entry.name).get()
        }
        guard Inflate.crc32(contents[...]) == entry.crc else {
            throw ZipError(entry: entry.name, "fails its CRC-32 check: the archive is damaged")
        }
        return contents
    }

    /// The CRC-32 zip keeps for `bytes` (for tests and the fuzzer, against other implementations).
    public static func crc32(_ bytes: [UInt8]) -> UInt32 { Inflate.crc32(bytes[...]) }
}
