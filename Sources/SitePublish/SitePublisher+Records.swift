import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where the records of the site and the spare (`RecordsFile`) are kept: beside the output, as
/// `.<name>.sandjar-records`, replaced after each swap by a rename. They need no flush of their
/// own: a records file lost or cut short by a crash is not read, and one left from an earlier
/// build only vouches for what has not changed since.
extension SitePublisher {
    var recordsName: String { ".\(name).sandjar-records" }

    /// The records file beside the output; nil when there is none to read.
    func readRecords() -> RecordsFile? {
        guard let data = FileManager.default.contents(atPath: parent.appendingPathComponent(recordsName).path) else {
            return nil
        }
        return RecordsFile(bytes: [UInt8](data))
    }

    /// Writes `file` under a staging name beside the output, to be put in place once the new site
    /// is (`keepRecords`); its path, or nil when it could not be written (the next build then reads
    /// back what it cannot trust, as if nothing were recorded).
    ///
    /// First the file system's clock must move past every stamp recorded, so that anything done
    /// to a recorded file or folder once the site is published gets a time of its own even where
    /// the file system keeps coarse times (a tick of the kernel's clock, a second): usually it
    /// already has, or does within a few milliseconds. Where it has not within two seconds, the
    /// records it has not passed are left out.
    func prepareRecords(site: SiteRecords, spare: ArraySlice<UInt8>?) -> String? {
        let path = parent.appendingPathComponent(stagingPrefix + "records-" + String(getpid())).path
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var latest = FileStamp.Time(seconds: .min, nanoseconds: 0)
        for record in site.files.values { latest = max(latest, record.stamp.latest) }
        for stamp in site.folders.values { latest = max(latest, stamp.latest) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { return nil }
        var now = FileStamp(status).latest
        var waited = 0
        while now <= latest && waited < 2_000 {
            usleep(1_000)
            waited += 1
            guard futimens(descriptor, nil) == 0, fstat(descriptor, &status) == 0 else { break }
            now = FileStamp(status).latest
        }
        let bytes = RecordsFile.bytes(site: now <= latest ? site.older(than: now) : site, spare: spare)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress!, $0.count) }
        guard written == bytes.count else {
            unlink(path)
            return nil
        }
        return path
    }

    /// Puts the records written by `prepareRecords` in place.
    func keepRecords(_ path: String) {
        if rename(path, parent.appendingPathComponent(recordsName).path) != 0 { unlink(path) }
    }
}
