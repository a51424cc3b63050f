import Foundation
import SiteBuilder

/// What serve's watch looks at: every file a build reads — the data folder, less a site built
/// into it and hidden files, and the theme overlay — by size and modification time.
enum SiteWatch {
    typealias Fingerprint = [String: String]

    static func fingerprint(of options: BuildOptions) -> Fingerprint {
        var folders = [options.data]
        if let theme = options.themeOverlay { folders.append(theme) }
        var result: Fingerprint = [:]
        let skipped: Set<String> = ["public", "public.lock"]
        for folder in folders {
            let root = URL(fileURLWithPath: folder)
            guard let walker = FileManager.default.enumerator(atPath: root.path) else { continue }
            while let relative = walker.nextObject() as? String {
                let first = relative.split(separator: "/").first.map(String.init) ?? ""
                if folder == options.data, skipped.contains(first) {
                    walker.skipDescendants()
                    continue
                }
                if first.hasPrefix(".") { continue }
                var info = stat()
                let path = root.appendingPathComponent(relative).path
                guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
                result[path] = "\(info.st_size) \(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            }
        }
        return result
    }
}
