import Domain
import XCTest

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
            @keyframes pacer-4-7-8-cycle {
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
            .pacer .pacer-shape { transform: scale(0.4); animation: pacer-4-7-8-shape 19s 2 ease-in-out; }
            .pacer .pacer-label { opacity: 0; }
            .pacer .pacer-label-inhale { animation: pacer-4-7-8-inhale 19s 2 step-end; }
            .pacer .pacer-label-hold { animation: pacer-4-7-8-hold 19s 2 step-end; }
            .pacer .pacer-label-exhale { animation: pacer-4-7-8-exhale 19s 2 step-end; }
            .pacer .pacer-count .pacer-strip { animation: pacer-4-7-8-count 19s 2 step-end; }
            .pacer .pacer-count { visibility: hidden; animation: pacer-end 38s step-end; }
            .pacer .pacer-cycle .pacer-strip { animation: pacer-4-7-8-cycle 38s step-end forwards; }
            .pacer .pacer-done { animation: pacer-done 38s step-end forwards; }
            @media (prefers-reduced-motion: reduce) {
              .pacer .pacer-run *, .pacer .pacer-count .pacer-strip, .pacer .pacer-cycle .pacer-strip, .pacer .pacer-done { animation: none; }
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
        XCTAssertTrue(css.contains("animation: pacer-coherent-shape 11s 6 ease-in-out; }"))
        XCTAssertTrue(css.contains(".pacer .pacer-done { animation: pacer-done 66s step-end forwards; }"))
    }

    func testOneCycleHasNoCycleSteps() {
        let css = PacerStyle.css(for: builtInPattern("equal"), cycles: 1)
        XCTAssertTrue(
            css.contains(
                "@keyframes pacer-equal-cycle {\n  0% { transform: translateY(0); }\n"
                    + "  100% { transform: translateY(0); }\n}"),
            css)
        XCTAssertTrue(css.contains("pacer-equal-shape 10s 1 ease-in-out"))
    }

    func testZeroLengthPhasesGetNoKeyframes() {
        let equal = PacerStyle.css(for: builtInPattern("equal"))
        XCTAssertTrue(equal.contains("  50% { transform: scale(1); }\n  100% { transform: scale(0.4); }\n"), equal)
        XCTAssertFalse(equal.contains("hold"))
        XCTAssertFalse(equal.contains("rest"))
        XCTAssertTrue(equal.contains("animation: pacer-equal-shape 10s 4 ease-in-out;"))

        let box = PacerStyle.css(for: builtInPattern("box"))
        XCTAssertTrue(
            box.contains(
                "  0% { transform: scale(0.4); }\n  25% { transform: scale(1); }\n  50% { transform: scale(1); }\n"
                    + "  75% { transform: scale(0.4); }\n  100% { transform: scale(0.4); }\n"), box)
        XCTAssertTrue(
            box.contains(
                "@keyframes pacer-box-rest {\n  0% { opacity: 0; }\n  75% { opacity: 1; }\n  100% { opacity: 1; }\n}"))

        XCTAssertTrue(PacerStyle.css(for: builtInPattern("coherent")).contains(" 11s 4 ease-in-out"))
    }

    func testOddLengthsAndScope() {
        // 1 + 2 = 3 s: 33.3333% and 100%; a 2.25 s cycle keeps its fraction.
        let thirds = BreathingPattern(id: "thirds", name: "T", inhale: 1, hold: 0, exhale: 2, rest: 0)
        let css = PacerStyle.css(for: thirds, scope: "#p")
        XCTAssertTrue(css.contains("  33.3333% { transform: scale(1); }\n"), css)
        XCTAssertTrue(css.contains("#p .pacer-label-exhale { animation: pacer-thirds-exhale 3s 4 step-end; }"))
        let quarter = BreathingPattern(id: "q", name: "Q", inhale: dec("1.25"), hold: 0, exhale: 1, rest: 0)
        let q = PacerStyle.css(for: quarter)
        XCTAssertTrue(q.contains(" 2.25s 4 ease-in-out"), q)
        XCTAssertTrue(q.contains("  55.5556% { transform: scale(1); }\n"), "1.25 / 2.25 = 0.555…")
        XCTAssertEqual(
            PacerStyle.css(for: BreathingPattern(id: "z", name: "z", inhale: 0, hold: 0, exhale: 0, rest: 0)), "")
    }
}

private func builtInPattern(_ id: String) -> BreathingPattern {
    BreathingPattern.builtIn.first { $0.id == id }!
}
