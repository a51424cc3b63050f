import Basics
import Domain

/// The jar as it stood at the end of one month: a picture in the goal's timelapse.
public struct MonthPile: Equatable, Sendable {
    public var year: Int
    public var month: Int
    public var coins: [SettledCoin]
    /// Value in the jar, in plain coins.
    public var units: Int
    /// The sand on the pile (`JarSand`), as grains of tier `JarSand.tier`.
    public var grains: [SettledCoin] = []
    /// The goal had reached its target by then: the jar wears its lid.
    public var reached: Bool

    /// `CalendarDate.monthIndex` of this month.
    public var index: Int { CalendarDate.monthIndex(year: year, month: month) }

    /// `m2026-09`: the picture's view in timelapse.svg.
    public var viewID: String { "m\(year.zeroPadded(4))-\(month.zeroPadded(2))" }
}
