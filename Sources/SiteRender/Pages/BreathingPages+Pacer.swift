import Basics
import Breathing
import Domain
import Foundation
import Mustache
import SiteData
import UIKeys

/// `breathing/<pattern>/`: the pacer (issue 25). It waits for a tap: a choice of length — the
/// cycles a program prescribes (or `defaultCycles`), or 1, 3 or 5 minutes — and a Start check box;
/// started, a calm full-screen view without the header counts 3, 2, 1 and then breathes, a square
/// with a dot going round for a pattern of four phases, a circle otherwise. All in CSS generated
/// from the phase timeline (`PacerStyle`); under reduced motion only the text guide, and serve's
/// form, at once.
extension BreathingPages {
    /// The minutes a session may last besides the prescribed cycles.
    static let minuteLengths = [1, 3, 5]

    /// Four breaths: the usual first session of 4-7-8, and short enough for any pattern.
    static let defaultCycles = 4

    /// One length a session can have, as its choice shows it.
    struct PacerLength {
        var length: PacerStyle.Length
        var label: String
        var detail: String
        var prescribed: Bool
    }

    func queuePacer(_ pattern: BreathingPattern, into site: inout PageQueue, for renderer: SiteRenderer) {
        // The four paced phases (their CSS hides those a pattern skips), and the sigh's top-up and a
        // retention round's hold and recovery where the pattern has them.
        let shown = BreathPhase.allCases.filter { phase in
            switch phase {
            case .inhale, .hold, .exhale, .rest: return true
            case .topUp: return pattern.topUp > 0
            case .retention, .recovery: return pattern.isRetention
            }
        }
        let labels = shown.map { phase -> MustacheValue in
            .object([
                "phase": .string(phase.rawValue),
                "label": .string(renderer.string(.phase(phase))),
            ])
        }
        var steps = pattern.phases
        if pattern.isRetention {
            steps += [PhaseLength(phase: .retention, seconds: 0)]
            if pattern.recovery > 0 { steps.append(PhaseLength(phase: .recovery, seconds: pattern.recovery)) }
        }
        let guide = steps.map { length -> MustacheValue in
            let seconds = NSDecimalNumber(decimal: length.seconds).stringValue
            let key = CountedKey.guide(length.phase).form(for: seconds == "1" ? 1 : 0)
            return .string(renderer.string(key, ["seconds": seconds]))
        }
        let lengths = pattern.isRetention ? retentionLengths(pattern, renderer) : pacerLengths(pattern, renderer)
        let sessions = renderer.figures.breathing.patterns.first { $0.pattern.id == pattern.id }?.totals.sessions ?? 0
        let sentBack = renderer.forms?.pending.map { $0.kind == .session && $0.target == pattern.id } ?? false
        let moodBefore = sentBack ? renderer.forms?.pending?.values["mood_before"] ?? "" : ""
        let choices = lengths.map(\.length)
        renderer.page(
            "breathing/\(pattern.id)/index.html", template: "pages/pacer", title: name(of: pattern, renderer),
            section: "breathing",
            [
                "name": .string(name(of: pattern, renderer)),
                "cycle_length": .string(
                    pattern.isRetention
                        ? roundsText(pattern, renderer)
                        : renderer.string(
                            .breathing(.cycleLength),
                            ["seconds": NSDecimalNumber(decimal: pattern.cycleSeconds).stringValue])),
                "pacer_css": .string(
                    pattern.isRetention
                        ? PacerStyle.retentionCSS(for: pattern) : PacerStyle.css(for: pattern, lengths: choices)),
                "log_css": renderer.forms == nil
                    ? .null
                    : .string(
                        pattern.isRetention
                            ? PacerStyle.retentionLogFormCSS() : PacerStyle.logFormCSS(for: pattern, lengths: choices)),
                "retention": pattern.isRetention ? retentionFields(pattern, renderer) : .null,
                "phases_data": .string(
                    pattern.phases.map { "\($0.phase.rawValue):\(NSDecimalNumber(decimal: $0.seconds).stringValue)" }
                        .joined(separator: " ")),
                "kind": .string(pattern.kind.rawValue),
                "square": .bool(PacerStyle.isSquare(pattern)),
                "labels": .list(labels),
                "countdown": .list(PacerStyle.countdown(for: pattern).map { .int($0.value) }),
                "lengths": .list(lengths.map { lengthValue($0, pattern, renderer) }),
                "guide": .list(guide),
                "phases_text": .string(renderer.string(.breathing(.phasesOf), ["phases": phaseText(pattern)])),
                "sessions": .int(sessions),
                "sessions_label": .string(renderer.unit(.breathing(.sessions), for: sessions)),
                "sent_back": .bool(sentBack),
                "cycle_seconds": .string(NSDecimalNumber(decimal: pattern.cycleSeconds).stringValue),
                // serve asks the mood before the session, at the top (issue 34), as chips.
                "moods_before": renderer.forms == nil ? .null : .list(moodChips(renderer, chosen: moodBefore)),
            ], into: &site)
    }

    /// The prescribed cycles first, then each of `minuteLengths` in whole cycles (the nearest
    /// count, at least one), leaving out a length that would run as many cycles as one before it.
    func pacerLengths(_ pattern: BreathingPattern, _ renderer: SiteRenderer) -> [PacerLength] {
        let cycles = sessionCycles(pattern, renderer)
        var lengths = [
            PacerLength(
                length: .init(id: PacerStyle.lengthIDs[0], cycles: cycles),
                label: renderer.counted(.breathing(.lengthCycles), cycles),
                detail: clock(pattern.cycleSeconds * Decimal(cycles)), prescribed: true)
        ]
        for minutes in Self.minuteLengths {
            var whole = Decimal()
            var exact = Decimal(minutes * 60) / max(pattern.cycleSeconds, 1)
            NSDecimalRound(&whole, &exact, 0, .plain)
            let count = max(NSDecimalNumber(decimal: whole).intValue, 1)
            guard !lengths.contains(where: { $0.length.cycles == count }) else { continue }
            lengths.append(
                PacerLength(
                    length: .init(id: "\(minutes)min", cycles: count),
                    label: renderer.string(.breathing(.lengthMinutes), ["count": String(minutes)]),
                    detail: renderer.counted(.breathing(.lengthCycles), count), prescribed: false))
        }
        return lengths
    }

    /// `1:04`: a session's length in minutes and seconds.
    private func clock(_ seconds: Decimal) -> String {
        let total = NSDecimalNumber(decimal: seconds.rounded(scale: 0)).intValue
        return "\(total / 60):" + (total % 60).zeroPadded(2)
    }

    /// One choice of length, with its cycle counter, closing line and (served) log form.
    private func lengthValue(_ choice: PacerLength, _ pattern: BreathingPattern, _ renderer: SiteRenderer)
        -> MustacheValue
    {
        let cycles = choice.length.cycles
        let streak = renderer.figures.breathing.streak
        let minutes = pattern.cycleSeconds * Decimal(cycles) / 60
        // "Cycle {current} of {total}": the strip of numbers 1…N stands where {current} is.
        let cycleParts = renderer.string(.breathing(.cycleOf), ["total": String(cycles)])
            .components(separatedBy: "{current}")
        return .object([
            "id": .string(PacerStyle.identifier(choice.length.id)),
            "label": .string(choice.label), "detail": .string(choice.detail),
            "prescribed": .bool(choice.prescribed),
            "cycle_before": .string(cycleParts[0]),
            "cycle_after": .string(cycleParts.dropFirst().joined(separator: "")),
            "cycle_numbers": .list((1...cycles).map { .int($0) }),
            "done": .string(renderer.string(.breathing(.done), ["cycles": String(cycles)])),
            "cycles": .int(cycles),
            // The end's summary (issue 43 item 5, issue 44): the cycles, the minutes and the streak
            // this session makes, as of the build's day.
            "summary": .string(
                renderer.string(
                    .breathing(.summary),
                    [
                        "cycles": String(cycles), "minutes": renderer.minutes(minutes),
                        "streak": String(streak.current + (streak.practisedToday ? 0 : 1)),
                    ])),
            "session_form": sessionForm(pattern, cycles: cycles, choice: choice.length, renderer),
            "has_form": .bool(renderer.forms != nil),
            "log_href": .string(
                "#form-session-\(pattern.id)"
                    + (choice.length.id == PacerStyle.lengthIDs[0] ? "" : "-\(choice.length.id)")),
        ])
    }

    /// serve's "log this session" form of one length: the cycles that length ran, and the program
    /// whose next day prescribes this pattern, filled in; the moods left to the person. The
    /// prescribed length's form keeps the id `form-session-<pattern>`.
    private func sessionForm(
        _ pattern: BreathingPattern, cycles: Int, choice: PacerStyle.Length, _ renderer: SiteRenderer
    ) -> MustacheValue {
        let prescribing = renderer.figures.breathing.programs.first { $0.nextDay?.pattern == pattern.id }
        let moods: [SiteRenderer.Choice] =
            [("", renderer.string(.form(.moodNone)))] + UIKey.moods.map { (String($0), renderer.string(.mood($0))) }
        let programLine = prescribing.map { progress in
            renderer.string(
                .form(.program),
                ["program": "\(name(of: progress.program, renderer)) · \(progress.currentDay)/\(progress.totalDays)"])
        }
        var extra: [String: MustacheValue] = [
            "program_line": programLine.map { .string($0) } ?? .null, "moods": .list(moodChips(renderer)),
            "retention": .bool(pattern.isRetention),
        ]
        if choice.id != PacerStyle.lengthIDs[0] { extra["id"] = .string("form-session-\(pattern.id)-\(choice.id)") }
        let form = renderer.form(
            .session, target: pattern.id,
            defaults: [
                "cycles": String(cycles), "holds": "", "program": prescribing?.program.id ?? "", "mood_before": "",
                "mood_after": "",
                "at": "",
            ],
            choices: ["mood_before": moods, "mood_after": moods], extra: extra)
        // A form sent back (a refused number of cycles) keeps the mood that was tapped.
        guard case .object(var fields) = form, case .object(let values)? = fields["value"],
            case .string(let chosen)? = values["mood_after"], !chosen.isEmpty
        else { return form }
        fields["moods"] = .list(moodChips(renderer, chosen: chosen))
        return .object(fields)
    }

    /// The five moods as chips: their value and words, and whether it is the one `chosen`.
    func moodChips(_ renderer: SiteRenderer, chosen: String = "") -> [MustacheValue] {
        UIKey.moods.map { mood in
            .object([
                "value": .int(mood), "label": .string(renderer.string(.mood(mood))),
                "checked": .bool(String(mood) == chosen),
            ])
        }
    }

    /// How many cycles the pacer runs: what an enrolled program prescribes for its next day when
    /// that day uses this pattern, otherwise `defaultCycles`.
    func sessionCycles(_ pattern: BreathingPattern, _ renderer: SiteRenderer) -> Int {
        let prescribed = renderer.figures.breathing.programs.compactMap(\.nextDay).first { $0.pattern == pattern.id }
        return max(prescribed?.cycles ?? Self.defaultCycles, 1)
    }
}

/// The pacer of a retention pattern (issue 44): one length, its rounds; the page's script runs the
/// rounds — the paced breaths counted, the hold the person ends with a tap and times, the recovery
/// breath — and fills the summary and the log form with the holds it measured.
extension BreathingPages {
    func retentionLengths(_ pattern: BreathingPattern, _ renderer: SiteRenderer) -> [PacerLength] {
        [
            PacerLength(
                length: .init(id: PacerStyle.lengthIDs[0], cycles: pattern.rounds),
                label: roundsText(pattern, renderer), detail: "", prescribed: true)
        ]
    }

    /// What the script reads: the rounds, breaths and seconds, and the words it fills in.
    func retentionFields(_ pattern: BreathingPattern, _ renderer: SiteRenderer) -> MustacheValue {
        func text(_ value: Decimal) -> String { NSDecimalNumber(decimal: value).stringValue }
        let streak = renderer.figures.breathing.streak
        return .object([
            "breaths": .int(pattern.breaths), "rounds": .int(pattern.rounds), "inhale": .string(text(pattern.inhale)),
            "exhale": .string(text(pattern.exhale)), "recovery": .string(text(pattern.recovery)),
            // Filled by the script: `%1`, `%2`, `%3` stand for the figures it measures.
            "round_of": .string(renderer.string(.breathing(.roundOf), ["current": "%1", "total": "%2"])),
            "breath_of": .string(renderer.string(.breathing(.breathOf), ["current": "%1", "total": "%2"])),
            "summary": .string(
                renderer.string(.breathing(.summaryRounds), ["rounds": "%1", "minutes": "%2", "streak": "%3"])),
            "holds_list": .string(renderer.string(.breathing(.holdsList), ["holds": "%1"])),
            "streak": .int(streak.current + (streak.practisedToday ? 0 : 1)),
        ])
    }
}
