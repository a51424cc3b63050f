import XCTest

@testable import SiteRender

/// A theme string's `{name}` placeholders are filled in one pass (`SiteRenderer.fill`).
final class PlaceholderTests: XCTestCase {
    func testPlaceholdersAreFilledOnceAndUnknownOnesKept() {
        XCTAssertEqual(
            SiteRenderer.fill("{count} sessions on {date}", ["count": "3", "date": "29 Nov"]), "3 sessions on 29 Nov")
        // A value is never searched for placeholders: a goal named "{date}" stays as it is.
        XCTAssertEqual(SiteRenderer.fill("{name} by {date}", ["name": "{date}", "date": "1 May"]), "{date} by 1 May")
        XCTAssertEqual(SiteRenderer.fill("{unknown} and {count}", ["count": "1"]), "{unknown} and 1")
        XCTAssertEqual(SiteRenderer.fill("{{count}} {", ["count": "2"]), "{2} {")
        XCTAssertEqual(SiteRenderer.fill("存了{amount}元", ["amount": "¥5"]), "存了¥5元")
        XCTAssertEqual(SiteRenderer.fill("no placeholders", ["count": "2"]), "no placeholders")
    }
}
