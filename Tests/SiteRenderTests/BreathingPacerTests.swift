import Domain
import TestSupport
import XCTest

@testable import SiteData
@testable import SiteRender

/// The pacer's CSS keyframes sit exactly on the pattern's phase boundaries, its countdown on
/// every second left in a phase, and its cycle number on every cycle of the session.
final class BreathingPacerTests: XCTestCase {
    func testFourSevenEightKeyframesAreFourAndElevenNineteenths() {
        // 4/19 = 0.2105263… → 21.0526%; 11/19 = 0.5789473… → 57.8947%. The countdown moves a
        // line every second, 1/19 = 5.2632% of the cycle; two cycles take 38 s, the second
        // starting at 50%.
        let expected = """
            /* 4-7-8: inhale 4 s, hold 7 s, exhale 8 s; cycle 19 s */
            @keyframes pacer-4-7-8-shape {
              0% { transform: scale(0.4); }
              21.0526% { transform: scale(1); }
              57.8947% { transform: scale(1); }
              100% { transform: scale(0.4); }
            }
            @keyframes pacer-4-7-8-inhale {
              0% { opacity: 1; }
              21.0526% { opacity: 0; }
              100% { opacity: 0; }
            }
            @keyframes pacer-4-7-8-hold {
              0% { opacity: 0; }
              21.0526% { opacity: 1; }
              57.8947% { opacity: 0; }
              100% { opacity: 0; }
            }
            @keyframes pacer-4-7-8-exhale {
              0% { opacity: 0; }
              57.8947% { opacity: 1; }
              100% { opacity: 1; }
            }
            @keyframes pacer-4-7-8-count {
              0% { transform: translateY(0); }
              5.2632% { transform: translateY(-1em); }
              10.5263% { transform: translateY(-2em); }
              15.7895% { transform: translateY(-3em); }
              21.0526% { transform: translateY(-4em); }
              26.3158% { transform: translateY(-5em); }
              31.5789% { transform: translateY(-6em); }
              36.8421% { transform: translateY(-7em); }
              42.1053% { transform: translateY(-8em); }
              47.3684% { transform: translateY(-9em); }
              52.6316% { transform: translateY(-10em); }
              57.8947% { transform: translateY(-11em); }
              63.1579% { transform: translateY(-12em); }
              68.4211% { transform: translateY(-13em); }
              73.6842% { transform: translateY(-14em); }
              78.9474% { transform: translateY(-15em); }
              84.2105% { transform: translateY(-16em); }
              89.4737% { transform: translateY(-17em); }
              94.7368% { transform: translateY(-18em); }
              100% { transform: translateY(-18em); }
            }
            @keyframes pacer-4-7-8-cycle-2 {
              0% { transform: translateY(0); }
              50% { transform: translateY(-1em); }
              100% { transform: translateY(-1em); }
            }
            @keyframes pacer-end {
              0% { visibility: visible; }
              100% { visibility: hidden; }
            }
            @keyframes pacer-done {
              0% { visibility: hidden; }
              100% { visibility: visible; }
            }
            .pacer .pacer-shape { transform: scale(0.4); animation: pacer-4-7-8-shape 19s ease-in-out var(--motion-pacer-lead) var(--pacer-cycles); }
            .pacer .pacer-label { opacity: 0; }
            .pacer .pacer-label-inhale { animation: pacer-4-7-8-inhale 19s step-end var(--motion-pacer-lead) var(--pacer-cycles); }
            .pacer .pacer-label-hold { animation: pacer-4-7-8-hold 19s step-end var(--motion-pacer-lead) var(--pacer-cycles); }
            .pacer .pacer-label-exhale { animation: pacer-4-7-8-exhale 19s step-end var(--motion-pacer-lead) var(--pacer-cycles); }
            .pacer .pacer-count .pacer-strip { animation: pacer-4-7-8-count 19s step-end var(--motion-pacer-lead) var(--pacer-cycles); }
            .pacer .pacer-count { visibility: hidden; animation: pacer-end var(--pacer-session) step-end var(--motion-pacer-lead); }
            .pacer { --cycles-session: 2; --session-session: 38s; }
            .pacer .pacer-for-session .pacer-strip { animation: pacer-4-7-8-cycle-2 38s step-end var(--motion-pacer-lead) forwards; }
            .pacer .pacer-for-session.pacer-done { animation: pacer-done 38s step-end var(--motion-pacer-lead) forwards; }
            @media (prefers-reduced-motion: reduce) {
              .pacer .pacer-run *, .pacer .pacer-count .pacer-strip, .pacer .pacer-cycle .pacer-strip, .pacer .pacer-for.pacer-done { animation: none; }
              .pacer .pacer-run, .pacer .pacer-done { display: none; }
            }

            """
        XCTAssertEqual(PacerStyle.css(for: builtInPattern("4-7-8"), cycles: 2), expected)
    }

    func testTheCountdownShowsTheSecondsLeftInEachPhase() {
        let counts = PacerStyle.countdown(for: builtInPattern("4-7-8"))
        XCTAssertEqual(counts.map(\.value), [4, 3, 2, 1, 7, 6, 5, 4, 3, 2, 1, 8, 7, 6, 5, 4, 3, 2, 1])
        XCTAssertEqual(counts.map(\.start), (0..<19).map { Decimal($0) })
        // 5.5 s: 6 for the first half second, then whole seconds; the exhale starts at 5.5.
        let coherent = PacerStyle.countdown(for: builtInPattern("coherent"))
        XCTAssertEqual(coherent.map(\.value), [6, 5, 4, 3, 2, 1, 6, 5, 4, 3, 2, 1])
        XCTAssertEqual(
            coherent.map(\.start), ["0", "0.5", "1.5", "2.5", "3.5", "4.5", "5.5", "6", "7", "8", "9", "10"].map(dec))
        let css = PacerStyle.css(for: builtInPattern("coherent"), cycles: 6)
        // 0.5 / 11 = 4.5455%, 6 / 11 = 54.5455%; six cycles of 11 s are 66 s, one every 16.6667%.
        XCTAssertTrue(css.contains("  4.5455% { transform: translateY(-1em); }\n"), css)
        XCTAssertTrue(css.contains("  54.5455% { transform: translateY(-7em); }\n"), css)
        XCTAssertTrue(css.contains("  16.6667% { transform: translateY(-1em); }\n"), css)
        XCTAssertTrue(
            css.contains("83.3333% { transform: translateY(-5em); }\n  100% { transform: translateY(-5em); }\n}"))
        XCTAssertTrue(
            css.contains(
                "animation: pacer-coherent-shape 11s ease-in-out var(--motion-pacer-lead) var(--pacer-cycles); }"))
        XCTAssertTrue(css.contains(".pacer { --cycles-session: 6; --session-session: 66s; }"))
        XCTAssertTrue(
            css.contains(
                ".pacer .pacer-for-session.pacer-done { animation: pacer-done 66s step-end var(--motion-pacer-lead) forwards; }"
            ))
    }

    func testOneCycleHasNoCycleSteps() {
        let css = PacerStyle.css(for: builtInPattern("equal"), cycles: 1)
        XCTAssertTrue(
            css.contains(
                "@keyframes pacer-equal-cycle-1 {\n  0% { transform: translateY(0); }\n"
                    + "  100% { transform: translateY(0); }\n}"),
            css)
        XCTAssertTrue(css.contains(".pacer { --cycles-session: 1; --session-session: 10s; }"))
    }

    func testZeroLengthPhasesGetNoKeyframes() {
        let equal = PacerStyle.css(for: builtInPattern("equal"))
        XCTAssertTrue(equal.contains("  50% { transform: scale(1); }\n  100% { transform: scale(0.4); }\n"), equal)
        XCTAssertFalse(equal.contains("hold"))
        XCTAssertFalse(equal.contains("rest"))
        XCTAssertTrue(
            equal.contains("animation: pacer-equal-shape 10s ease-in-out var(--motion-pacer-lead) var(--pacer-cycles);")
        )
        XCTAssertFalse(equal.contains("-dot"), "two phases: a circle, no dot")

        let box = PacerStyle.css(for: builtInPattern("box"))
        XCTAssertTrue(
            box.contains(
                "  0% { transform: scale(0.4); }\n  25% { transform: scale(1); }\n  50% { transform: scale(1); }\n"
                    + "  75% { transform: scale(0.4); }\n  100% { transform: scale(0.4); }\n"), box)
        XCTAssertTrue(
            box.contains(
                "@keyframes pacer-box-rest {\n  0% { opacity: 0; }\n  75% { opacity: 1; }\n  100% { opacity: 1; }\n}"))

        XCTAssertTrue(PacerStyle.css(for: builtInPattern("coherent")).contains(" 11s ease-in-out"))
    }

    func testOddLengthsAndScope() {
        // 1 + 2 = 3 s: 33.3333% and 100%; a 2.25 s cycle keeps its fraction.
        let thirds = BreathingPattern(id: "thirds", name: "T", inhale: 1, hold: 0, exhale: 2, rest: 0)
        let css = PacerStyle.css(for: thirds, scope: "#p")
        XCTAssertTrue(css.contains("  33.3333% { transform: scale(1); }\n"), css)
        XCTAssertTrue(
            css.contains(
                "#p .pacer-label-exhale { animation: pacer-thirds-exhale 3s step-end var(--motion-pacer-lead) var(--pacer-cycles); }"
            ))
        let quarter = BreathingPattern(id: "q", name: "Q", inhale: dec("1.25"), hold: 0, exhale: 1, rest: 0)
        let q = PacerStyle.css(for: quarter)
        XCTAssertTrue(q.contains(" 2.25s ease-in-out"), q)
        XCTAssertTrue(q.contains("  55.5556% { transform: scale(1); }\n"), "1.25 / 2.25 = 0.555…")
        XCTAssertEqual(
            PacerStyle.css(for: BreathingPattern(id: "z", name: "z", inhale: 0, hold: 0, exhale: 0, rest: 0)), "")
    }
}

/// Issue 25: the pacer waits for a tap and offers lengths; box breathing is a square with a dot.
final class PacerLengthsTests: XCTestCase {
    func testEachLengthSetsItsCyclesAndSessionAndShowsItsOwnCounter() throws {
        let lengths = [PacerStyle.Length(id: "cycles", cycles: 4), .init(id: "3min", cycles: 11)]
        let css = PacerStyle.css(for: builtInPattern("box"), lengths: lengths)
        XCTAssertTrue(
            css.contains(
                ".pacer { --cycles-cycles: 4; --session-cycles: 64s; --cycles-3min: 11; --session-3min: 176s; }"))
        XCTAssertFalse(css.contains(":has("), "the page's own style keeps to what the Nu checker reads")
        XCTAssertTrue(css.contains("@keyframes pacer-box-cycle-4 {") && css.contains("@keyframes pacer-box-cycle-11 {"))
        XCTAssertTrue(
            css.contains(
                ".pacer .pacer-for-3min .pacer-strip { animation: pacer-box-cycle-11 176s step-end var(--motion-pacer-lead) forwards; }"
            ))
        XCTAssertEqual(css.components(separatedBy: "@keyframes pacer-end {").count, 2, "shared keyframes once")
        // The theme (its pacer.css) picks the chosen length's cycles and shows its elements, for every length id.
        let style = String(decoding: try Theme.builtIn.read("static/pacer.css").get().bytes, as: UTF8.self)
        for id in PacerStyle.lengthIDs {
            XCTAssertTrue(
                style.contains(
                    ".pacer:has(#pacer-length-\(id):checked) { --pacer-cycles: var(--cycles-\(id)); --pacer-session: var(--session-\(id)); }"
                ), id)
            XCTAssertTrue(style.contains(".pacer:has(#pacer-length-\(id):checked) .pacer-for-\(id)"), id)
        }
    }

    /// A pattern of four phases is a square: the dot goes up the left side breathing in, along the
    /// top holding, down the right side breathing out and back along the bottom resting.
    func testBoxBreathingIsASquareWithADotGoingRound() {
        XCTAssertTrue(PacerStyle.isSquare(builtInPattern("box")))
        XCTAssertFalse(PacerStyle.isSquare(builtInPattern("4-7-8")))
        let css = PacerStyle.css(for: builtInPattern("box"))
        XCTAssertTrue(
            css.contains(
                "@keyframes pacer-box-dot {\n  0% { left: 0%; top: 100%; }\n  25% { left: 0%; top: 0%; }\n"
                    + "  50% { left: 100%; top: 0%; }\n  75% { left: 100%; top: 100%; }\n"
                    + "  100% { left: 0%; top: 100%; }\n}\n"), css)
        XCTAssertTrue(
            css.contains(
                ".pacer .pacer-dot { animation: pacer-box-dot 16s linear var(--motion-pacer-lead) var(--pacer-cycles); }"
            ))
    }

    /// serve's log form of each length appears when that session ends; at once under reduced
    /// motion, when serve sent it back with its message, and when the session was ended early
    /// (issue 34). Hidden, it takes no room, so the running view fits the screen.
    func testEachLengthsLogFormAppearsWhenItsSessionEnds() {
        let css = PacerStyle.logFormCSS(
            for: builtInPattern("4-7-8"), lengths: [.init(id: "cycles", cycles: 3), .init(id: "5min", cycles: 16)])
        XCTAssertEqual(
            css,
            """
            .pacer .pacer-log { visibility: hidden; max-height: 0; overflow: hidden; }
            @keyframes pacer-log {
              0% { visibility: hidden; max-height: 0; }
              100% { visibility: visible; max-height: none; }
            }
            .pacer .pacer-for-cycles.pacer-log { animation: pacer-log 57s step-end var(--motion-pacer-lead) forwards; }
            .pacer .pacer-for-5min.pacer-log { animation: pacer-log 304s step-end var(--motion-pacer-lead) forwards; }
            .pacer.pacer-sent-back .pacer-for.pacer-log, .pacer.pacer-ended .pacer-for.pacer-log { animation: none; visibility: visible; max-height: none; }
            @media (prefers-reduced-motion: reduce) {
              .pacer .pacer-for.pacer-log { animation: none; visibility: visible; max-height: none; }
            }

            """)
    }
}

private func builtInPattern(_ id: String) -> BreathingPattern {
    BreathingPattern.builtIn.first { $0.id == id }!
}
