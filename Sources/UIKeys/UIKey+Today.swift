/// The keys of `sandjar today`'s digest and of widget.json's items: what needs the person today
/// and this week, said the way a mail or a push notification reads it.
extension UIKey {
    /// `[today]`.
    package enum Today: String, KeySection {
        case nothing, notice, badge, yesterday, line
        static let section = "today"
    }

    package static func today(_ key: Today) -> UIKey { UIKey(key) }
}

extension CountedKey {
    /// `[today]`, counted.
    package enum Today: String, KeySection {
        case title, streak
        static let section = "today"
    }

    package static func today(_ key: Today) -> CountedKey { CountedKey(key) }
}
