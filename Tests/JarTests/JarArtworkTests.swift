import Domain
import Foundation
import XCTest

@testable import Jar

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// The files: byte-identical across builds and between a full replay and a cached continuation,
/// well-formed XML, animated without script and still under reduced motion.
final class JarArtworkTests: XCTestCase {
    static let goal = JarFixtures.free(amounts: JarFixtures.varied(40))

    func testTwoBuildsGiveIdenticalFiles() {
        let a = JarArtwork.make(goal: Self.goal, cached: nil)
        let b = JarArtwork.make(goal: Self.goal, cached: nil)
        XCTAssertEqual(a.artwork.jarSVG, b.artwork.jarSVG)
        XCTAssertEqual(a.artwork.frames, b.artwork.frames)
        XCTAssertEqual(a.artwork.dropSVG, b.artwork.dropSVG)
        XCTAssertEqual(a.snapshot, b.snapshot)
    }

    func testOneNewDepositFromTheCacheEqualsAFullReplay() throws {
        let yesterday = JarArtwork.make(goal: Self.goal, cached: nil).snapshot
        let stored = try JSONDecoder().decode(JarSnapshot.self, from: JSONEncoder().encode(yesterday))
        XCTAssertEqual(stored, yesterday, "coordinates survive the cache bit for bit")
        var today = Self.goal
        today.deposits = JarFixtures.deposits(JarFixtures.varied(41))
        let warm = JarArtwork.make(goal: today, cached: stored)
        let cold = JarArtwork.make(goal: today, cached: nil)
        XCTAssertEqual(warm.artwork.jarSVG, cold.artwork.jarSVG)
        XCTAssertEqual(warm.artwork.frames, cold.artwork.frames)
        XCTAssertEqual(warm.artwork.dropSVG, cold.artwork.dropSVG)
        XCTAssertEqual(warm.snapshot, cold.snapshot)
        XCTAssertEqual(warm.snapshot.states.map(\.deposits), [31, 40], "January's end, the pile the latest fell on")
    }

    func testAnUnchangedGoalRedrawsItsLatestDropFromTheCache() {
        let first = JarArtwork.make(goal: Self.goal, cached: nil)
        let again = JarArtwork.make(goal: Self.goal, cached: first.snapshot)
        XCTAssertEqual(again.artwork, first.artwork)
        XCTAssertEqual(again.snapshot, first.snapshot)
    }

    func testAChangedHistoryOrAForeignSnapshotReplaysInFull() {
        let cold = JarArtwork.make(goal: Self.goal, cached: nil)
        var edited = Self.goal
        edited.deposits[3].amount = 30  // three times the plan: different coins from day 4 on
        let replayed = JarArtwork.make(goal: edited, cached: cold.snapshot)
        XCTAssertEqual(replayed.artwork, JarArtwork.make(goal: edited, cached: nil).artwork)

        var foreign = cold.snapshot
        foreign.goalID = "other"
        XCTAssertEqual(JarArtwork.make(goal: Self.goal, cached: foreign).artwork, cold.artwork)
        var outdated = cold.snapshot
        outdated.format = JarSnapshot.currentFormat + 1
        XCTAssertEqual(JarArtwork.make(goal: Self.goal, cached: outdated).artwork, cold.artwork)
        var unkeyed = cold.snapshot
        for index in unkeyed.states.indices {
            unkeyed.states[index].inputs = "0000000000000000"
            unkeyed.states[index].coins.removeLast()  // a pile that must never be used
        }
        XCTAssertEqual(JarArtwork.make(goal: Self.goal, cached: unkeyed).artwork, cold.artwork)
    }

    /// Each month of the timelapse is the pile at that month's end, poured once and kept in the
    /// snapshot; the latest month shows today's pile.
    func testTheTimelapseShowsEveryMonthsEndFromTheOnePour() throws {
        let goal = JarFixtures.wish(target: 100, amounts: Array(repeating: 2, count: 70))  // Jan 1 – Mar 11
        let (artwork, snapshot) = JarArtwork.make(goal: goal, cached: nil)
        XCTAssertEqual(artwork.months.map(\.viewID), ["m2021-01", "m2021-02", "m2021-03"])
        XCTAssertEqual(snapshot.states.map(\.deposits), [31, 59, 69])
        XCTAssertEqual(artwork.months[0].coins, snapshot.states[0].coins)
        XCTAssertEqual(artwork.months[1].coins, snapshot.states[1].coins)
        XCTAssertEqual(artwork.months[2].coins, artwork.pile)
        for (month, days) in zip(artwork.months, [31, 59, 70]) { XCTAssertEqual(month.units, 2 * days, month.viewID) }
        XCTAssertEqual(artwork.months[0].coins.count, 62, "a jar with room merges nothing")
        // February's end is the pile a build in March starts from, whatever came after.
        var march = goal
        march.deposits = Array(goal.deposits.prefix(60))
        XCTAssertEqual(JarArtwork.make(goal: march, cached: nil).snapshot.states[1], snapshot.states[1])
        XCTAssertEqual(artwork.months.map(\.reached), [false, true, true], "100 reached on day 50")
        let svg = try XCTUnwrap(artwork.timelapseSVG)
        XCTAssertTrue(XMLParser(data: Data(svg.utf8)).parse())
        XCTAssertTrue(svg.contains("<view id=\"m2021-02\" viewBox=\"160 0 160 220\"/>"))
    }

    /// Issue 26: the timelapse shows the latest `timelapseLimit` months, the first of them with
    /// every deposit before it in the pile, and counts the months it leaves out.
    func testTheTimelapseShowsTheLatestTenYearsAtMost() throws {
        var goal = JarFixtures.wish(target: 100, amounts: [5, 5, 5])
        goal.deposits[0].at = EventTime(date: CalendarDate(year: 1, month: 1, day: 1)!, secondOfDay: 0)
        let artwork = JarArtwork.make(goal: goal, cached: nil).artwork
        XCTAssertEqual(JarArtwork.timelapseLimit, 120)
        XCTAssertEqual(artwork.months.count, 120)
        XCTAssertEqual(artwork.months.first?.viewID, "m2011-02")
        XCTAssertEqual(artwork.months.last?.viewID, "m2021-01")
        // January of the year 1 to January 2021 is 24,241 months; 120 are shown.
        XCTAssertEqual(artwork.monthsBefore, 24_241 - 120)
        XCTAssertEqual(artwork.months.first?.units, 5, "the deposit of the year 1 is in the first jar shown")
        XCTAssertEqual(artwork.months.last?.units, 15)
        let svg = try XCTUnwrap(artwork.timelapseSVG)
        XCTAssertEqual(svg.components(separatedBy: "<view ").count - 1, 120)
        XCTAssertEqual(
            JarArtwork.make(goal: JarFixtures.wish(target: 100, amounts: [5]), cached: nil).artwork.monthsBefore, 0)
    }

    /// A month without deposits shows the pile of the month before.
    func testAMonthWithoutDepositsShowsTheMonthBefore() {
        var goal = JarFixtures.wish(target: 100, amounts: [5, 5, 5])
        goal.deposits[2].at = EventTime(date: CalendarDate(year: 2021, month: 3, day: 4)!, secondOfDay: 0)
        let artwork = JarArtwork.make(goal: goal, cached: nil).artwork
        XCTAssertEqual(artwork.months.map(\.viewID), ["m2021-01", "m2021-02", "m2021-03"])
        XCTAssertEqual(artwork.months[1].coins, artwork.months[0].coins)
        XCTAssertEqual(artwork.months.map(\.units), [10, 10, 15])
    }

    /// A snapshot without the month-end piles (or with one changed) pours again from the first
    /// month it lacks, and the result is the same as a cold build.
    func testACacheWithoutTheMonthsPoursThem() {
        let cold = JarArtwork.make(goal: Self.goal, cached: nil)
        var lacking = cold.snapshot
        lacking.states.removeFirst()
        XCTAssertEqual(lacking.states.map(\.deposits), [39])
        XCTAssertEqual(JarArtwork.make(goal: Self.goal, cached: lacking).artwork, cold.artwork)
        XCTAssertEqual(JarArtwork.make(goal: Self.goal, cached: lacking).snapshot, cold.snapshot)
    }

    /// DESIGN.md §7: the pile is a pure function of the deposits. A goal built deposit by deposit,
    /// each build continuing from the one before's snapshot (through JSON, as the cache keeps it),
    /// across the end of a month and into the next, gives at every step the bytes of a build from
    /// nothing.
    func testDepositByDepositWarmAcrossAMonthEqualsCold() throws {
        let amounts = JarFixtures.varied(36)  // Jan 1 – Feb 5: the jar fills in January
        var goal = JarFixtures.free(amounts: Array(amounts.prefix(27)))
        var cached = try roundTrip(JarArtwork.make(goal: goal, cached: nil).snapshot)
        for count in 28...36 {
            goal.deposits = JarFixtures.deposits(Array(amounts.prefix(count)))
            let warm = JarArtwork.make(goal: goal, cached: cached)
            let cold = JarArtwork.make(goal: goal, cached: nil)
            XCTAssertEqual(warm.artwork.jarSVG, cold.artwork.jarSVG, "\(count) deposits")
            XCTAssertEqual(warm.artwork.frames, cold.artwork.frames, "\(count) deposits")
            XCTAssertEqual(warm.artwork.dropSVG, cold.artwork.dropSVG, "\(count) deposits")
            XCTAssertEqual(warm.artwork.timelapseSVG, cold.artwork.timelapseSVG, "\(count) deposits")
            XCTAssertEqual(warm.snapshot, cold.snapshot, "\(count) deposits")
            cached = try roundTrip(warm.snapshot)
        }
        XCTAssertEqual(cached.states.map(\.deposits), [31, 35], "January's end, and February up to the latest")
        XCTAssertGreaterThan(JarArtwork.make(goal: goal, cached: nil).artwork.merges, 0, "the jar filled")
    }

    /// A cache written by an older format is never read, even where its keys would match: its piles
    /// meant something else (format 2 kept the pile after every deposit, not every month).
    func testASnapshotOfAnOlderFormatIsRebuiltNeverRead() throws {
        let cold = JarArtwork.make(goal: Self.goal, cached: nil)
        var old = cold.snapshot
        old.format = 2
        for index in old.states.indices { old.states[index].coins.removeLast(5) }  // a pile that must never be used
        let rebuilt = JarArtwork.make(goal: Self.goal, cached: try roundTrip(old))
        XCTAssertEqual(rebuilt.artwork, cold.artwork)
        XCTAssertEqual(rebuilt.snapshot, cold.snapshot)
        XCTAssertEqual(rebuilt.snapshot.format, JarSnapshot.currentFormat)
    }

    private func roundTrip(_ snapshot: JarSnapshot) throws -> JarSnapshot {
        try JSONDecoder().decode(JarSnapshot.self, from: JSONEncoder().encode(snapshot))
    }

    func testAReachedGoalsJarWearsALid() {
        let reached = JarArtwork.make(goal: JarFixtures.wish(target: 30, amounts: [10, 20]), cached: nil).artwork
        let short = JarArtwork.make(goal: JarFixtures.wish(target: 31, amounts: [10, 20]), cached: nil).artwork
        XCTAssertTrue(reached.reached)
        XCTAssertFalse(short.reached)
        XCTAssertTrue(reached.jarSVG.contains("class=\"jl\""))
        XCTAssertFalse(short.jarSVG.contains("class=\"jl\""))
        XCTAssertFalse(JarArtwork.make(goal: JarFixtures.free(amounts: [10, 20]), cached: nil).artwork.reached)
    }

    /// Colours come from the design tokens: the palette picks the jar's and coins' tokens out of
    /// the stylesheet, light and dark, and the pictures hold no colour of their own.
    func testThePicturesTakeTheirColoursFromTheTokens() throws {
        let stylesheet = """
            :root {
              --color-text: #111111;
              --color-jar-glass: #dcecf7;
              --color-coin-1-face: #f5c542;
            }
            @media (prefers-color-scheme: dark) {
              :root {
                --color-jar-glass: #5b7d96;
              }
            }
            @media (prefers-reduced-motion: reduce) {
              :root {
                --motion-fast: 0s;
              }
            }
            """
        let palette = JarPalette(stylesheet: stylesheet)
        XCTAssertEqual(
            palette.css,
            "svg{--color-jar-glass: #dcecf7;--color-coin-1-face: #f5c542;}"
                + "@media (prefers-color-scheme:dark){svg{--color-jar-glass: #5b7d96;}}")
        let artwork = JarArtwork.make(goal: Self.goal, cached: nil, palette: palette).artwork
        for svg in [artwork.jarSVG, artwork.dropSVG, artwork.frames[0], try XCTUnwrap(artwork.timelapseSVG)] {
            XCTAssertTrue(svg.contains("<style>" + palette.css))
            let drawing = svg.replacingOccurrences(of: palette.css, with: "")
            XCTAssertNil(drawing.range(of: "#[0-9a-fA-F]{3,6}\\b", options: .regularExpression), "a raw colour")
            XCTAssertFalse(drawing.contains("fill=\""), "paint through classes")
        }
    }

    func testACorruptSnapshotFileDoesNotDecode() throws {
        let coin = "4020000000000000" + "4024000000000000" + "01"
        func snapshot(_ coins: String) -> Data {
            Data(
                (#"{"format":3,"goalID":"fund","states":[{"deposits":1,"inputs":"x","merges":0,"coins":""#
                    + coins + #""}]}"#).utf8)
        }
        let read = try JSONDecoder().decode(JarSnapshot.self, from: snapshot(coin))
        XCTAssertEqual(read.states[0].coins, [SettledCoin(x: 8, y: 10, tier: 1)])
        for broken in [
            "zz" + coin.dropFirst(2), String(coin.dropLast()), coin.dropLast(2) + "1f", "7ff0" + coin.dropFirst(4),
        ] {
            XCTAssertThrowsError(try JSONDecoder().decode(JarSnapshot.self, from: snapshot(broken)), broken)
        }
    }

    func testEverySVGIsWellFormedXML() {
        let artwork = JarArtwork.make(goal: Self.goal, cached: nil).artwork
        XCTAssertFalse(artwork.frames.isEmpty)
        for (name, svg) in [("jar.svg", artwork.jarSVG), ("drop.svg", artwork.dropSVG)]
            + artwork.frames.enumerated().map({ ("frame \($0.offset + 1)", $0.element) })
        {
            let parser = XMLParser(data: Data(svg.utf8))
            XCTAssertTrue(parser.parse(), "\(name): \(parser.parserError.map { "\($0)" } ?? "")")
            XCTAssertTrue(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""), name)
        }
    }

    func testTheDropPlaysWithoutScriptAndStandsStillUnderReducedMotion() {
        let artwork = JarArtwork.make(goal: Self.goal, cached: nil).artwork
        let drop = artwork.dropSVG
        XCTAssertFalse(drop.contains("<script"))
        XCTAssertTrue(drop.contains("@keyframes"))
        XCTAssertTrue(drop.contains("@media (prefers-reduced-motion:reduce){.jm,.jf{animation:none}}"))
        // Without animation every falling coin sits at its settled place: count them there.
        let placed = drop.components(separatedBy: "class=\"jm\"").count - 1
        XCTAssertEqual(placed, artwork.film!.moverTiers.count)
        XCTAssertLessThan(drop.utf8.count, 80_000)
    }

    func testAGoalWithoutDepositsHasAnEmptyJarAndNoFrames() {
        let empty = JarArtwork.make(goal: JarFixtures.wish(target: 100, amounts: []), cached: nil)
        XCTAssertEqual(empty.artwork.coinCount, 0)
        XCTAssertTrue(empty.artwork.frames.isEmpty)
        XCTAssertEqual(empty.artwork.dropSVG, empty.artwork.jarSVG)
        XCTAssertTrue(XMLParser(data: Data(empty.artwork.jarSVG.utf8)).parse())
    }

    func testAWishJarAtItsTargetIsFullWithoutMerging() {
        let goal = JarFixtures.wish(target: 2999, amounts: Array(repeating: 300, count: 10))
        let artwork = JarArtwork.make(goal: goal, cached: nil).artwork
        XCTAssertEqual(artwork.coinCount, 100)
        XCTAssertEqual(artwork.merges, 0)
        XCTAssertEqual(artwork.tierCounts, [100])
        XCTAssertEqual(Decimal(artwork.units) * artwork.coinValue, 2999)
    }

    func testFramesAreNumberedFromOneWithFourDigits() {
        XCTAssertEqual(JarArtwork.frameFileName(1), "0001.svg")
        XCTAssertEqual(JarArtwork.frameFileName(912), "0912.svg")
        let longest = CoinDrop.maxSteps / JarGeometry.stepsPerFrame + DropFilm.leadInFrames + 2
        XCTAssertEqual(JarArtwork.frameFileName(longest).count, 8)
    }

    func testDepositsFallInTimeOrder() {
        var shuffled = Self.goal
        shuffled.deposits.swapAt(0, 39)
        XCTAssertEqual(JarInputs(goal: shuffled).keys, JarInputs(goal: Self.goal).keys)
    }
}
