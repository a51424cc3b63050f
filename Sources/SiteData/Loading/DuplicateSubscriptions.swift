import Domain

/// Two active subscriptions to one service: the same catalogue entry (pinned or matched) or the
/// same name once case, spaces and punctuation are ignored (`NameWords.key`). Both count in every
/// total, which is rarely meant (a `detect` suggestion pasted next to the entry it repeats), so
/// `check` and `build` warn at the later one and name the earlier one's place.
package enum DuplicateSubscriptions {
    /// - Parameters:
    ///   - loaded: as the build leaves it, with the theme's catalogue laid under the data's.
    ///   - catalogIDs: the catalogue entry each subscription pins or matched, in data order (the
    ///     subscription report's, so the names are matched once per build).
    package static func check(_ loaded: LoadedData, catalogIDs: [String?], log: DiagnosticLog) {
        let subscriptions = loaded.data.subscriptions
        guard loaded.subscriptionPlaces.count == subscriptions.count, catalogIDs.count == subscriptions.count
        else { return }
        var firstByService: [String: Int] = [:]
        var firstByName: [String: Int] = [:]
        for (index, subscription) in subscriptions.enumerated() where subscription.killed == nil {
            let place = loaded.subscriptionPlaces[index]
            let name = "'\(subscription.name)'"
            if let service = catalogIDs[index] {
                if let first = firstByService[service] {
                    let earlier = subscriptions[first]
                    log.add(
                        place.file.diagnostic(
                            .warning, at: place.location,
                            "\(name) and '\(earlier.name)' (\(loaded.subscriptionPlaces[first].text)) are both "
                                + "\(service) in the catalogue, and every total counts both; slay or remove one, "
                                + "or, if they are two different plans, add catalog = false to one of them"))
                    continue
                }
                firstByService[service] = index
            }
            let key = NameWords.key(subscription.name)
            guard !key.isEmpty else { continue }
            if let first = firstByName[key] {
                let earlier = subscriptions[first]
                log.add(
                    place.file.diagnostic(
                        .warning, at: place.location,
                        "\(name) has the same name as '\(earlier.name)' (\(loaded.subscriptionPlaces[first].text)), "
                            + "and every total counts both; slay or remove one, or rename a different plan"))
                continue
            }
            firstByName[key] = index
        }
    }
}
