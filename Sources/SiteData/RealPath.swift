import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Where a path really leads, for comparing folders that may be named through symbolic links or
/// `..`, or may not exist yet.
package enum RealPath {
    /// The absolute path with every symbolic link resolved, for as much of it as exists; the part
    /// that does not exist yet is appended as written (standardized).
    package static func of(_ path: String) -> String {
        var existing = URL(fileURLWithPath: path).standardizedFileURL
        var missing: [String] = []
        while existing.path != "/" {
            if let resolved = realpath(existing.path, nil) {
                defer { free(resolved) }
                var result = String(cString: resolved)
                for name in missing.reversed() { result += (result == "/" ? "" : "/") + name }
                return result
            }
            missing.append(existing.lastPathComponent)
            existing = existing.deletingLastPathComponent()
        }
        return "/" + missing.reversed().joined(separator: "/")
    }

    /// True when `inner` is `outer` or lies inside it, both resolved.
    package static func isInside(_ inner: String, _ outer: String) -> Bool {
        let a = of(inner)
        let b = of(outer)
        return a == b || a.hasPrefix(b == "/" ? "/" : b + "/")
    }
}
