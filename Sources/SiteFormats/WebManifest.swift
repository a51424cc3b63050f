import Domain
import Foundation

/// `manifest.webmanifest`: what a phone's "add to home screen" needs to make the site an app
/// (DESIGN.md §4): the site's name, its start and scope relative to the manifest (so the site works
/// under any sub-path), the theme's background and accent colours from the design tokens, and the
/// favicon as an SVG icon and drawn at 192 and 512 px (`icon-192.png`, `icon-512.png`); and the
/// shortcuts a long press on the home-screen icon offers (issue 34): drop coins into the goal
/// whose deposit is due first, breathe now with today's pattern.
package struct WebManifest {
    /// One shortcut: its name and where it opens, relative to the manifest.
    package struct Shortcut {
        package var name: String
        package var url: String

        package init(name: String, url: String) {
            self.name = name
            self.url = url
        }
    }

    package var title: String
    package var language: SiteSettings.Language
    package var background: String?
    package var accent: String?
    package var shortcuts: [Shortcut] = []

    package init(
        title: String, language: SiteSettings.Language, background: String? = nil, accent: String? = nil,
        shortcuts: [Shortcut] = []
    ) {
        self.title = title
        self.language = language
        self.background = background
        self.accent = accent
        self.shortcuts = shortcuts
    }

    /// Home screens show about twelve characters under an icon.
    static let shortNameLength = 12

    package var json: String {
        let trimmed = title.trimmingCharacters(in: .whitespaces)
        let short = trimmed.count <= Self.shortNameLength ? trimmed : String(trimmed.prefix(Self.shortNameLength))
        let icon = { (src: String, sizes: String, type: String) -> JSONValue in
            .object([("src", .string(src)), ("sizes", .string(sizes)), ("type", .string(type))])
        }
        return JSONValue.object([
            ("name", .string(trimmed)),
            ("short_name", .string(short.trimmingCharacters(in: .whitespaces))),
            ("lang", .string(language.rawValue)),
            ("start_url", .string("./")),
            ("scope", .string("./")),
            ("display", .string("standalone")),
            ("background_color", JSONValue.optional(background) { .string($0) }),
            ("theme_color", JSONValue.optional(accent) { .string($0) }),
            (
                "icons",
                .array([
                    icon("favicon.svg", "any", "image/svg+xml"), icon("icon-192.png", "192x192", "image/png"),
                    icon("icon-512.png", "512x512", "image/png"),
                ])
            ),
            (
                "shortcuts",
                .array(
                    shortcuts.map { shortcut in
                        .object([
                            ("name", .string(shortcut.name)), ("url", .string(shortcut.url)),
                            ("icons", .array([icon("icon-192.png", "192x192", "image/png")])),
                        ])
                    })
            ),
        ]).serialized()
    }
}
