import Basics
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
        memo: Memo? = nil
    ) -> [BadgeStatus] {
        let ordered = BadgeReplay.ordered(events(from: data, through: today))
        let now = Replayed(goals: data.goals.map(GoalFacts.init), definitions: definitions.map(\.id), events: ordered)
        var replay = BadgeReplay(definitions: definitions, goals: now.goals)
        var replayed = 0
        if let last = memo?.last, last.key.goesOn(to: now) { (replay, replayed) = (last.value, last.key.events.count) }
        for event in ordered[replayed...] { replay.record(event) }
        memo?.keep(replay, for: now)
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

extension BadgeBoard {
    /// A served site's last replay, under what it replayed (`ServeMemo.badges`).
    public typealias Memo = MemoCell<Replayed, BadgeReplay>

    /// What a replay took in: the goals, the definitions and the events, in order.
    public struct Replayed: Equatable, Sendable {
        var goals: [GoalFacts]
        var definitions: [String]
        var events: [StatsEvent]

        /// Whether a replay of these can go on to `now`: the same goals and definitions, and
        /// `now`'s events begin with these (a deposit made today comes after all of them).
        func goesOn(to now: Replayed) -> Bool {
            goals == now.goals && definitions == now.definitions && now.events.count >= events.count
                && now.events.starts(with: events)
        }
    }
}
