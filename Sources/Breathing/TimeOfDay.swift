import Domain

/// When in the day people practise, by the wall-clock hour the session was written with. The
/// night bucket is the one the night-owl badge uses.
public enum TimeOfDay: String, Sendable, CaseIterable {
    /// 05:00–11:59
    case morning
    /// 12:00–16:59
    case afternoon
    /// 17:00–21:59
    case evening
    /// 22:00–04:59
    case night

    public init(hour: Int) {
        switch hour {
        case 5..<12: self = .morning
        case 12..<17: self = .afternoon
        case 17..<22: self = .evening
        default: self = .night
        }
    }
}
