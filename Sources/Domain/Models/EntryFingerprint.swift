import Basics
import Foundation

/// A short fingerprint of one deposit or session as the data holds it. A page names an entry it
/// lets a person edit or remove by its time and this fingerprint, so an entry that changed since
/// the page was made (edited by hand, or by another tab) is never overwritten unseen
/// (DESIGN.md §6: "a fingerprint that no longer matches … is a 409").
public enum EntryFingerprint {
    public static func of(_ deposit: Deposit) -> String {
        hash(["deposit", deposit.at.description, deposit.amount.description, deposit.note ?? ""])
    }

    public static func of(_ session: PracticeSession) -> String {
        let length: String
        switch session.length {
        case .cycles(let n): length = "cycles \(n)"
        case .minutes(let m): length = "minutes \(m.description)"
        case .holds(let h): length = "holds \(h.map(String.init).joined(separator: ","))"
        }
        let moods = [session.moodBefore, session.moodAfter].map { $0.map(String.init) ?? "" }
        return hash(["session", session.at.description, session.pattern, length, session.program ?? ""] + moods)
    }

    /// 16 hex digits of FNV-1a over the parts, each ended by a unit separator.
    private static func hash(_ parts: [String]) -> String {
        FNV1a.hash(parts.map { $0 + "\u{1F}" }.joined()).zeroPadded(16, radix: 16)
    }
}

extension EventTime {
    /// How many seconds lie between two timed events: by the instant when both name their UTC
    /// offset, else by the wall clock; nil when either is a plain date.
    public func seconds(from other: EventTime) -> Int? {
        guard let mine = secondOfDay, let theirs = other.secondOfDay else { return nil }
        let days = other.date.days(to: date)
        var seconds = days * 86_400 + mine - theirs
        if let a = offsetMinutes, let b = other.offsetMinutes { seconds -= (a - b) * 60 }
        return seconds
    }
}
