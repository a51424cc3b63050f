import Domain
import Foundation

/// The pacer of a pattern page as CSS, generated from the pattern's phase timeline: a shape that
/// grows while breathing in, stays while holding, shrinks while breathing out and stays small
/// while resting, and a label per phase that is visible only during its phase. No JavaScript.
///
/// Keyframe percentages are the phase boundaries of one cycle, exactly: start × 100 / cycle,
/// rounded half away from zero to `percentDigits` decimals with trailing zeros dropped (4-7-8:
/// 0%, 21.0526% = 4/19, 57.8947% = 11/19, 100%). `animation-duration` is the cycle length.
/// Zero-length phases get no keyframe and no label rule.
///
/// The markup it styles (`scope` is the root, `.pacer` by default):
///
///     <div class="pacer">
///       <div class="pacer-shape" aria-hidden="true"></div>
///       <p class="pacer-labels" aria-hidden="true">
///         <span class="pacer-label pacer-label-inhale">Breathe in</span>
///         <span class="pacer-label pacer-label-hold">Hold</span>
///         <span class="pacer-label pacer-label-exhale">Breathe out</span>
///         <span class="pacer-label pacer-label-rest">Rest</span>
///       </p>
///       <ol class="pacer-guide">…one item per phase, e.g. "Breathe in for 4 s"…</ol>
///     </div>
///
/// Under `prefers-reduced-motion: reduce` the shape and labels stop and are hidden, leaving the
/// guide: a calm text-only description of the pattern.
public enum PacerStyle {
    public static let percentDigits = 4
    /// The shape's scale with empty lungs (start of inhale, rest); full lungs are scale(1).
    public static let emptyScale = "0.4"

    /// The CSS for `pattern`; deterministic, ending in a newline.
    public static func css(for pattern: BreathingPattern, scope: String = ".pacer") -> String {
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
        css += "\(scope) .pacer-shape { animation: \(name)-shape \(duration) ease-in-out infinite; }\n"
        css += "\(scope) .pacer-label { opacity: 0; }\n"
        for phase in phases {
            let label = "\(name)-\(phase.phase.rawValue)"
            css +=
                "\(scope) .pacer-label-\(phase.phase.rawValue) { animation: \(label) \(duration) step-end infinite; }\n"
        }
        css += "@media (prefers-reduced-motion: reduce) {\n"
        css += "  \(scope) .pacer-shape, \(scope) .pacer-label { animation: none; }\n"
        css += "  \(scope) .pacer-shape, \(scope) .pacer-labels { display: none; }\n"
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
    private static func seconds(_ value: Decimal) -> String {
        trimmed(value.fixed(3))
    }

    /// Ids are `[a-z0-9-]` already; anything else becomes `-`, so no text can leave the identifier.
    private static func identifier(_ id: String) -> String {
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
