// swift-tools-version:6.0
import PackageDescription

// sandjar: a data folder of TOML files in, a static dashboard site out.
// Only the toolchain and two Debian C libraries (libcmark-dev, libchipmunk-dev).
let package = Package(
    name: "sandjar",
    products: [
        .executable(name: "sandjar", targets: ["sandjar"])
    ],
    targets: [
        // C libraries from Debian, each wrapped by exactly one Swift file.
        .systemLibrary(
            name: "CCmark", pkgConfig: "libcmark",
            providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CChipmunk", providers: [.apt(["libchipmunk-dev"])]),

        // Parsers written here.
        .target(name: "TOML"),
        .target(name: "Mustache"),
        .target(name: "Markdown", dependencies: ["CCmark"]),

        // Pure domain: models and engines, values in, values out, no file access.
        .target(name: "Domain"),
        // The coin jar, simulated with Chipmunk2D.
        .target(name: "Jar", dependencies: ["CChipmunk", "Domain"]),

        // templates/ and starter/ built into the binary, by a build plugin (nothing is looked up
        // beside the executable).
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),
        .target(name: "BuiltinFiles", plugins: ["EmbedResources"]),

        // Loading the data folder, rendering pages, writing the site.
        .target(
            name: "SiteBuilder",
            dependencies: ["TOML", "Mustache", "Markdown", "Domain", "Jar", "BuiltinFiles"]),
        // `sandjar serve`: the built site over HTTP on the loopback interface.
        .target(name: "SiteServer"),
        .target(
            name: "SandjarCLI",
            dependencies: [
                "SiteBuilder", "SiteServer", "TOML", "Mustache", "BuiltinFiles", "Markdown", "Jar", "Domain",
            ]),
        .executableTarget(name: "sandjar", dependencies: ["SandjarCLI"]),
        // `make bench`: what the coin jar costs.
        .executableTarget(name: "sandjar-bench", dependencies: ["Jar", "Domain"]),

        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain"]),
        .testTarget(name: "JarTests", dependencies: ["Jar", "Domain"]),
        .testTarget(name: "SiteBuilderTests", dependencies: ["SiteBuilder", "BuiltinFiles"], exclude: ["Snapshots"]),
        .testTarget(name: "SiteServerTests", dependencies: ["SiteServer"]),
        .testTarget(
            name: "SandjarCLITests", dependencies: ["SandjarCLI", "SiteBuilder", "Domain", "TOML", "SiteServer"],
            exclude: ["Snapshots"]),
    ]
)
