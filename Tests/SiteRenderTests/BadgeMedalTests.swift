import Badges
import Foundation
import XCTest

@testable import SiteRender

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Every badge has a medal of its own: its category's shape and a glyph no other badge has.
final class BadgeMedalTests: XCTestCase {
    func testEveryBadgeHasItsOwnGlyph() {
        let ids = BadgeDefinition.all.map(\.id)
        XCTAssertEqual(ids.count, 21)
        XCTAssertEqual(Set(BadgeMedal.glyphs.keys), Set(ids), "a glyph for each badge and none for another")
        let drawings = ids.map(BadgeMedal.glyph)
        XCTAssertEqual(Set(drawings).count, ids.count, "two badges share a glyph")
        XCTAssertEqual(BadgeMedal.glyph("not_a_badge"), "<circle class=\"fill\" cx=\"32\" cy=\"32\" r=\"5\"/>")
    }

    func testEachCategoryHasItsShape() {
        let shapes = BadgeDefinition.Category.allCases.map { BadgeMedal.shapes[$0] }
        XCTAssertFalse(shapes.contains(nil))
        XCTAssertEqual(Set(shapes.compactMap { $0 }).count, BadgeDefinition.Category.allCases.count)
        let medal = BadgeMedal.svg(id: "slayer_5", category: .subscriptions)
        XCTAssertTrue(
            medal.hasPrefix("<svg class=\"medal medal-subscriptions\" viewBox=\"0 0 64 64\" aria-hidden=\"true\">"))
        XCTAssertTrue(medal.contains(BadgeMedal.shapes[.subscriptions]!))
        XCTAssertTrue(medal.hasSuffix("<g class=\"medal-glyph\">\(BadgeMedal.glyph("slayer_5"))</g></svg>"))
    }

    /// The markup is well-formed XML, so an inline SVG never swallows the text after it.
    func testEveryMedalIsWellFormed() throws {
        for definition in BadgeDefinition.all {
            let svg = BadgeMedal.svg(id: definition.id, category: definition.category)
            let parser = XMLParser(data: Data(svg.utf8))
            XCTAssertTrue(parser.parse(), "\(definition.id): \(parser.parserError.map { "\($0)" } ?? "")")
        }
    }
}
