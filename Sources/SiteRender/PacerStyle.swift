import Domain
import Foundation

/// The pacer of a pattern page as CSS, generated from the pattern's phase timeline: a shape that
/// grows while breathing in, stays while holding, shrinks while breathing out and stays small
/// while resting (for a pattern of four phases, a square with a dot going round its sides, one
/// side a phase); a label per phase, visible only during its phase; a countdown of the phase's
/// seconds; and "cycle n of N" for a session of N cycles, after which the pacer stops and says
/// so. No JavaScript: the countdown and the cycle number are strips of numbers in the markup
/// (`countdown(for:)`, 1…N) moved one line at a time by stepped keyframes.
///
/// The pacer waits for a tap (issue 25): nothing runs until the session is shown, and everything
/// starts after the `--motion-pacer-lead` lead-in (3, 2, 1). A session has one of several
/// `lengths` — the cycles a program prescribes, or 1, 3 or 5 minutes — chosen by radio buttons
/// `#pacer-length-<id>`. The page's CSS gives each length's cycles and session on the scope
/// (`--cycles-<id>`, `--session-<id>`) and animates its own `.pacer-for-<id>` elements (its cycle
/// counter, its closing line, its log form); the theme's style.css picks the chosen length's as
/// `--pacer-cycles` and `--pacer-session` and shows its elements, for each of `lengthIDs` (with
/// `:has()`, which the page's own `<style>` avoids: the Nu checker cannot read it).
///
/// Keyframe percentages are the phase boundaries of one cycle, exactly: start × 100 / cycle,
/// rounded half away from zero to `percentDigits` decimals with trailing zeros dropped (4-7-8:
/// 0%, 21.0526% = 4/19, 57.8947% = 11/19, 100%). `animation-duration` is the cycle length.
/// Zero-length phases get no keyframe and no label rule.
///
/// The markup it styles (`scope` is the root, `.pacer` by default):
///
///     <div class="pacer">
///       …the length radios #pacer-length-<id>, the start check box…
///       <div class="pacer-session">
///         <div class="pacer-run" aria-hidden="true">
///           <div class="pacer-stage">
///             <div class="pacer-shape"></div> <div class="pacer-dot"></div> (a square only)
///             <p class="pacer-count"><span class="pacer-strip">…one span per countdown entry…</span></p>
///           </div>
///           <p class="pacer-labels"><span class="pacer-label pacer-label-inhale">Breathe in</span> …</p>
///         </div>
///         <p class="pacer-cycle pacer-for pacer-for-<id>">Cycle <span class="pacer-window">
///           <span class="pacer-strip">…one span per cycle, 1…N…</span></span> of N</p>  (one per length)
///         <p class="pacer-done pacer-for pacer-for-<id>">Done…</p>                       (one per length)
///       </div>
///       <ol class="pacer-guide">…one item per phase, e.g. "Breathe in for 4 s"…</ol>
///     </div>
///
/// Under `prefers-reduced-motion: reduce` nothing moves and the pacer is hidden, leaving the
/// guide: a calm text-only description of the pattern.
public enum PacerStyle {
    public static let percentDigits = 4
    /// The shape's scale with empty lungs (start of inhale, rest); full lungs are scale(1).
    public static let emptyScale = "0.4"

    /// One number of the countdown: `value` seconds are left in the phase from `start` (seconds
    /// into the cycle) on.
    public struct Count: Equatable, Sendable {
        public var start: Decimal
        public var value: Int
    }

    /// The countdown of one cycle, phase by phase: ⌈length⌉ … 1 seconds left. A phase of 5.5 s
    /// shows 6 for its first half second, then 5, 4, 3, 2, 1.
    public static func countdown(for pattern: BreathingPattern) -> [Count] {
        var counts: [Count] = []
        var start: Decimal = 0
        for phase in pattern.phases {
            var whole = Decimal()
            var length = phase.seconds
            NSDecimalRound(&whole, &length, 0, .up)
            let top = NSDecimalNumber(decimal: whole).intValue
            for value in stride(from: top, through: 1, by: -1) {
                // `value` seconds are left once the phase has run `length − value` of them.
                let begins = start + max(phase.seconds - Decimal(value), 0)
                counts.append(Count(start: begins, value: value))
            }
            start += phase.seconds
        }
        return counts
    }

    /// The CSS for `pattern` with one length of `cycles` cycles, `session`.
    public static func css(for pattern: BreathingPattern, cycles: Int = 4, scope: String = ".pacer") -> String {
        css(for: pattern, lengths: [Length(id: "session", cycles: cycles)], scope: scope)
    }

    /// A pattern is drawn as a square, a dot going round it, when it has four phases: one a side.
    public static func isSquare(_ pattern: BreathingPattern) -> Bool {
        pattern.phases.count == 4
    }

    /// The CSS for `pattern` over sessions of any of `lengths`; deterministic, ending in a newline.
    public static func css(for pattern: BreathingPattern, lengths: [Length], scope: String = ".pacer") -> String {
        let cycle = pattern.cycleSeconds
        let phases = pattern.phases
        guard cycle > 0, !phases.isEmpty else { return "" }
        let name = "pacer-" + identifier(pattern.id)
        let duration = seconds(cycle) + "s"

        // Phase boundaries as percentages of one cycle: bounds[i] ..< bounds[i + 1] is phase i.
        var bounds = ["0%"]
        var elapsed: Decimal = 0
        for phase in phases {
            elapsed += phase.seconds
            bounds.append(percent(elapsed, of: cycle))
        }

        var css = "/* \(describe(pattern)) */\n"
        css += "@keyframes \(name)-shape {\n"
        var full = false
        css += "  0% { transform: scale(\(emptyScale)); }\n"
        for (index, phase) in phases.enumerated() {
            if phase.phase == .inhale { full = true }
            if phase.phase == .exhale { full = false }
            css += "  \(bounds[index + 1]) { transform: scale(\(full ? "1" : emptyScale)); }\n"
        }
        css += "}\n"
        for (index, phase) in phases.enumerated() {
            css += "@keyframes \(name)-\(phase.phase.rawValue) {\n"
            if index > 0 { css += "  0% { opacity: 0; }\n" }
            css += "  \(bounds[index]) { opacity: 1; }\n"
            if index < phases.count - 1 { css += "  \(bounds[index + 1]) { opacity: 0; }\n" }
            css += "  100% { opacity: \(index < phases.count - 1 ? 0 : 1); }\n"
            css += "}\n"
        }
        let counts = countdown(for: pattern)
        css += "@keyframes \(name)-count {\n"
        for (index, count) in counts.enumerated() {
            let shift = index == 0 ? "0" : "-\(index)em"
            css += "  \(percent(count.start, of: cycle)) { transform: translateY(\(shift)); }\n"
        }
        css += "  100% { transform: translateY(\(counts.count > 1 ? "-\(counts.count - 1)em" : "0")); }\n"
        css += "}\n"
        if isSquare(pattern) { css += dotKeyframes(name, bounds: bounds) }
        for cycles in Set(lengths.map(\.cycles)).sorted() {
            css += cycleKeyframes(name, cycles: cycles)
        }
        css += "@keyframes pacer-end {\n  0% { visibility: visible; }\n  100% { visibility: hidden; }\n}\n"
        css += "@keyframes pacer-done {\n  0% { visibility: hidden; }\n  100% { visibility: visible; }\n}\n"
        // One session is --pacer-cycles runs of the cycle, after the lead-in; then the shape rests
        // small, the labels and the countdown go, the cycle number stays at N and the closing
        // line appears.
        let lead = "var(--motion-pacer-lead)"
        let runs = "\(duration) step-end \(lead) var(--pacer-cycles)"
        css +=
            "\(scope) .pacer-shape { transform: scale(\(emptyScale)); animation: \(name)-shape \(duration) ease-in-out "
        css += "\(lead) var(--pacer-cycles); }\n"
        css += "\(scope) .pacer-label { opacity: 0; }\n"
        for phase in phases {
            let label = "\(name)-\(phase.phase.rawValue)"
            css += "\(scope) .pacer-label-\(phase.phase.rawValue) { animation: \(label) \(runs); }\n"
        }
        css += "\(scope) .pacer-count .pacer-strip { animation: \(name)-count \(runs); }\n"
        css +=
            "\(scope) .pacer-count { visibility: hidden; animation: pacer-end var(--pacer-session) step-end \(lead); }\n"
        if isSquare(pattern) {
            css += "\(scope) .pacer-dot { animation: \(name)-dot \(duration) linear \(lead) var(--pacer-cycles); }\n"
        }
        let each = lengths.map { length in
            let id = identifier(length.id)
            return "--cycles-\(id): \(length.cycles); --session-\(id): \(seconds(cycle * Decimal(length.cycles)))s;"
        }
        css += "\(scope) { \(each.joined(separator: " ")) }\n"
        for length in lengths {
            let session = seconds(cycle * Decimal(length.cycles)) + "s"
            let mine = "\(scope) .pacer-for-\(identifier(length.id))"
            css +=
                "\(mine) .pacer-strip { animation: \(name)-cycle-\(length.cycles) \(session) step-end \(lead) forwards; }\n"
            css += "\(mine).pacer-done { animation: pacer-done \(session) step-end \(lead) forwards; }\n"
        }
        css += "@media (prefers-reduced-motion: reduce) {\n"
        css += "  \(scope) .pacer-run *, \(scope) .pacer-count .pacer-strip, \(scope) .pacer-cycle .pacer-strip, "
        css += "\(scope) .pacer-for.pacer-done { animation: none; }\n"
        css += "  \(scope) .pacer-run, \(scope) .pacer-done { display: none; }\n"
        css += "}\n"
        return css
    }

    /// `x × 100 / total` as a keyframe selector: `21.0526%`, `50%`, `100%`.
    static func percent(_ x: Decimal, of total: Decimal) -> String {
        trimmed((x * 100 / total).fixed(percentDigits)) + "%"
    }

    /// `4-7-8: inhale 4 s, hold 7 s, exhale 8 s; cycle 19 s`.
    private static func describe(_ pattern: BreathingPattern) -> String {
        let phases = pattern.phases.map { "\($0.phase.rawValue) \(seconds($0.seconds)) s" }
        return "\(identifier(pattern.id)): \(phases.joined(separator: ", ")); cycle \(seconds(pattern.cycleSeconds)) s"
    }

    /// Seconds to the millisecond, CSS's resolution: `19`, `5.5`, `2.25`.
    static func seconds(_ value: Decimal) -> String {
        trimmed(value.fixed(3))
    }

    /// Ids are `[a-z0-9-]` already; anything else becomes `-`, so no text can leave the identifier.
    static func identifier(_ id: String) -> String {
        String(id.unicodeScalars.map { ("a"..."z").contains($0) || ("0"..."9").contains($0) ? Character($0) : "-" })
    }

    /// `21.0500` → `21.05`, `50.0000` → `50`.
    private static func trimmed(_ text: String) -> String {
        guard text.contains(".") else { return text }
        var result = Substring(text)
        while result.hasSuffix("0") { result = result.dropLast() }
        if result.hasSuffix(".") { result = result.dropLast() }
        return String(result)
    }
}
