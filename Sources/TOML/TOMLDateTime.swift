import Basics

/// Any of TOML's four date-time forms, told apart by which parts are present.
///
/// | form                 | `date` | `time` | `offsetMinutes` |
/// |----------------------|--------|--------|-----------------|
/// | offset date-time     | set    | set    | set             |
/// | local date-time      | set    | set    | nil             |
/// | local date           | set    | nil    | nil             |
/// | local time           | nil    | set    | nil             |
///
/// One type rather than four keeps `TOMLValue.Kind` small while still letting a caller
/// insist on, say, a plain date by checking `time == nil`.
public struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    /// nil for a local time.
    public var date: TOMLDate?
    /// nil for a local date.
    public var time: TOMLTime?
    /// Minutes east of UTC; nil means local (no offset), 0 is `Z`.
    public var offsetMinutes: Int?

    public init(date: TOMLDate?, time: TOMLTime?, offsetMinutes: Int? = nil) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// The toml-test type name of this form: `datetime`, `datetime-local`, `date-local`
    /// or `time-local`.
    public var formName: String {
        switch (date != nil, time != nil, offsetMinutes != nil) {
        case (true, true, true): return "datetime"
        case (true, true, false): return "datetime-local"
        case (true, false, _): return "date-local"
        default: return "time-local"
        }
    }

    /// RFC 3339 text: `1979-05-27T07:32:00Z`, `1979-05-27T07:32:00`, `1979-05-27`, `07:32:00`.
    public var description: String {
        var text = ""
        if let date { text += date.description }
        if let time {
            if date != nil { text += "T" }
            text += time.description
        }
        if let offsetMinutes {
            if offsetMinutes == 0 {
                text += "Z"
            } else {
                let magnitude = offsetMinutes.magnitude
                text += offsetMinutes < 0 ? "-" : "+"
                text += "\((magnitude / 60).zeroPadded(2)):\((magnitude % 60).zeroPadded(2))"
            }
        }
        return text
    }
}
