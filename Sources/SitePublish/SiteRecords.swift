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

        var text: String {
            let digits = String(nanoseconds)
            return String(seconds) + "." + String(repeating: "0", count: max(0, 9 - digits.count)) + digits
        }

        init(seconds: Int, nanoseconds: Int) {
            self.seconds = seconds
            self.nanoseconds = nanoseconds
        }

        init?(_ text: Substring) {
            guard let dot = text.firstIndex(of: "."), let seconds = Int(text[..<dot]),
                let nanoseconds = Int(text[text.index(after: dot)...])
            else { return nil }
            self.init(seconds: seconds, nanoseconds: nanoseconds)
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

    /// `inode modified changed`, as the marker writes them.
    var fields: String { String(inode) + " " + modified.text + " " + changed.text }

    init?(fields: [Substring]) {
        guard fields.count == 3, let inode = UInt64(fields[0]), let modified = Time(fields[1]),
            let changed = Time(fields[2])
        else { return nil }
        self.init(inode: inode, modified: modified, changed: changed)
    }
}

/// What a build knew of a file it published: the hash and size of its bytes (`ContentHash`) and
/// its stamp once the build was done with it.
struct FileRecord: Equatable {
    var hash: UInt64
    var size: Int
    var stamp: FileStamp

    /// `f hash size inode modified changed path`, one line.
    func line(_ path: String) -> String {
        let hex = String(hash, radix: 16)
        return "f " + String(repeating: "0", count: 16 - hex.count) + hex + " " + String(size) + " "
            + stamp.fields + " " + path + "\n"
    }

    /// Whether the file with `status` is this record's, unchanged, holding `bytes` whose hash is `hash`.
    func matches(_ status: stat, size: Int, hash: UInt64) -> Bool {
        self.hash == hash && self.size == size && status.st_size == size && FileStamp(status) == stamp
    }
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

    /// The lines of this set, each path last.
    var lines: String {
        var text = ""
        for (path, record) in files.sorted(by: { $0.key < $1.key }) where SiteRecords.fitsOnALine(path) {
            text += record.line(path)
        }
        for (path, stamp) in folders.sorted(by: { $0.key < $1.key }) where SiteRecords.fitsOnALine(path) {
            text += "d " + stamp.fields + " " + path + "\n"
        }
        for path in kept.sorted() where SiteRecords.fitsOnALine(path) { text += "k " + path + "\n" }
        return text
    }

    /// Reads one line of a set; a line it cannot read is left out, and what it described is
    /// then read back or written again, as if never recorded.
    mutating func read(_ line: Substring) {
        let kind = line.prefix(2)
        if kind == "f " {
            let fields = line.dropFirst(2).split(separator: " ", maxSplits: 5, omittingEmptySubsequences: false)
            guard fields.count == 6, fields[0].count == 16, let hash = UInt64(fields[0], radix: 16),
                let size = Int(fields[1]), let stamp = FileStamp(fields: Array(fields[2...4])), !fields[5].isEmpty
            else { return }
            files[String(fields[5])] = FileRecord(hash: hash, size: size, stamp: stamp)
        } else if kind == "d " {
            let fields = line.dropFirst(2).split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            guard fields.count == 4, let stamp = FileStamp(fields: Array(fields[0...2])), !fields[3].isEmpty else {
                return
            }
            folders[String(fields[3])] = stamp
        } else if kind == "k ", line.count > 2 {
            kept.insert(String(line.dropFirst(2)))
        }
    }

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

    private static func fitsOnALine(_ path: String) -> Bool {
        !path.contains("\n") && !path.contains("\r")
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
/// A file without its last line (cut short by a crash) is not read at all.
struct RecordsFile: Equatable {
    var site: SiteRecords?
    var spare: SiteRecords?

    static let firstLine = "sandjar records 1"

    var text: String {
        var text = RecordsFile.firstLine + "\n"
        if let site { text += "[site]\n" + site.lines }
        if let spare { text += "[spare]\n" + spare.lines }
        return text + "[end]\n"
    }

    init(site: SiteRecords?, spare: SiteRecords?) {
        self.site = site
        self.spare = spare
    }

    /// Reads a records file's text; nil when it is not one, or was cut short.
    init?(text: String) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: true)
        guard lines.first == Substring(RecordsFile.firstLine), lines.last == "[end]" else { return nil }
        var current: SiteRecords?
        var section = ""
        func close() {
            if section == "site" { site = current }
            if section == "spare" { spare = current }
        }
        for line in lines.dropFirst().dropLast() {
            switch line {
            case "[site]", "[spare]":
                close()
                section = line == "[site]" ? "site" : "spare"
                current = SiteRecords()
            default: current?.read(line)
            }
        }
        close()
    }
}
