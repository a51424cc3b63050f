import Domain
import SiteData

/// The forms of the sample site as serve shows them, for the tests that render it served: the
/// whole-site checks (`TestSites`) and the split rendering's.
package enum SampleForms {
    /// The forms of a served site, the deposit on the headphones' page sent back refused.
    package static let served = ServeForms(
        token: String(repeating: "0", count: 32),
        pending: PendingForm(
            kind: .deposit, target: "sony-headphones", values: ["amount": "12,5", "note": "<b>tip</b>", "at": ""],
            message: "invalid amount '12,5': use a point for the decimals: 12.5"))

    /// The same, every page also saying what a write did (a deposit, with a warning, a badge and
    /// Undo), and the Edit of an entry open where the page lists it: a form sent back whose
    /// target is that entry's fingerprint opens it on every page that shows the entry.
    package static let withNotice: ServeForms = {
        var forms = served
        // A slay sent back on a subscription's row: its Slay and Change price forms are open.
        forms.pending = PendingForm(
            kind: .slay, target: "netflix", values: ["on": "2028-01-01"],
            message: "2028-01-01 is more than a year ahead; a cancellation takes effect within a year")
        forms.notice = ServeNotice(
            kind: .deposit, values: ["goal": "sony-headphones", "amount": "50"], undoID: 7,
            warnings: ["2026-12-24 is after today (2026-11-29): it is written, and counts from that day."],
            unlocked: ["first_coin"])
        forms.editing = editedDeposit
        return forms
    }()

    /// The fingerprint of the sample headphones goal's second deposit (a plain date, a note with an
    /// ampersand), opened for editing.
    package static let editedDeposit = EntryFingerprint.of(
        Deposit(at: EventTime(date: CalendarDate(iso: "2026-08-15")!), amount: 120, note: "闲鱼卖掉旧耳机 & 充电盒"))
}
