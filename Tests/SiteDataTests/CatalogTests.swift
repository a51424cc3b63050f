import Domain
import Foundation
import TestSupport
import XCTest

@testable import SiteData

/// The shipped catalogue (`templates/catalog.toml`), a data folder's own, and how well names match.
final class CatalogTests: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestIsolation.begin(for: self)
    }

    private func shipped(file: StaticString = #filePath, line: UInt = #line) -> SubscriptionCatalog {
        let log = DiagnosticLog(strict: true)
        let catalog = CatalogReader.read(DataFiles(folder: Theme.builtIn, log: log))
        XCTAssertEqual(log.entries, [], file: file, line: line)
        return catalog
    }

    private func load(_ files: [String: String], file: StaticString = #filePath, line: UInt = #line) throws -> (
        LoadedData?, [Diagnostic]
    ) {
        let data = TestSupport.temporaryFolder(self, file: file, line: line)
        try TestSupport.overlay(TestSupport.fixtures.appendingPathComponent("base"), onto: data)
        for (path, text) in files {
            let url = data.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        let log = DiagnosticLog(strict: false)
        let loaded = DataLoader(folder: DataFolder(path: data.path), log: log).load()
        let shown = log.entries.map { entry -> Diagnostic in
            var entry = entry
            entry.path = String(entry.path.dropFirst(data.path.count + 1))
            return entry
        }
        return (loaded, shown)
    }

    func testTheShippedCatalogueHasFortyRealServicesInBothLanguages() {
        let catalog = shipped()
        XCTAssertGreaterThanOrEqual(catalog.entries.count, 40)
        let required = [
            "netflix", "youtube-premium", "disney-plus", "spotify", "icloud-plus", "chatgpt-plus", "peacock",
            "iqiyi", "tencent-video", "bilibili", "netease-cloud-music", "qq-music", "youku", "mango-tv",
            "baidu-netdisk", "apple-music", "amazon-prime", "microsoft-365", "adobe-creative-cloud", "1password",
            "dropbox", "notion", "github-copilot", "duolingo", "kindle-unlimited", "audible", "hbo-max", "hulu",
            "paramount-plus", "crunchyroll", "nintendo-switch-online", "playstation-plus", "xbox-game-pass",
            "google-one", "claude-pro", "weread", "ximalaya", "keep", "dedao", "wps", "u-next",
        ]
        for id in required { XCTAssertNotNil(catalog[id], id) }
        for entry in catalog.entries {
            XCTAssertNotNil(entry.icon, entry.id)
            XCTAssertFalse(entry.prices.isEmpty, entry.id)
            XCTAssertTrue(entry.unsubscribe?.hasPrefix("https://") ?? false, entry.id)
            XCTAssertNotNil(entry.names[.en], entry.id)
            for price in entry.prices where price.currency.minorDigits == 0 {
                XCTAssertEqual(price.amount, price.amount.rounded(scale: 0), "\(entry.id) \(price.currency)")
            }
        }
        XCTAssertEqual(catalog["iqiyi"]?.name(in: .zhHans), "爱奇艺")
        XCTAssertEqual(catalog["iqiyi"]?.name(in: .en), "iQIYI VIP")
        XCTAssertEqual(catalog["hulu"]?.name(in: .zhHans), "Hulu", "falls back to English")
        XCTAssertEqual(catalog["microsoft-365"]?.cycle, .yearly)
        XCTAssertEqual(catalog["netflix"]?.prices.first?.currency.code, "USD", "home currency first")
        XCTAssertEqual(catalog["netflix"]?.shareable, true)
    }

    /// Query → expected id, or nil where nothing may match.
    static let evaluation: [(String, String?)] = [
        ("Netflix", "netflix"), ("netflx", "netflix"), ("NETFLIX Premium", "netflix"), ("网飞", "netflix"),
        ("奈飞会员", "netflix"), ("yt premium", "youtube-premium"), ("YouTube", "youtube-premium"),
        ("Youtube Premium Family", "youtube-premium"), ("youtube premum", "youtube-premium"),
        ("disney plus", "disney-plus"), ("Disney+", "disney-plus"), ("dinsey plus", "disney-plus"),
        ("Spotify", "spotify"), ("spotfy", "spotify"), ("Spotify Family", "spotify"),
        ("iCloud", "icloud-plus"), ("iCloud+ 200GB", "icloud-plus"), ("icloud储存空间", "icloud-plus"),
        ("ChatGPT", "chatgpt-plus"), ("chat gpt plus", "chatgpt-plus"), ("Peacock", "peacock"),
        ("爱奇艺", "iqiyi"), ("爱奇艺黄金会员", "iqiyi"), ("腾讯视频", "tencent-video"), ("腾讯视屏", "tencent-video"),
        ("腾讯视频VIP", "tencent-video"), ("B站大会员", "bilibili"), ("b站", "bilibili"), ("哔哩哔哩", "bilibili"),
        ("网易云音乐", "netease-cloud-music"), ("网易云", "netease-cloud-music"), ("QQ音乐", "qq-music"),
        ("ＱＱ音乐", "qq-music"), ("优酷", "youku"), ("优酷会员", "youku"), ("芒果TV", "mango-tv"),
        ("百度网盘", "baidu-netdisk"), ("百度云", "baidu-netdisk"), ("Apple Music", "apple-music"),
        ("Amazon Prime", "amazon-prime"), ("prime video", "amazon-prime"), ("Office 365", "microsoft-365"),
        ("Microsoft 365 Family", "microsoft-365"), ("Adobe CC", "adobe-creative-cloud"),
        ("Creative Cloud", "adobe-creative-cloud"), ("1Password", "1password"), ("Dropbox", "dropbox"),
        ("notion", "notion"), ("GitHub Copilot", "github-copilot"), ("Duolingo", "duolingo"),
        ("多邻国", "duolingo"), ("Kindle Unlimited", "kindle-unlimited"), ("kindle", "kindle-unlimited"),
        ("Audible", "audible"), ("HBO Max", "hbo-max"), ("Max", "hbo-max"), ("Hulu", "hulu"),
        ("Paramount+", "paramount-plus"), ("paramount plus", "paramount-plus"), ("crunchyrol", "crunchyroll"),
        ("Nintendo Switch Online", "nintendo-switch-online"), ("switch online", "nintendo-switch-online"),
        ("PS Plus", "playstation-plus"), ("PlayStation Plus", "playstation-plus"), ("Game Pass", "xbox-game-pass"),
        ("xbox game pass ultimate", "xbox-game-pass"), ("Google One", "google-one"), ("Claude", "claude-pro"),
        ("Claude Pro", "claude-pro"), ("微信读书", "weread"), ("喜马拉雅", "ximalaya"), ("喜马拉雅FM", "ximalaya"),
        ("Keep", "keep"), ("Keep会员", "keep"), ("得到", "dedao"), ("WPS会员", "wps"), ("wps", "wps"),
        ("U-NEXT", "u-next"), ("unext", "u-next"), ("京东PLUS", "jd-plus"), ("88VIP", "taobao-88vip"),
        ("Netflix 会员", "netflix"), ("apple musci", "apple-music"), ("YouTube Premium 家庭", "youtube-premium"),
        ("迪士尼+", "disney-plus"), ("Google Drive", "google-one"), ("spotify premium duo", "spotify"),
        ("Notion AI", "notion"), ("Xbox", "xbox-game-pass"), ("Adobe", "adobe-creative-cloud"),
        ("GPT", "chatgpt-plus"), ("bilibili大会员", "bilibili"), ("芒果", "mango-tv"), ("Disnep+", "disney-plus"),
        // Nothing to match: everyday bills, places, and names too vague to guess.
        ("gym", nil), ("Gym membership", nil), ("rent", nil), ("apartment rent", nil), ("Netherlands", nil),
        ("phone bill", nil), ("electricity", nil), ("Apple", nil), ("Amazon", nil), ("music", nil),
        ("cloud", nil), ("insurance", nil), ("Keeper Security", nil), ("housekeeping", nil), ("Primark", nil),
        ("net", nil), ("QQ", nil), ("水电费", nil), ("房租", nil), ("健身房", nil), ("Max Fitness", nil),
        ("Office supplies", nil), ("Copilot", nil),
    ]

    func testEvaluationTablePrecisionAndRecall() {
        let catalog = shipped()
        var truePositives = 0
        var falsePositives = 0
        var misses: [String] = []
        for (query, expected) in CatalogTests.evaluation {
            let found = catalog.match(query)
            if let found {
                if found.entry.id == expected { truePositives += 1 } else { falsePositives += 1 }
            }
            if found?.entry.id != expected {
                misses.append(
                    "\(query) → \(found.map { "\($0.entry.id) (\($0.score))" } ?? "none"), want \(expected ?? "none")")
            }
        }
        let expectedMatches = CatalogTests.evaluation.filter { $0.1 != nil }.count
        let precision = Double(truePositives) / Double(max(1, truePositives + falsePositives))
        let recall = Double(truePositives) / Double(expectedMatches)
        print(
            String(
                format: "catalogue matching: %d queries (%d with an answer), precision %.3f, recall %.3f",
                CatalogTests.evaluation.count, expectedMatches, precision, recall))
        for miss in misses { print("  miss: \(miss)") }
        XCTAssertGreaterThanOrEqual(CatalogTests.evaluation.count, 40)
        XCTAssertEqual(precision, 1, "a wrong guess is worse than no match")
        XCTAssertGreaterThanOrEqual(recall, 0.95)
    }

    /// `match` answers a name equal to a catalogue name or alias without scoring the others; it
    /// must answer what ranking every candidate does, for every name and alias of the shipped
    /// catalogue, the evaluation table, and mangled names — also where two entries share a name.
    func testMatchingAnEqualNameGivesWhatRankingEveryCandidateGives() throws {
        try check(shipped())
        var twin = try XCTUnwrap(shipped()["netflix"])
        twin.id = "netflix-twin"
        let twins = SubscriptionCatalog(entries: shipped().entries + [twin])
        XCTAssertNil(twins.match("Netflix"), "two entries are called Netflix")
        try check(twins)
    }

    private func check(_ catalog: SubscriptionCatalog) throws {
        func ranked(_ name: String) -> CatalogMatch? {
            let candidates = catalog.candidates(for: name)
            guard let best = candidates.first, best.score >= SubscriptionCatalog.acceptScore else { return nil }
            if candidates.count > 1, candidates[1].score > best.score - SubscriptionCatalog.ambiguityMargin {
                return nil
            }
            return best
        }
        var names = CatalogTests.evaluation.map(\.0)
        for entry in catalog.entries {
            let written = [entry.id] + SiteSettings.Language.allCases.compactMap { entry.names[$0] } + entry.aliases
            names += written
            names += written.map { $0.uppercased() + " " }
            names += written.map { String($0.dropLast()) }
        }
        var exact = 0
        for name in names {
            let found = catalog.match(name)
            XCTAssertEqual(found, ranked(name), name)
            if found?.kind == .exact { exact += 1 }
        }
        XCTAssertGreaterThan(exact, catalog.entries.count, "most names are the catalogue's own")
    }

    func testADataFolderCatalogueAddsAndReplacesEntries() throws {
        let (loaded, diagnostics) = try load([
            "catalog.toml": """
            [[service]]
            id = "netflix"
            name = { en = "Netflix", zh-Hans = "奈飞" }
            category = "family"
            cycle = "monthly"
            prices = { CNY = 30, USD = 15.49 }
            unsubscribe = "https://www.netflix.com/cancelplan"
            shareable = true

            [[service]]
            id = "city-gym"
            name = "City Gym"
            aliases = ["CG"]
            prices = { CNY = 199 }
            """
        ])
        XCTAssertEqual(diagnostics, [])
        let own = try XCTUnwrap(loaded?.data.catalog)
        XCTAssertEqual(own.entries.map(\.id), ["city-gym", "netflix"])
        XCTAssertEqual(own["netflix"]?.prices.map(\.amount), [30, Decimal(string: "15.49")!])
        XCTAssertEqual(own["city-gym"]?.category, "other")
        XCTAssertEqual(own["city-gym"]?.cycle, .monthly)
        let merged = shipped().overlaid(by: own)
        XCTAssertEqual(merged["netflix"]?.category, "family")
        XCTAssertEqual(merged.match("city gym")?.entry.id, "city-gym")
        XCTAssertGreaterThan(merged.entries.count, 40)
    }

    func testCatalogueMistakesNameFileLineAndColumn() throws {
        let (loaded, diagnostics) = try load([
            "catalog.toml": """
            [[service]]
            id = "Bad Id"
            name = "X"

            [[service]]
            id = "ok"
            name = { zh-Hans = "好" }
            prices = { USX = 1, EUR = 0 }
            cycle = "monthy"
            unsubscribe = "javascript:alert(1)"
            aliases = ["a", 3]
            shareable = "yes"

            [[service]]
            id = "dup"
            name = "One"

            [[service]]
            id = "dup"
            name = "Two"
            colour = "red"
            """
        ])
        XCTAssertNil(loaded)
        XCTAssertEqual(
            diagnostics.map(\.headline),
            [
                "catalog.toml:2:6: error: service[1].id 'Bad Id' is not a valid id: use lower-case letters, digits and '-' ([a-z0-9][a-z0-9-]*)",
                "catalog.toml:7:8: error: service[2].name: missing required key 'en'",
                "catalog.toml:11:17: error: service[2].aliases must hold only non-empty strings",
                "catalog.toml:9:9: error: service[2].cycle 'monthy' is not one of weekly, monthly, quarterly, semiannual, yearly; did you mean 'monthly'?",
                "catalog.toml:8:12: error: service[2].prices.USX 'USX' is not a known currency code; did you mean 'UGX'?",
                "catalog.toml:8:27: error: service[2].prices.EUR must be > 0",
                "catalog.toml:10:15: error: service[2].unsubscribe must be an http(s) URL",
                "catalog.toml:12:13: error: service[2].shareable must be true or false, not a string",
                "catalog.toml:21:1: warning: unknown key 'service[4].colour'",
                "catalog.toml:19:6: error: service[4].id 'dup' is already the id of the service on line 15",
            ])
    }
}
