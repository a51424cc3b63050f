/// A zip archive (PKWARE's APPNOTE), read whole into memory: its entries as its central
/// directory lists them, and each entry's bytes on request, stored or deflated, checked against
/// its CRC-32.
///
/// Written for archives from elsewhere, so every claim the archive makes is checked before it is
/// used: the end record and the directory must lie inside the file, each entry's data inside what
/// precedes the directory, its local header must name it as the directory does, and what it
/// unpacks to must be what it declares, within `Limits` — a zip bomb is refused from its
/// declared sizes, and one whose sizes lie is never inflated past them. Names are only keys: one
/// that could climb out of a folder (`../`, `/etc`, `C:`, a backslash) refuses the archive.
/// Refused too: encrypted entries, methods other than stored (0) and deflate (8), Zip64 and
/// archives split across files.
public struct ZipArchive: Sendable {
    /// The most an archive may unpack to.
    public struct Limits: Sendable {
        /// Of one entry.
        public var entryBytes: Int
        /// Of all its entries together.
        public var totalBytes: Int

        public init(entryBytes: Int, totalBytes: Int) {
            self.entryBytes = entryBytes
            self.totalBytes = totalBytes
        }

        /// 16 MiB an entry (the most sandjar reads of any file), 64 MiB in all.
        public static let standard = Limits(entryBytes: 16 << 20, totalBytes: 64 << 20)
    }

    /// In the order of the central directory.
    public let entries: [ZipEntry]
    let bytes: [UInt8]
    /// Where the central directory starts: no entry's data may reach past it.
    let directoryOffset: Int

    private static let endSignature: UInt32 = 0x0605_4B50
    private static let zip64LocatorSignature: UInt32 = 0x0706_4B50
    private static let directorySignature: UInt32 = 0x0201_4B50
    static let localSignature: UInt32 = 0x0403_4B50

    public init(bytes: [UInt8], limits: Limits = .standard) throws(ZipError) {
        self.bytes = bytes
        let all = bytes[...]
        let end = try ZipArchive.endRecord(in: all)
        if end >= 20, all.littleEndian32(at: end - 20) == ZipArchive.zip64LocatorSignature {
            throw ZipError("is a Zip64 archive, which sandjar does not read (a Loop export is far smaller)")
        }
        let number = { (offset: Int) in Int(all.littleEndian16(at: end + offset)!) }
        let wide = { (offset: Int) in Int(all.littleEndian32(at: end + offset)!) }
        let (disk, directoryDisk, onDisk, count) = (number(4), number(6), number(8), number(10))
        let (directorySize, directoryOffset) = (wide(12), wide(16))
        if count == 0xFFFF || directorySize == 0xFFFF_FFFF || directoryOffset == 0xFFFF_FFFF {
            throw ZipError("is a Zip64 archive, which sandjar does not read (a Loop export is far smaller)")
        }
        guard disk == 0, directoryDisk == 0, onDisk == count else {
            throw ZipError("is one part of an archive split across several files; sandjar reads a whole zip")
        }
        guard directoryOffset + directorySize <= end else {
            throw ZipError(
                "is cut short or damaged: its central directory (\(directorySize) bytes at byte \(directoryOffset)) "
                    + "runs past its end record at byte \(end)")
        }
        self.directoryOffset = directoryOffset

        var entries: [ZipEntry] = []
        var names: Set<String> = []
        var total = 0
        var at = directoryOffset
        let directoryEnd = directoryOffset + directorySize
        for index in 0..<count {
            let header = all[at..<directoryEnd]
            guard header.littleEndian32(at: 0) == ZipArchive.directorySignature,
                let nameLength = header.littleEndian16(at: 28),
                let extraLength = header.littleEndian16(at: 30), let commentLength = header.littleEndian16(at: 32),
                header.count >= 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
            else {
                throw ZipError(
                    "is damaged: entry \(index + 1) of the \(count) its end record counts is not in its central "
                        + "directory (byte \(at))")
            }
            let field16 = { (offset: Int) in header.littleEndian16(at: offset)! }
            let field32 = { (offset: Int) in header.littleEndian32(at: offset)! }
            let flags = field16(8)
            let rawName = Array(header.dropFirst(46).prefix(Int(nameLength)))
            let extra = header.dropFirst(46 + Int(nameLength)).prefix(Int(extraLength))
            guard let name = ZipEntry.name(rawName, flags: flags, extra: extra) else {
                throw ZipError("is damaged: entry \(index + 1) says its name is UTF-8, and it is not (byte \(at + 46))")
            }
            let entry = ZipEntry(
                name: name, size: Int(field32(24)), method: field16(10), flags: flags, crc: field32(16),
                compressedSize: Int(field32(20)), localHeaderOffset: Int(field32(42)), rawName: rawName)
            try ZipArchive.check(entry, limits: limits)
            guard names.insert(name).inserted else {
                throw ZipError(entry: name, "is in the archive twice; sandjar will not guess which one is meant")
            }
            total += entry.size
            guard total <= limits.totalBytes else {
                throw ZipError(
                    "would unpack to more than \(ZipArchive.mebibytes(limits.totalBytes)) in all, the most sandjar "
                        + "unpacks from one archive (a zip bomb?)")
            }
            entries.append(entry)
            at += 46 + Int(nameLength) + Int(extraLength) + Int(commentLength)
        }
        guard at == directoryEnd else {
            throw ZipError(
                "is damaged: its \(count) entries take \(at - directoryOffset) bytes of the central directory, not "
                    + "the \(directorySize) its end record says")
        }
        self.entries = entries
    }

    /// The entry named exactly `name`.
    public func entry(named name: String) -> ZipEntry? {
        entries.first { $0.name == name }
    }

    /// What refuses an entry before anything of it is read.
    private static func check(_ entry: ZipEntry, limits: Limits) throws(ZipError) {
        if let hazard = ZipEntry.hazard(in: entry.name) {
            throw ZipError(
                entry: entry.name,
                "has a name with \(hazard); sandjar refuses an archive whose names are not plain paths")
        }
        if entry.flags & (ZipEntry.encrypted | ZipEntry.strongEncryption | ZipEntry.maskedHeaders) != 0
            || entry.method == 99
        {
            throw ZipError(
                entry: entry.name, "is encrypted; sandjar reads no password-protected archive: export it without one")
        }
        if entry.size == 0xFFFF_FFFF || entry.compressedSize == 0xFFFF_FFFF || entry.localHeaderOffset == 0xFFFF_FFFF {
            throw ZipError(
                entry: entry.name, "is stored as Zip64, which sandjar does not read (a Loop export is far smaller)")
        }
        guard entry.method == 0 || entry.method == 8 else {
            let known: [UInt16: String] = [12: "bzip2", 14: "LZMA", 93: "Zstandard", 95: "xz", 9: "Deflate64"]
            let what = known[entry.method].map { " (\($0))" } ?? ""
            throw ZipError(
                entry: entry.name,
                "is compressed with method \(entry.method)\(what); sandjar reads entries stored or deflated, as "
                    + "Loop writes them")
        }
        guard entry.size <= limits.entryBytes else {
            throw ZipError(
                entry: entry.name,
                "would unpack to \(entry.size) bytes, more than the \(mebibytes(limits.entryBytes)) sandjar reads "
                    + "of any file (a zip bomb?)")
        }
    }

    /// Where the end-of-central-directory record starts: the last one whose comment reaches the
    /// end of the file exactly, else the last that fits (bytes appended after an archive).
    private static func endRecord(in bytes: ArraySlice<UInt8>) throws(ZipError) -> Int {
        let last = bytes.count - 22
        guard last >= 0 else {
            throw ZipError(
                bytes.isEmpty
                    ? "is empty, not a zip archive" : "is not a zip archive, or is cut short: it has no end record")
        }
        let first = max(0, last - 0xFFFF)
        var fitting: Int?
        for offset in stride(from: last, through: first, by: -1) where bytes.littleEndian32(at: offset) == endSignature
        {
            let comment = Int(bytes.littleEndian16(at: offset + 20)!)
            if offset + 22 + comment == bytes.count { return offset }
            if fitting == nil && offset + 22 + comment <= bytes.count { fitting = offset }
        }
        if let fitting { return fitting }
        throw ZipError("is not a zip archive, or is cut short: it has no end record")
    }

    static func mebibytes(_ bytes: Int) -> String {
        bytes % (1 << 20) == 0 ? "\(bytes >> 20) MiB" : "\(bytes) bytes"
    }
}
