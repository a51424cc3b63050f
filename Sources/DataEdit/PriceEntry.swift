import Domain
import Foundation
import SiteData
import TOML

/// `sandjar price NAME AMOUNT --from DATE` and serve's Change price (DESIGN.md §6): a price change
/// is a new `prices` entry from that date, never an overwrite of the past. The first change also
/// records the old price from `started`, so the charges already paid keep their price; `price`,
/// when the file has it, is set to the new price, as the loader wants it to agree.
public struct PriceEntry: Sendable, Equatable {
    /// Its name, id or catalogue id as for `slay`; from a page, its id only.
    public var name: String
    public var price: AmountLiteral
    /// Nil: today in the site's time zone.
    public var from: CalendarDate?

    public init(name: String, price: String, from: String? = nil, wording: Wording = .commandLine) throws(EditError) {
        guard !name.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw EditError("the subscription name is empty; give its name as in subscriptions/*.toml")
        }
        self.name = name
        do {
            self.price = try AmountLiteral(price)
        } catch {
            throw EditError(wording == .form ? "the price: \(error.message)" : error.message)
        }
        if let from {
            let option = wording.name("from")
            let typed: TOMLDateTime
            do {
                typed = try EventTimeLiteral.parse(from, option: option, dateOnly: true)
            } catch {
                throw EditError(error.message)
            }
            guard typed.time == nil, let date = typed.date.flatMap({ CalendarDate($0) }) else {
                throw EditError("\(option) '\(from)': give a date such as 2026-12-01")
            }
            self.from = date
        }
    }

    /// What was changed.
    public struct Changed: Sendable, Equatable {
        public var name: String
        public var id: String
        public var from: CalendarDate
        /// The price before the change, as written.
        public var old: String?
        public var path: String
        public var journalID: Int
    }

    /// - Parameters:
    ///   - now: the clock, for a change without a date.
    ///   - byID: NAME is the subscription's id in data.json and nothing else (a form).
    public func apply(
        data: String, now: Date, theme: String? = nil, journal: UndoJournal? = nil, byID: Bool = false
    ) throws(EditError) -> Changed {
        try apply(in: DataFileEditor(data: data, journal: journal), now: now, theme: theme, byID: byID)
    }

    /// The same, in the data folder and journal `editor` edits (on disk or in memory).
    package func apply(in editor: DataFileEditor, now: Date, theme: String? = nil, byID: Bool = false)
        throws(EditError) -> Changed
    {
        try editor.locked { () throws(EditError) -> Changed in
            let entries = SubscriptionEntries(
                folder: editor.folder, catalog: SubscriptionEntries.catalog(of: editor, theme: theme),
                memo: editor.memo)
            let entry = try byID ? entries.find(id: name, active: true) : entries.find(name)
            let date: CalendarDate
            if let from {
                date = from
            } else {
                let zone = try SiteTimeZone.read(editor.folder, memo: editor.memo)
                guard let today = EventTimeLiteral.now(now, in: zone).date.flatMap({ CalendarDate($0) }) else {
                    throw EditError("today's date is unknown; give --from")
                }
                date = today
            }
            let (_, values, _) = try editor.locate(entry.index, of: "subscription", in: entry.file)
            let step = TOMLField.PriceStep(from: Self.dateTime(date), price: price)
            let old = values["price"]
            let action = JournalAction(
                .price, "changed the price of \(entry.name) to \(price.text) from \(date)",
                values: ["id": entry.id, "name": entry.name, "amount": price.text, "date": "\(date)"])
            let alsoSet = old == nil ? [] : [TOMLField.amount("price", price)]
            let written: DataFileEditor.Written
            if let history = values["prices"]?.arrayValue {
                let steps = history.compactMap(\.tableValue)
                if let last = steps.last, let lastFrom = last["from"]?.dateTimeValue?.date.flatMap({ CalendarDate($0) })
                {
                    guard lastFrom < date else {
                        throw EditError(
                            "\(entry.name) already has a price from \(lastFrom) (\(entry.place)); a change is dated "
                                + "after the last one. Nothing was changed")
                    }
                    if last["price"]?.exactDecimal == price.value {
                        throw EditError("\(entry.name) costs \(price.text) already; nothing was changed")
                    }
                }
                written = try editor.append(
                    element: step.literal, matching: step.matches, toArray: "prices", ofEntry: entry.index,
                    of: "subscription", in: entry.file, at: entry.relative, alsoSet: alsoSet, action: action)
            } else {
                guard let old, let oldPrice = old.exactDecimal else {
                    throw EditError(
                        "\(entry.name) (\(entry.place)) has no price of its own: its catalogue entry's is used. "
                            + "Write its price now as price = … in its file, and the change from then on; nothing was changed"
                    )
                }
                guard oldPrice != price.value else {
                    throw EditError("\(entry.name) costs \(price.text) already; nothing was changed")
                }
                guard let started = entry.started else {
                    throw EditError(
                        "\(entry.name) (\(entry.place)) has no 'started' date, from which its old price is kept; "
                            + "add started = YYYY-MM-DD first. Nothing was changed")
                }
                guard started < date else {
                    throw EditError(
                        "\(date) is not after \(entry.name) started (\(started)); a change is dated after it began. "
                            + "Nothing was changed")
                }
                guard let oldLiteral = try? AmountLiteral(Self.literal(of: old)) else {
                    throw EditError("the price of \(entry.name) (\(entry.place)) cannot be read; nothing was changed")
                }
                let history = TOMLField.prices(
                    "prices", [.init(from: Self.dateTime(started), price: oldLiteral), step])
                written = try editor.change(
                    entry: entry.index, of: "subscription", set: [.amount("price", price), history], after: "price",
                    in: entry.file, at: entry.relative, action: action)
            }
            return Changed(
                name: entry.name, id: entry.id, from: date, old: old.map(Self.literal), path: written.path,
                journalID: written.journalID)
        }
    }

    private static func dateTime(_ day: CalendarDate) -> TOMLDateTime {
        TOMLDateTime(date: TOMLDate(year: day.year, month: day.month, day: day.day), time: nil)
    }

    /// An amount's literal as written: `9.99`, `15`.
    private static func literal(of value: TOMLValue) -> String {
        switch value.kind {
        case .integer(let n): return String(n)
        case .float(_, let literal): return literal
        default: return ""
        }
    }
}
