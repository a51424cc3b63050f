import Domain

/// A Markdown page from `pages/<slug>.md`, front matter read.
public struct MarkdownPage: Sendable, Equatable {
    public var slug: String
    public var title: String
    public var date: CalendarDate?
    public var draft: Bool
    /// Keep raw HTML for this page (front matter or site.toml `unsafe_html`).
    public var unsafeHTML: Bool
    public var body: String

    public init(slug: String, title: String, date: CalendarDate?, draft: Bool, unsafeHTML: Bool, body: String) {
        self.slug = slug
        self.title = title
        self.date = date
        self.draft = draft
        self.unsafeHTML = unsafeHTML
        self.body = body
    }
}
