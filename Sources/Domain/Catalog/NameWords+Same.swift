extension NameWords {
    /// The words of a name as catalogue matching splits them — lower-case, accents and punctuation
    /// gone, `+` as "plus": "NETFLIX.COM CA" is `netflix`, `com`, `ca`; "iCloud+" is `i`, `cloud`,
    /// `plus` — without the words that tell nothing apart (`com`, `www`, `inc`, `the`…).
    public static func significant(_ name: String) -> Set<String> {
        let key = NameKey(name)
        var words: Set<String> = []
        var start = 0
        for end in 1...max(1, key.count) where end <= key.count && key.isBoundary[end] {
            words.insert(String(String.UnicodeScalarView(key.scalars[start..<end])))
            start = end
        }
        return words.subtracting(noise)
    }

    /// Whether a subscription called `one` and one called `other` are the same one: the same name
    /// once case, spaces and punctuation are ignored, or one's significant words all among the
    /// other's ("Spotify" is "Spotify Family"; "NETFLIX.COM" is "Netflix"). Two names of one
    /// catalogue entry (`sameCatalogEntry`) are the same one too — "Spotify USA" on a statement is
    /// the "Spotify Premium" tracked — unless each names a plan and the plans differ: "Spotify
    /// Premium" is not "Spotify Family".
    public static func sameSubscription(_ one: String, _ other: String, sameCatalogEntry: Bool) -> Bool {
        let key = NameWords.key(one)
        if !key.isEmpty && key == NameWords.key(other) { return true }
        let words = significant(one)
        let others = significant(other)
        guard !words.isEmpty, !others.isEmpty else { return false }
        if words.isSubset(of: others) || others.isSubset(of: words) { return true }
        guard sameCatalogEntry else { return false }
        let plans = words.intersection(planWords)
        let otherPlans = others.intersection(planWords)
        return plans.isEmpty || otherPlans.isEmpty || plans == otherPlans
    }

    /// Words of a web address or a company's form, which name no service.
    static let noise: Set<String> = ["the", "and", "of", "com", "www", "net", "org", "inc", "ltd", "llc", "gmbh", "co"]

    /// Words that name a plan, or tier, of a service.
    static let planWords: Set<String> = [
        "premium", "family", "duo", "individual", "single", "student", "basic", "standard", "plus", "pro", "max",
        "ultimate", "business", "personal", "team", "teams", "kids", "lite", "essential", "essentials", "deluxe",
        "enterprise", "starter", "home", "unlimited", "advanced", "gold", "silver", "platinum", "vip", "ultra",
    ]
}
