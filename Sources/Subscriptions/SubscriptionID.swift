import Domain

/// Subscription ids for data.json and page anchors (DESIGN.md §5): the name slugged; the catalogue
/// id, or `sub-N` (N counting subscriptions from 1 in data order), when the name has no ASCII
/// letter; then made unique with `-2`, `-3`… in data order.
public enum SubscriptionID {
    /// `catalogIDs[i]` is the catalogue entry subscription i matched (pinned or fuzzy), if any.
    public static func make(for subscriptions: [Subscription], catalogIDs: [String?]) -> [String] {
        var used: Set<String> = []
        return subscriptions.enumerated().map { index, subscription in
            var base = slug(subscription.name)
            if !base.unicodeScalars.contains(where: { ("a"..."z").contains($0) }) {
                let catalogID = index < catalogIDs.count ? catalogIDs[index] : nil
                base = catalogID ?? "sub-\(index + 1)"
            }
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
