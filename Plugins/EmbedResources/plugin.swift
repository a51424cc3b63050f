import Foundation
import PackagePlugin

/// Builds the default theme (`templates/`), the starter data folder (`starter/`) and the commit
/// the binary was built from into the `BuiltinFiles` target, so an installed `sandjar` needs no
/// file beside it (DESIGN.md §6). Any change under those folders regenerates the source.
@main
struct EmbedResources: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let package = context.package.directoryURL
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedFiles.swift")
        var inputs: [URL] = []
        for folder in ["templates", "starter"] {
            inputs += files(under: package.appendingPathComponent(folder))
        }
        // The commit: HEAD and the ref it names, so a new commit regenerates the version text.
        let git = package.appendingPathComponent(".git")
        for name in ["HEAD", "packed-refs"] {
            let file = git.appendingPathComponent(name)
            if FileManager.default.fileExists(atPath: file.path) { inputs.append(file) }
        }
        if let head = try? String(contentsOf: git.appendingPathComponent("HEAD"), encoding: .utf8),
            head.hasPrefix("ref: ")
        {
            let ref = git.appendingPathComponent(head.dropFirst(5).trimmingCharacters(in: .whitespacesAndNewlines))
            if FileManager.default.fileExists(atPath: ref.path) { inputs.append(ref) }
        }
        return [
            .buildCommand(
                displayName: "Embedding templates/ and starter/",
                executable: try context.tool(named: "EmbedResourcesTool").url,
                arguments: [package.path, output.path],
                inputFiles: inputs,
                outputFiles: [output])
        ]
    }

    /// Every regular file under `folder`, recursively, sorted.
    private func files(under folder: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(atPath: folder.path) else { return [] }
        var found: [URL] = []
        while let relative = walker.nextObject() as? String {
            let url = folder.appendingPathComponent(relative)
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue {
                found.append(url)
            }
        }
        return found.sorted { $0.path < $1.path }
    }
}
