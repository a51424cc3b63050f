import Domain

/// Subscription ids for data.json, page anchors and `slay` (DESIGN.md §5): the catalogue id when
/// the subscription pins or matches a catalogue entry; else the name slugged when the name is all
/// ASCII; else `sub-` and the first 8 hex digits of the SHA-256 of the name's UTF-8 ("京东PLUS会员"
/// must not become `plus`); then made unique with `-2`, `-3`… in data order.
public enum SubscriptionID {
    /// `catalogIDs[i]` is the catalogue entry subscription i matched (pinned or fuzzy), if any.
    public static func make(for subscriptions: [Subscription], catalogIDs: [String?]) -> [String] {
        var used: Set<String> = []
        return subscriptions.enumerated().map { index, subscription in
            let catalogID = index < catalogIDs.count ? catalogIDs[index] : nil
            let base = catalogID ?? base(forName: subscription.name)
            var id = base
            var n = 2
            while used.contains(id) {
                id = "\(base)-\(n)"
                n += 1
            }
            used.insert(id)
            return id
        }
    }

    /// The id of a name no catalogue entry claims: its slug when the name is all ASCII and the slug
    /// is not empty, else `sub-` and 8 hex digits of its SHA-256.
    public static func base(forName name: String) -> String {
        let slugged = slug(name)
        if name.unicodeScalars.allSatisfy(\.isASCII), !slugged.isEmpty { return slugged }
        return "sub-" + SHA256.hex(Array(name.utf8)).prefix(8)
    }

    /// Lower-case ASCII letters and digits, every other run of characters one `-`, "+" spelled
    /// "plus": "Disney+" → `disney-plus`, "B站大会员" → `b`.
    public static func slug(_ name: String) -> String {
        var out = ""
        for scalar in name.lowercased().unicodeScalars {
            if ("a"..."z").contains(scalar) || ("0"..."9").contains(scalar) {
                out.unicodeScalars.append(scalar)
            } else if scalar == "+" {
                out += out.isEmpty || out.hasSuffix("-") ? "plus" : "-plus"
            } else if !out.isEmpty && !out.hasSuffix("-") {
                out += "-"
            }
        }
        while out.hasSuffix("-") { out.removeLast() }
        while out.hasPrefix("-") { out.removeFirst() }
        return out
    }
}
