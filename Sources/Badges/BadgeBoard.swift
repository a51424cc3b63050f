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
    public static func evaluate(
        _ data: DataSet, today: CalendarDate, definitions: [BadgeDefinition] = BadgeDefinition.all
    ) -> [BadgeStatus] {
        let replay = BadgeReplay.run(
            events(from: data, through: today), definitions: definitions, goals: data.goals.map(GoalFacts.init))
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
