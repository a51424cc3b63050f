// sandjar-bench: what the coin jar costs (`make bench`, DESIGN.md §7). Nothing is timed by the
// tests; this prints the figures instead.
//
//   sandjar-bench [RUNS]
//
// The goal: a free plan of 10 a day, one deposit a day for five years (1,826 deposits, amounts
// between half and twice the plan: about 5 coins each, so the jar fills early and merges all the
// time). Reported: a nightly build after deposit N (N = 100, 1,000, 1,826) from the cache of the
// night before, the cold build of the whole goal (poured by months, JarReplay), the warm build
// after one more deposit, and peak memory.
import Domain
import Foundation
import Jar

let runs = max(1, Int(CommandLine.arguments.dropFirst().first ?? "") ?? 5)
let start = CalendarDate(year: 2021, month: 1, day: 1)!

func goal(deposits count: Int) -> Goal {
    let pattern: [Decimal] = [5, 10, 12, 20, 8, 10, 15]
    let deposits = (0..<count).map { day in
        Deposit(
            at: EventTime(date: start.adding(days: day), secondOfDay: 20 * 3600), amount: pattern[day % 7],
            note: nil)
    }
    return Goal(
        id: "five-years", name: "Five years", mode: .free, currency: Currency(code: "CNY")!, target: nil,
        created: start, icon: nil, note: nil,
        plan: SavingsPlan(amount: 10, frequency: .daily, start: start, periods: nil, annualRate: nil, horizonYears: 10),
        deposits: deposits)
}

/// Median wall-clock seconds of `runs` calls.
func median(_ runs: Int, _ work: () -> Void) -> Double {
    let clock = ContinuousClock()
    let times = (0..<runs).map { _ in
        let d = clock.measure(work)
        return Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
    }.sorted()
    return times.count % 2 == 1 ? times[times.count / 2] : (times[times.count / 2 - 1] + times[times.count / 2]) / 2
}

/// Peak resident memory since the last reset, in MiB (Linux: VmHWM; reset through clear_refs).
func peakMiB() -> Double {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kib = Double(line.split(separator: " ")[1])
    else { return .nan }
    return kib / 1024
}

func resetPeak() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

func ms(_ seconds: Double) -> String { String(format: "%8.2f ms", seconds * 1000) }

print("jar bench: 'five-years', free plan 10/day, amounts 5-20, one deposit a day; median of \(runs) runs")
print("")
print("a nightly build after deposit N, from the cache of the night before (JSON in and out):")
for n in [100, 1000, 1826] {
    let cachedData = try! JSONEncoder().encode(JarArtwork.make(goal: goal(deposits: n - 1), cached: nil).snapshot)
    let tonight = goal(deposits: n)
    var artwork: JarArtwork?
    let time = median(runs) {
        let cached = try! JSONDecoder().decode(JarSnapshot.self, from: cachedData)
        let (made, next) = JarArtwork.make(goal: tonight, cached: cached)
        _ = try! JSONEncoder().encode(next)
        artwork = made
    }
    let a = artwork!
    let day = start.adding(days: n - 1)
    print(
        "  N = \(String(format: "%4d", n))  \(ms(time))   (\(day): \(day.day - 1) deposits of its month poured again; "
            + "pile \(a.coinCount) coins, \(a.merges) merges so far; the drop drawn in \(a.frames.count) frames)")
}

print("")
let fiveYears = goal(deposits: 1826)
resetPeak()
var coldArtwork: JarArtwork?
let cold = median(runs) { coldArtwork = JarArtwork.make(goal: fiveYears, cached: nil).artwork }
let coldPeak = peakMiB()
let months = coldArtwork!.months.count
print(
    "cold: all 1,826 deposits from an empty cache      \(ms(cold))  (\(months) months: \(ms(cold / Double(months))) a month)"
)
print(String(format: "      peak memory %.1f MiB", coldPeak))

let cachedData = try! JSONEncoder().encode(JarArtwork.make(goal: fiveYears, cached: nil).snapshot)
let oneMore = goal(deposits: 1827)
resetPeak()
var warmArtwork: JarArtwork?
let warm = median(max(runs, 7)) {
    // As a nightly build does it: read the snapshot, pour and drop, draw, write the snapshot.
    let cached = try! JSONDecoder().decode(JarSnapshot.self, from: cachedData)
    let (artwork, next) = JarArtwork.make(goal: oneMore, cached: cached)
    _ = try! JSONEncoder().encode(next)
    warmArtwork = artwork
}
let warmPeak = peakMiB()
print("warm: deposit 1,827 (January 1: December poured, then the drop) from the cache \(ms(warm))")
print(String(format: "      peak memory %.1f MiB", warmPeak))
let check = JarArtwork.make(goal: oneMore, cached: nil).artwork
print(String(format: "warm / cold = %.4f", warm / cold))
print("warm == cold replay (jar.svg, frames, drop.svg, timelapse.svg): \(check == warmArtwork! ? "yes" : "NO")")
print(
    "final pile: \(check.coinCount) coins \(check.tierCounts) worth \(check.units) plain coins, "
        + "\(check.merges) merges; cold pile \(coldArtwork!.coinCount) coins")
