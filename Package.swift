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

        // Loading the data folder, rendering pages, writing the site.
        .target(
            name: "SiteBuilder",
            dependencies: ["TOML", "Mustache", "Markdown", "Domain", "Jar"]),
        .target(name: "SandjarCLI", dependencies: ["SiteBuilder", "TOML"]),
        .executableTarget(name: "sandjar", dependencies: ["SandjarCLI"]),
        // `make bench`: what the coin jar costs.
        .executableTarget(name: "sandjar-bench", dependencies: ["Jar", "Domain"]),

        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain"]),
        .testTarget(name: "JarTests", dependencies: ["Jar", "Domain"]),
        .testTarget(name: "SiteBuilderTests", dependencies: ["SiteBuilder"], exclude: ["Snapshots"]),
        .testTarget(name: "SandjarCLITests", dependencies: ["SandjarCLI", "SiteBuilder", "Domain", "TOML"]),
    ]
)
