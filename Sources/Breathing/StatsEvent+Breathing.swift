import Domain
import Foundation

extension StatsEvent {
    /// The breathing events of a data set for the badge replay: a `.session` per practice session
    /// and a `.programCompleted` per finished enrollment, on its `finishedOn` day.
    ///
    /// A session's `minutes` are its exact seconds / 60 (minutes sessions: the minutes logged).
    /// So that repeating fractions (a 20-second session is 1/3 minute) can never leave a running
    /// total a hair under a threshold, each event carries the growth of the running total of
    /// exact seconds / 60 truncated to 4 decimals: summed in time order, as the replay does, the
    /// minutes are exactly that truncated total, and reach 100 exactly when 6000 s are reached.
    ///
    /// - Parameter today: leave out sessions after this day, as `BreathingReport` does; nil keeps all.
    public static func breathing(from data: DataSet, through today: CalendarDate? = nil) -> [StatsEvent] {
        let log = PracticeLog(data: data, through: today)
        var events: [StatsEvent] = []
        events.reserveCapacity(log.entries.count)
        var total = RunningMinutes()
        for entry in log.entries {
            events.append(.session(at: entry.session.at, minutes: total.add(log.measures[entry.measure])))
        }
        for progress in ProgramProgress.all(data: data, today: today) {
            if let day = progress.finishedOn { events.append(.programCompleted(id: progress.program.id, on: day)) }
        }
        return events
    }
}

/// Running total of seconds, reported as minutes truncated to 4 decimals. Whole seconds — every
/// built-in pattern's cycle and every whole or half minute — are summed as integers, since decimal
/// division is slow and years of practice are tens of thousands of sessions; the first fractional
/// second switches to exact decimals.
private struct RunningMinutes {
    private var wholeSeconds = 0
    private var exactSeconds: Decimal?
    /// The truncated total reported so far, in ten-thousandths of a minute.
    private var reported: Decimal = 0
    private var reportedUnits = 0

    /// Adds a session; returns how much the truncated total grew.
    mutating func add(_ measure: PracticeLog.Measure) -> Decimal {
        if exactSeconds == nil, let whole = measure.wholeSeconds {
            let (sum, overflow) = wholeSeconds.addingReportingOverflow(whole)
            let (scaled, tooBig) = sum.multipliedReportingOverflow(by: 10_000)
            if !overflow && !tooBig {
                wholeSeconds = sum
                let units = scaled / 60
                let growth = Decimal(sign: .plus, exponent: -4, significand: Decimal(units - reportedUnits))
                reportedUnits = units
                reported = Decimal(sign: .plus, exponent: -4, significand: Decimal(units))
                return growth
            }
        }
        let seconds = (exactSeconds ?? Decimal(wholeSeconds)) + measure.seconds
        exactSeconds = seconds
        var minutes = seconds / 60
        var truncated = Decimal()
        NSDecimalRound(&truncated, &minutes, 4, .down)
        let growth = truncated - reported
        reported = truncated
        return growth
    }
}
