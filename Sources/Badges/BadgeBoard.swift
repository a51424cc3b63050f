import Breathing
import Domain
import Foundation
import Subscriptions

/// One badge as the wall shows it.
public struct BadgeStatus: Sendable {
    public var definition: BadgeDefinition
    /// The day the replay first met the condition; nil while locked.
    public var unlockedOn: CalendarDate?
    public var progress: BadgeDefinition.Progress
}

/// Every badge, judged by replaying the data's events in time order.
public enum BadgeBoard {
    /// - Parameter memo: the last evaluation of a served site: when today's events begin with the
    ///   ones it replayed (a deposit made now comes after all of them), the replay goes on from
    ///   where it stopped instead of starting again.
    public static func evaluate(
        _ data: DataSet, today: CalendarDate, definitions: [BadgeDefinition] = BadgeDefinition.all,
        memo: BadgeMemo? = nil
    ) -> [BadgeStatus] {
        let ordered = BadgeReplay.ordered(events(from: data, through: today))
        let goals = data.goals.map(GoalFacts.init)
        let ids = definitions.map(\.id)
        var (replay, replayed) =
            memo?.kept(goals: goals, definitions: ids, events: ordered)
            ?? (BadgeReplay(definitions: definitions, goals: goals), 0)
        for event in ordered[replayed...] { replay.record(event) }
        memo?.keep(replay, goals: goals, definitions: ids, events: ordered)
        return definitions.map { definition in
            BadgeStatus(
                definition: definition, unlockedOn: replay.unlockedOn[definition.id],
                progress: definition.progress(replay.summary))
        }
    }

    /// The events the data holds up to `today`, with amounts converted into the base currency.
    public static func events(from data: DataSet, through today: CalendarDate) -> [StatsEvent] {
        let data = data.asOf(today)
        var events: [StatsEvent] = []
        for goal in data.goals {
            let rate = data.rates.rate(for: goal.currency) ?? 0
            for deposit in goal.deposits {
                events.append(
                    .deposit(
                        goalID: goal.id, at: deposit.at, amount: deposit.amount, amountInBase: deposit.amount * rate))
            }
        }
        return events + StatsEvent.subscriptionKills(from: data, through: today)
            + StatsEvent.breathing(from: data, through: today)
    }
}

/// What a served site's last badge evaluation replayed, and where the replay stood after it.
public final class BadgeMemo: @unchecked Sendable {
    private let lock = NSLock()
    private var last: (goals: [GoalFacts], definitions: [String], events: [StatsEvent], replay: BadgeReplay)?

    public init() {}

    /// The kept replay and how many of `events` it took in, when the goals and definitions are
    /// the same and `events` begins with the ones it replayed.
    func kept(
        goals: [GoalFacts], definitions: [String], events: [StatsEvent]
    ) -> (replay: BadgeReplay, replayed: Int)? {
        guard let last = lock.withLock({ last }), last.goals == goals, last.definitions == definitions,
            events.count >= last.events.count, events.starts(with: last.events)
        else { return nil }
        return (last.replay, last.events.count)
    }

    func keep(_ replay: BadgeReplay, goals: [GoalFacts], definitions: [String], events: [StatsEvent]) {
        lock.withLock { last = (goals, definitions, events, replay) }
    }
}
