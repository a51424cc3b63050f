import Domain
import XCTest

@testable import SiteRender

/// The pacer's CSS keyframes sit exactly on the pattern's phase boundaries.
final class BreathingPacerTests: XCTestCase {
    func testFourSevenEightKeyframesAreFourAndElevenNineteenths() {
        // 4/19 = 0.2105263… → 21.0526%; 11/19 = 0.5789473… → 57.8947%.
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
            .pacer .pacer-shape { animation: pacer-4-7-8-shape 19s ease-in-out infinite; }
            .pacer .pacer-label { opacity: 0; }
            .pacer .pacer-label-inhale { animation: pacer-4-7-8-inhale 19s step-end infinite; }
            .pacer .pacer-label-hold { animation: pacer-4-7-8-hold 19s step-end infinite; }
            .pacer .pacer-label-exhale { animation: pacer-4-7-8-exhale 19s step-end infinite; }
            @media (prefers-reduced-motion: reduce) {
              .pacer .pacer-shape, .pacer .pacer-label { animation: none; }
              .pacer .pacer-shape, .pacer .pacer-labels { display: none; }
            }

            """
        XCTAssertEqual(PacerStyle.css(for: builtInPattern("4-7-8")), expected)
    }

    func testZeroLengthPhasesGetNoKeyframes() {
        let equal = PacerStyle.css(for: builtInPattern("equal"))
        XCTAssertTrue(equal.contains("  50% { transform: scale(1); }\n  100% { transform: scale(0.4); }\n"), equal)
        XCTAssertFalse(equal.contains("hold"))
        XCTAssertFalse(equal.contains("rest"))
        XCTAssertTrue(equal.contains("animation: pacer-equal-shape 10s ease-in-out infinite;"))

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
        XCTAssertTrue(css.contains("#p .pacer-label-exhale { animation: pacer-thirds-exhale 3s step-end infinite; }"))
        let quarter = BreathingPattern(id: "q", name: "Q", inhale: dec("1.25"), hold: 0, exhale: 1, rest: 0)
        let q = PacerStyle.css(for: quarter)
        XCTAssertTrue(q.contains(" 2.25s ease-in-out"), q)
        XCTAssertTrue(q.contains("  55.5556% { transform: scale(1); }\n"), "1.25 / 2.25 = 0.555…")
        XCTAssertEqual(
            PacerStyle.css(for: BreathingPattern(id: "z", name: "z", inhale: 0, hold: 0, exhale: 0, rest: 0)), "")
    }
}

private func builtInPattern(_ id: String) -> BreathingPattern {
    BreathingPattern.builtIn.first { $0.id == id }!
}
