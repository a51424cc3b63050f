// swift-tools-version:6.0
import PackageDescription

// sandjar: a data folder of TOML files in, a static dashboard site out.
// Only the toolchain and three Debian C libraries (libcmark-dev, libchipmunk-dev, zlib1g-dev).
let package = Package(
    name: "sandjar",
    products: [
        .executable(name: "sandjar", targets: ["sandjar"])
    ],
    targets: [
        // C libraries from Debian, each wrapped by exactly one Swift file.
        .systemLibrary(name: "CCmark", providers: [.apt(["libcmark-dev"])]),
        .systemLibrary(name: "CChipmunk", providers: [.apt(["libchipmunk-dev"])]),
        .systemLibrary(name: "CZlib", providers: [.apt(["zlib1g-dev"])]),

        // The small helpers every target shares: FNV-1a, zero padding.
        .target(name: "Basics"),

        // Parsers written here.
        .target(name: "TOML", dependencies: ["Basics"]),
        .target(name: "Mustache", dependencies: ["Basics"]),
        .target(name: "Markdown", dependencies: ["Basics", "CCmark"]),
        // Zip archives read into memory (Loop's export), inflated by zlib.
        .target(name: "Zip", dependencies: ["CZlib"]),

        // Pure domain: values in, values out, no file access. `Domain` holds the models, dates,
        // money, the catalogue, savings and quotes; each larger engine is a target of its own, and
        // `Badges` replays the events of all of them.
        .target(name: "Domain", dependencies: ["Basics"]),
        .target(name: "Subscriptions", dependencies: ["Domain"]),
        .target(name: "Breathing", dependencies: ["Domain"]),
        .target(name: "Badges", dependencies: ["Basics", "Domain", "Subscriptions", "Breathing"]),
        // The coin jar, simulated with Chipmunk2D.
        .target(name: "Jar", dependencies: ["Basics", "CChipmunk", "Domain"]),

        // templates/ and starter/ built into the binary, by a build plugin (nothing is looked up
        // beside the executable).
        .executableTarget(name: "EmbedResourcesTool"),
        .plugin(name: "EmbedResources", capability: .buildTool(), dependencies: ["EmbedResourcesTool"]),
        .target(name: "BuiltinFiles", plugins: ["EmbedResources"]),

        // The site builder, one target per stage: read the data (SiteData), render the site in memory
        // (SiteRender), write it (SitePublish); SiteBuilder runs them as the build's named steps.
        //
        // The data folder and the theme, read and validated into typed values with located findings.
        // No engine: the keys a theme must hold are handed to it by the build (`UIKey`, in UIKeys).
        .target(name: "SiteData", dependencies: ["TOML", "Mustache", "Markdown", "Domain", "BuiltinFiles", "Basics"]),
        // Bank-statement CSV files, read for `sandjar detect`.
        .target(name: "Statement", dependencies: ["SiteData", "Domain"]),
        // The whole site written atomically, with what the last build published; the build lock.
        .target(name: "SitePublish", dependencies: ["Basics", "SiteData", "Domain"]),
        // The settled coin jars kept between builds, and where that cache may live.
        .target(name: "PhysicsCache", dependencies: ["Basics", "SiteData", "Domain", "Jar"]),
        // The keys Swift asks the theme's string tables for (`UIKey`), families made from the
        // engines' types; `UIKey.required`, what every theme must hold.
        .target(name: "UIKeys", dependencies: ["Badges", "Breathing", "Domain", "SiteData", "Subscriptions"]),
        // The engines' results once per build (`SiteFigures`, `YearReview`) and what needs the
        // person today (`TodayDigest`, the value; its words are the renderer's).
        .target(name: "Figures", dependencies: ["Badges", "Basics", "Breathing", "Domain", "Subscriptions"]),
        // The site's files that are not pages: data.json, iCalendar, the web manifest, the sitemap,
        // the host files; and the formatting they share with the pages (money, dates, XML, JSON).
        .target(
            name: "SiteFormats",
            dependencies: ["Badges", "Basics", "Breathing", "Domain", "Figures", "Jar", "SiteData", "Subscriptions"]),
        // Chart geometry drawn as SVG: lines, columns, bars, the practice heatmap.
        .target(name: "Charts", dependencies: ["Basics", "Breathing", "Domain", "SiteFormats"]),
        // Pages, feeds and the served forms, rendered in memory from the loaded data.
        .target(
            name: "SiteRender",
            dependencies: [
                "Basics", "SiteData", "Domain", "Jar", "Mustache", "Markdown", "Subscriptions", "Breathing",
                "Badges", "UIKeys", "Figures", "SiteFormats", "Charts",
            ]),
        // Subscriptions and practice from other trackers (Wallos's JSON export, Loop's CSV export,
        // a folder or a zip), read with located findings.
        .target(name: "Import", dependencies: ["Domain", "SiteData", "TOML", "Zip"]),
        // `sandjar add` and `slay`: byte-preserving edits to the data folder's TOML files.
        .target(
            name: "DataEdit",
            dependencies: [
                "Basics", "SiteData", "TOML", "Domain", "Subscriptions", "Mustache", "BuiltinFiles", "Import",
            ]),
        // The build as named steps: load data → load theme → compute figures → simulate jars →
        // render pages → publish.
        .target(
            name: "SiteBuilder",
            dependencies: [
                "Basics", "SiteData", "SiteRender", "SitePublish", "PhysicsCache", "Domain", "Jar", "Mustache",
                "UIKeys",
                "Figures",
            ]),
        // Synthetic data folders for `sandjar debug fixture` and the benchmarks.
        .target(name: "FixtureGenerator", dependencies: ["Domain"]),
        // `sandjar serve`: the built site over HTTP on the loopback interface.
        .target(name: "SiteServer"),
        // serve as the local app: the one owner of the served site and its rebuilds, and the forms,
        // checked requests written through the editing commands' entries.
        .target(
            name: "LocalApp",
            dependencies: ["Basics", "SiteServer", "DataEdit", "SiteRender", "SiteBuilder", "SiteData", "Domain"]),
        .target(
            name: "SandjarCLI",
            dependencies: [
                "Basics", "SiteBuilder", "SiteData", "Statement", "DataEdit", "FixtureGenerator", "SiteServer",
                "LocalApp",
                "TOML", "Mustache", "BuiltinFiles", "Markdown", "Jar", "Domain", "Subscriptions", "Figures",
                "SiteFormats",
            ]),
        .executableTarget(name: "sandjar", dependencies: ["SandjarCLI"]),
        // `make bench`: what the coin jar costs.
        .executableTarget(name: "sandjar-bench", dependencies: ["Jar", "Domain"]),

        // What the tests share: temporary folders kept out of the home folder (`TestIsolation`),
        // running sandjar and other programs, serve's HTTP, the sample's served forms.
        .target(name: "TestSupport", dependencies: ["Domain", "SiteData"], path: "Tests/TestSupport"),

        // Unit tests, beside the target each one tests.
        .testTarget(name: "BasicsTests", dependencies: ["Basics"]),
        .testTarget(name: "TOMLTests", dependencies: ["TOML"]),
        .testTarget(name: "MustacheTests", dependencies: ["Mustache", "Basics"]),
        .testTarget(name: "MarkdownTests", dependencies: ["Markdown"]),
        .testTarget(name: "ZipTests", dependencies: ["Zip", "TestSupport"]),
        .testTarget(name: "DomainTests", dependencies: ["Domain", "Subscriptions", "Breathing", "Badges"]),
        .testTarget(name: "JarTests", dependencies: ["Basics", "Jar", "Domain"]),
        .testTarget(name: "SiteDataTests", dependencies: ["SiteData", "Domain", "TOML", "TestSupport"]),
        .testTarget(
            name: "StatementTests", dependencies: ["Statement", "SiteData", "Domain", "Subscriptions", "TestSupport"]),
        .testTarget(name: "SiteFormatsTests", dependencies: ["SiteFormats", "Domain", "Subscriptions", "TestSupport"]),
        .testTarget(name: "ChartsTests", dependencies: ["Charts", "Domain", "Breathing", "TestSupport"]),
        .testTarget(
            name: "SiteRenderTests",
            dependencies: ["SiteRender", "SiteData", "Domain", "Badges", "Charts", "TestSupport"]),
        .testTarget(name: "SitePublishTests", dependencies: ["SitePublish", "SiteData", "TestSupport"]),
        .testTarget(name: "DataEditTests", dependencies: ["DataEdit", "SiteData", "TOML", "Domain", "TestSupport"]),
        .testTarget(name: "FixtureGeneratorTests", dependencies: ["FixtureGenerator", "SiteData", "TestSupport"]),
        // The build in memory: each page family, the figures it shows, the cache, publishing, the
        // sample's golden files.
        .testTarget(
            name: "SiteBuilderTests",
            dependencies: [
                "SiteBuilder", "SiteData", "SiteRender", "SitePublish", "PhysicsCache", "BuiltinFiles", "Domain", "Jar",
                "Badges", "Breathing", "Subscriptions", "UIKeys", "SiteFormats", "TestSupport",
            ],
            exclude: ["Snapshots"]),
        .testTarget(name: "SiteServerTests", dependencies: ["SiteServer"]),
        .testTarget(
            name: "LocalAppTests",
            dependencies: [
                "LocalApp", "SiteServer", "SiteBuilder", "SiteData", "DataEdit", "TOML", "Domain", "TestSupport",
            ]),
        .testTarget(
            name: "SandjarCLITests",
            dependencies: [
                "SandjarCLI", "SiteBuilder", "SiteData", "DataEdit", "Domain", "Subscriptions", "TOML", "SiteServer",
                "Import", "TestSupport",
            ],
            exclude: ["Snapshots"]),
        // System tests: the sandjar executable run as a person or cron runs it, killed midway,
        // under load for minutes; its pages in a real browser, the Nu HTML checker and real web
        // servers.
        .testTarget(
            name: "SystemTests",
            dependencies: [
                "SiteBuilder", "SiteData", "SiteRender", "SitePublish", "FixtureGenerator", "Domain", "TOML",
                "TestSupport",
            ]),
    ]
)
