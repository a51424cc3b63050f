/// Offset date-times, local date-times, local dates and local times (RFC 3339 as
/// profiled by TOML 1.0: seconds are required, `T`, `t` or a space separates date and
/// time, fractional seconds are kept to nanoseconds and further digits truncated).
extension TOMLParser.Reader {
    /// Whether the cursor is at `DDDD-` (a date) or `DD:` (a time) rather than a number.
    func startsDateOrTime() -> Bool {
        guard ASCII.isDigit(byte(at: position)) && ASCII.isDigit(byte(at: position + 1)) else { return false }
        if byte(at: position + 2) == ASCII.colon { return true }
        return ASCII.isDigit(byte(at: position + 2)) && ASCII.isDigit(byte(at: position + 3))
            && byte(at: position + 4) == ASCII.minus
    }

    mutating func parseDateTime() throws(TOMLError) -> TOMLValue {
        let start = position
        var date: TOMLDate?
        if byte(at: start + 2) != ASCII.colon {
            let parsed = try parseDate()
            date = parsed
            let separator = current
            let timeFollows =
                separator == ASCII.upperT || separator == ASCII.lowerT
                || (separator == ASCII.space && ASCII.isDigit(byte(at: position + 1)))
            guard timeFollows else {
                return TOMLValue(kind: .dateTime(TOMLDateTime(date: parsed, time: nil)), location: location(of: start))
            }
            position += 1
        }
        let time = try parseTime()
        var offsetMinutes: Int?
        if date != nil {
            offsetMinutes = try parseOffset()
        }
        let dateTime = TOMLDateTime(date: date, time: time, offsetMinutes: offsetMinutes)
        return TOMLValue(kind: .dateTime(dateTime), location: location(of: start))
    }

    /// `YYYY-MM-DD`, checked against the calendar (including leap years).
    private mutating func parseDate() throws(TOMLError) -> TOMLDate {
        let year = try readDigits(4, naming: "a 4-digit year")
        try expect(ASCII.minus, in: "date")
        let monthOffset = position
        let month = try readDigits(2, naming: "a 2-digit month")
        try expect(ASCII.minus, in: "date")
        let dayOffset = position
        let day = try readDigits(2, naming: "a 2-digit day")
        guard (1...12).contains(month) else {
            throw failure("month must be between 01 and 12", at: monthOffset)
        }
        let days = TOMLDate.daysInMonth(year: year, month: month)
        guard (1...days).contains(day) else {
            throw failure(
                "day must be between 01 and \(days) for \(TOMLDate(year: year, month: month, day: 1).description.prefix(7))",
                at: dayOffset)
        }
        return TOMLDate(year: year, month: month, day: day)
    }

    /// `HH:MM:SS` with an optional fraction.
    private mutating func parseTime() throws(TOMLError) -> TOMLTime {
        let hourOffset = position
        let hour = try readDigits(2, naming: "a 2-digit hour")
        try expect(ASCII.colon, in: "time")
        let minuteOffset = position
        let minute = try readDigits(2, naming: "a 2-digit minute")
        guard current == ASCII.colon else {
            throw failure(
                "expected ':' and seconds in time (seconds are required), found \(foundDescription(at: position))",
                at: position)
        }
        position += 1
        let secondOffset = position
        let second = try readDigits(2, naming: "2-digit seconds")
        guard hour <= 23 else { throw failure("hour must be between 00 and 23", at: hourOffset) }
        guard minute <= 59 else { throw failure("minute must be between 00 and 59", at: minuteOffset) }
        guard second <= 60 else { throw failure("seconds must be between 00 and 60", at: secondOffset) }

        var nanosecond = 0
        if current == ASCII.period {
            position += 1
            guard ASCII.isDigit(current) else {
                throw failure(
                    "expected a digit after the decimal point in time, found \(foundDescription(at: position))",
                    at: position)
            }
            var digits = 0
            while ASCII.isDigit(current) {
                if digits < 9 {
                    nanosecond = nanosecond * 10 + Int(current - ASCII.zero)
                    digits += 1
                }
                position += 1
            }
            while digits < 9 {
                nanosecond *= 10
                digits += 1
            }
        }
        return TOMLTime(hour: hour, minute: minute, second: second, nanosecond: nanosecond)
    }

    /// `Z`, `z`, `+HH:MM` or `-HH:MM` after a date-time; nil when absent (local).
    private mutating func parseOffset() throws(TOMLError) -> Int? {
        switch current {
        case ASCII.upperZ, ASCII.lowerZ:
            position += 1
            return 0
        case ASCII.plus, ASCII.minus:
            let negative = current == ASCII.minus
            position += 1
            let hourOffset = position
            let hours = try readDigits(2, naming: "a 2-digit offset hour")
            try expect(ASCII.colon, in: "time offset")
            let minuteOffset = position
            let minutes = try readDigits(2, naming: "2-digit offset minutes")
            guard hours <= 23 else { throw failure("offset hour must be between 00 and 23", at: hourOffset) }
            guard minutes <= 59 else { throw failure("offset minutes must be between 00 and 59", at: minuteOffset) }
            let total = hours * 60 + minutes
            return negative ? -total : total
        default:
            return nil
        }
    }

    private mutating func readDigits(_ count: Int, naming what: String) throws(TOMLError) -> Int {
        var value = 0
        for _ in 0..<count {
            guard ASCII.isDigit(current) else {
                throw failure("expected \(what), found \(foundDescription(at: position))", at: position)
            }
            value = value * 10 + Int(current - ASCII.zero)
            position += 1
        }
        return value
    }

    private mutating func expect(_ separator: UInt8, in what: String) throws(TOMLError) {
        guard current == separator else {
            throw failure(
                "expected '\(Character(Unicode.Scalar(separator)))' in \(what), found \(foundDescription(at: position))",
                at: position)
        }
        position += 1
    }
}
