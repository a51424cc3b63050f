import Domain

/// What `sandjar build` and `sandjar check` were asked to do (DESIGN.md §6).
public struct BuildOptions: Sendable {
    public var data: String = "content"
    public var output: String = "public"
    public var templates: String = "templates"
    public var cache: String = ".sandjar-cache"
    /// Nil: today in the site's time zone.
    public var today: CalendarDate?
    public var strict = false
    /// Wait for another build's lock instead of giving up at once.
    public var wait = false

    public init() {}
}

/// How a build or check ended.
public struct BuildReport: Sendable {
    /// Warnings (and, for a failed build, errors), in the order found.
    public var diagnostics: [Diagnostic]
    public var pageCount: Int
    public var fileCount: Int
    public var today: CalendarDate?
    public var succeeded: Bool { !diagnostics.contains { $0.severity == .error } }

    /// A build that stopped before reading any data.
    static func failed(_ diagnostic: Diagnostic) -> BuildReport {
        BuildReport(diagnostics: [diagnostic], pageCount: 0, fileCount: 0, today: nil)
    }
}
