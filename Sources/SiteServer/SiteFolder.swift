import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// The folder being served, as the server looks files up in it: only regular files whose real path
/// (after every symlink) lies inside the folder's real path.
struct SiteFolder {
    /// A regular file opened for one response; closed when the last copy goes.
    final class File: Sendable {
        let fd: Int32
        let size: Int
        /// The real path, for its extension.
        let path: String

        init(fd: Int32, size: Int, path: String) {
            (self.fd, self.size, self.path) = (fd, size, path)
        }

        var contentType: String {
            let nameStart = path.lastIndex(of: "/").map(path.index(after:)) ?? path.startIndex
            return ContentType.of(fileNamed: String(path[nameStart...]))
        }

        deinit {
            _ = Glibc.close(fd)
        }
    }

    /// The folder's real path; nil when it does not exist (e.g. before the first build).
    let realRoot: String?

    init(root: URL) {
        realRoot = Self.realPath(root.path)
    }

    /// Opens `path` if it is a regular file inside the root once symlinks are resolved. O_NONBLOCK:
    /// opening a FIFO would otherwise wait for a writer; the fstat after opening refuses it.
    private func open(_ path: String) -> File? {
        guard let real = Self.realPath(path), isInside(real) else { return nil }
        let fd = Glibc.open(real, O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOFOLLOW)
        guard fd >= 0 else { return nil }
        var info = stat()
        guard fstat(fd, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            _ = Glibc.close(fd)
            return nil
        }
        return File(fd: fd, size: Int(info.st_size), path: real)
    }

    private func isInside(_ real: String) -> Bool {
        guard let realRoot else { return false }
        return real == realRoot || real.hasPrefix(realRoot.hasSuffix("/") ? realRoot : realRoot + "/")
    }

    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}

extension SiteFolder: SiteContents {
    func lookup(_ target: RequestTarget) -> SiteLookup {
        guard let realRoot else { return .notFound }
        let path = realRoot + target.names.map { "/" + $0 }.joined()
        if target.endsWithSlash {
            return found(path + "/index.html")
        }
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            guard let real = Self.realPath(path), isInside(real) else { return .notFound }
            return .redirect(target.path + "/" + target.query)
        }
        return found(path)
    }

    func notFoundPage() -> HTTPResponse.Body? {
        realRoot.flatMap { open($0 + "/404.html") }.map(HTTPResponse.Body.file)
    }

    private func found(_ path: String) -> SiteLookup {
        guard let file = open(path) else { return .notFound }
        return .file(contentType: file.contentType, body: .file(file))
    }
}
