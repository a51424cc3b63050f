#if canImport(Glibc)
    import Glibc
#endif

/// What `stat` tells of when a file or folder last changed: its inode and its modification and
/// change times, to the nanosecond the file system keeps.
///
/// A file changed in place gets a new modification time; one replaced (an editor's save, `cp`,
/// `rsync`) is another inode; and whatever is done to it — a write, `touch -d` setting the old
/// time back, `chmod`, a hard link made or removed — sets its change time to the clock's, which
/// no one but the kernel can set. A folder's times change when an entry is added, removed or
/// renamed in it. So an entry whose stamp is the one recorded is the one recorded, unchanged.
struct FileStamp: Equatable {
    var inode: UInt64
    var modified: Time
    var changed: Time

    struct Time: Equatable, Comparable {
        var seconds: Int
        var nanoseconds: Int

        static func < (a: Time, b: Time) -> Bool {
            (a.seconds, a.nanoseconds) < (b.seconds, b.nanoseconds)
        }
    }

    init(inode: UInt64, modified: Time, changed: Time) {
        self.inode = inode
        self.modified = modified
        self.changed = changed
    }

    init(_ status: stat) {
        inode = UInt64(status.st_ino)
        modified = Time(seconds: status.st_mtim.tv_sec, nanoseconds: status.st_mtim.tv_nsec)
        changed = Time(seconds: status.st_ctim.tv_sec, nanoseconds: status.st_ctim.tv_nsec)
    }

    /// The latest of the two times.
    var latest: Time { max(modified, changed) }

}

/// What a build knew of a file it published: the hash and size of its bytes (`ContentHash`) and
/// its stamp once the build was done with it.
struct FileRecord: Equatable {
    var hash: UInt64
    var size: Int
    var stamp: FileStamp
}

/// What a build knew of a site it published, so that a later build can tell, with one `lstat`
/// each, what is unchanged since: each file's record and each folder's stamp, and what the build
/// kept of someone else's (`ForeignEntries`).
///
/// Records vouch for themselves: a file whose stamp is still the recorded one is the file the
/// record describes, untouched since, whatever site, spare or build the record came from, and
/// anything changed since fails its check and is read back or written again. So a records file
/// that is old (a build was killed before writing the new one), or lacks lines, costs reads but
/// never trusts a file it should not.
struct SiteRecords: Equatable {
    /// Every file the site was published with, by relative path.
    var files: [String: FileRecord] = [:]
    /// Every folder of the site but the top one, which each marker and swap changes.
    var folders: [String: FileStamp] = [:]
    /// What the build carried over from the site before it (`SiteMarker.kept`).
    var kept: Set<String> = []

    /// The records whose stamps are older than `now`: a file or folder recorded in the same tick
    /// of the file system's clock could be changed again without its stamp showing it. A folder
    /// that holds a file left out is left out too, so that it is read rather than answered for
    /// without that file.
    func older(than now: FileStamp.Time) -> SiteRecords {
        var older = self
        older.files = files.filter { $0.value.stamp.latest < now }
        older.folders = folders.filter { $0.value.latest < now }
        for path in files.keys where older.files[path] == nil {
            older.folders[SitePublisher.parent(of: path)] = nil
        }
        return older
    }

    /// The lines of this set, each path last:
    /// `f hash size inode modified changed path`, `d inode modified changed path`, `k path`.
    /// Written byte by byte: a site of thousands of files is recorded every build.
    var lines: [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(files.count * 96 + folders.count * 64)
        for (path, record) in files.sorted(by: { $0.key < $1.key }) where RecordLine.fits(path) {
            out.append(contentsOf: [UInt8(ascii: "f"), 0x20])
            RecordLine.appendHex(record.hash, to: &out)
            out.append(0x20)
            RecordLine.appendDecimal(UInt64(record.size), to: &out)
            out.append(0x20)
            RecordLine.append(record.stamp, to: &out)
            out.append(contentsOf: path.utf8)
            out.append(0x0A)
        }
        for (path, stamp) in folders.sorted(by: { $0.key < $1.key }) where RecordLine.fits(path) {
            out.append(contentsOf: [UInt8(ascii: "d"), 0x20])
            RecordLine.append(stamp, to: &out)
            out.append(contentsOf: path.utf8)
            out.append(0x0A)
        }
        for path in kept.sorted() where RecordLine.fits(path) {
            out.append(contentsOf: [UInt8(ascii: "k"), 0x20])
            out.append(contentsOf: path.utf8)
            out.append(0x0A)
        }
        return out
    }

    /// Reads the lines of a set; a line it cannot read is left out, and what it described is
    /// then read back or written again, as if never recorded.
    init(lines: ArraySlice<UInt8>) {
        var start = lines.startIndex
        while start < lines.endIndex {
            let end = lines[start...].firstIndex(of: 0x0A) ?? lines.endIndex
            read(line: lines[start..<end])
            start = end + 1
        }
    }

    init(files: [String: FileRecord] = [:], folders: [String: FileStamp] = [:], kept: Set<String> = []) {
        self.files = files
        self.folders = folders
        self.kept = kept
    }

    private mutating func read(line: ArraySlice<UInt8>) {
        guard line.count > 2, line[line.startIndex + 1] == 0x20 else { return }
        var reader = RecordLine(bytes: line.dropFirst(2))
        switch line.first {
        case UInt8(ascii: "f"):
            guard let hash = reader.hex(), let size = reader.decimal(), let stamp = reader.stamp(),
                let path = reader.rest()
            else { return }
            files[path] = FileRecord(hash: hash, size: Int(size), stamp: stamp)
        case UInt8(ascii: "d"):
            guard let stamp = reader.stamp(), let path = reader.rest() else { return }
            folders[path] = stamp
        case UInt8(ascii: "k"):
            if let path = reader.rest() { kept.insert(path) }
        default: return
        }
    }
}

/// Reading and writing the fields of one line of records, byte by byte.
private struct RecordLine {
    var bytes: ArraySlice<UInt8>

    static func fits(_ path: String) -> Bool {
        !path.isEmpty && !path.utf8.contains(0x0A) && !path.utf8.contains(0x0D)
    }

    static func appendDecimal(_ value: UInt64, to out: inout [UInt8], width: Int = 0) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        for _ in digits.count..<max(width, digits.count) { out.append(UInt8(ascii: "0")) }
        out.append(contentsOf: digits.reversed())
    }

    static func appendHex(_ value: UInt64, to out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        for shift in stride(from: 60, through: 0, by: -4) { out.append(hex[Int((value >> UInt64(shift)) & 0xF)]) }
    }

    static func append(_ time: FileStamp.Time, to out: inout [UInt8]) {
        if time.seconds < 0 { out.append(UInt8(ascii: "-")) }
        appendDecimal(UInt64(time.seconds.magnitude), to: &out)
        out.append(UInt8(ascii: "."))
        appendDecimal(UInt64(max(0, time.nanoseconds)), to: &out, width: 9)
    }

    /// `inode modified changed ` (with the space after).
    static func append(_ stamp: FileStamp, to out: inout [UInt8]) {
        appendDecimal(stamp.inode, to: &out)
        out.append(0x20)
        append(stamp.modified, to: &out)
        out.append(0x20)
        append(stamp.changed, to: &out)
        out.append(0x20)
    }

    /// The next field, up to a space (which is passed over).
    private mutating func field() -> ArraySlice<UInt8>? {
        guard let space = bytes.firstIndex(of: 0x20), space > bytes.startIndex else { return nil }
        let field = bytes[..<space]
        bytes = bytes[(space + 1)...]
        return field
    }

    private static func decimal(_ field: ArraySlice<UInt8>) -> UInt64? {
        guard !field.isEmpty, field.count <= 19 else { return nil }
        var value: UInt64 = 0
        for byte in field {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + UInt64(byte - UInt8(ascii: "0"))
        }
        return value
    }

    mutating func decimal() -> UInt64? { field().flatMap(RecordLine.decimal) }

    mutating func hex() -> UInt64? {
        guard let field = field(), field.count == 16 else { return nil }
        var value: UInt64 = 0
        for byte in field {
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            default: return nil
            }
            value = value << 4 | UInt64(digit)
        }
        return value
    }

    mutating func time() -> FileStamp.Time? {
        guard var field = field() else { return nil }
        var sign = 1
        if field.first == UInt8(ascii: "-") {
            sign = -1
            field = field.dropFirst()
        }
        guard let dot = field.firstIndex(of: UInt8(ascii: ".")), field.endIndex - dot == 10,
            let seconds = RecordLine.decimal(field[..<dot]), let nanoseconds = RecordLine.decimal(field[(dot + 1)...]),
            seconds <= UInt64(Int.max)
        else { return nil }
        return FileStamp.Time(seconds: sign * Int(seconds), nanoseconds: Int(nanoseconds))
    }

    mutating func stamp() -> FileStamp? {
        guard let inode = decimal(), let modified = time(), let changed = time() else { return nil }
        return FileStamp(inode: inode, modified: modified, changed: changed)
    }

    /// The rest of the line: a path.
    mutating func rest() -> String? {
        bytes.isEmpty ? nil : String(decoding: bytes, as: UTF8.self)
    }
}

/// The records file beside the output, `.<name>.sandjar-records`: the records of the published
/// site and of the spare, which the next build reads before it writes anything.
///
/// ```
/// sandjar records 1
/// [site]
/// f 8d3ac2e1f0b7a934 5120 1837465 1764547200.123456789 1764547200.123456789 404.html
/// d 1837400 1764547200.223456789 1764547200.223456789 goals
/// k CNAME
/// [spare]
/// …
/// [end]
/// ```
///
/// It is kept beside the site rather than in it, so that the site stays the same bytes for the
/// same data (DESIGN.md §7) and a site published by `git` or `rsync` does not change every night.
/// A file without its last line (cut short by a crash) is not read at all. The `[site]` lines a
/// build read become, unparsed, the `[spare]` lines it writes: the site it replaced is the spare.
struct RecordsFile: Equatable {
    var site: SiteRecords?
    var spare: SiteRecords?
    /// The `[site]` lines as read.
    var siteLines: ArraySlice<UInt8>?

    static let firstLine = Array("sandjar records 1\n".utf8)
    private static let siteHeader = Array("[site]\n".utf8)
    private static let spareHeader = Array("[spare]\n".utf8)
    private static let endLine = Array("[end]\n".utf8)

    init(site: SiteRecords?, spare: SiteRecords?) {
        self.site = site
        self.spare = spare
    }

    /// A records file of `site`, with `spare` as the lines of the spare's records.
    static func bytes(site: SiteRecords, spare: ArraySlice<UInt8>?) -> [UInt8] {
        var out = firstLine + siteHeader + site.lines
        if let spare {
            out += spareHeader
            out += spare
        }
        return out + endLine
    }

    var text: String {
        String(
            decoding: RecordsFile.bytes(site: site ?? SiteRecords(), spare: spare.map { $0.lines[...] }), as: UTF8.self)
    }

    /// Reads a records file; nil when it is not one, or was cut short.
    init?(bytes: [UInt8]) {
        guard bytes.starts(with: RecordsFile.firstLine), bytes.count >= RecordsFile.endLine.count + 18,
            bytes[(bytes.count - RecordsFile.endLine.count)...].elementsEqual(RecordsFile.endLine)
        else { return nil }
        let body = bytes[RecordsFile.firstLine.count..<(bytes.count - RecordsFile.endLine.count)]
        func section(_ header: [UInt8], until next: [UInt8]?) -> ArraySlice<UInt8>? {
            guard let start = RecordsFile.find(header, in: body) else { return nil }
            let from = start + header.count
            let end = next.flatMap { RecordsFile.find($0, in: body[from...]) } ?? body.endIndex
            return body[from..<end]
        }
        siteLines = section(RecordsFile.siteHeader, until: RecordsFile.spareHeader)
        site = siteLines.map { SiteRecords(lines: $0) }
        spare = section(RecordsFile.spareHeader, until: nil).map { SiteRecords(lines: $0) }
    }

    init?(text: String) { self.init(bytes: Array(text.utf8)) }

    /// Where `header` starts a line of `bytes`.
    private static func find(_ header: [UInt8], in bytes: ArraySlice<UInt8>) -> Int? {
        var index = bytes.startIndex
        while index < bytes.endIndex {
            if bytes[index...].starts(with: header) { return index }
            guard let newline = bytes[index...].firstIndex(of: 0x0A) else { return nil }
            index = newline + 1
        }
        return nil
    }

    static func == (a: RecordsFile, b: RecordsFile) -> Bool { a.site == b.site && a.spare == b.spare }
}
