import Basics
import Dispatch
import XCTest

/// A memo's cell gives its value back only for a key equal to the one it was made from.
final class MemoTests: XCTestCase {
    func testACellMakesItsValueAgainOnlyForAnotherKey() {
        let cell = MemoCell<[Int], String>()
        var made = 0
        let make = { (text: String) in
            { () -> String in
                made += 1
                return text
            }
        }
        XCTAssertEqual(cell.value(for: [1, 2], make: make("a")), "a")
        XCTAssertEqual(cell.value(for: [1, 2], make: make("b")), "a", "the same key: the kept value")
        XCTAssertEqual(cell.value(for: [1, 3], make: make("c")), "c", "another key: made again")
        XCTAssertEqual(made, 2)
        XCTAssertEqual(cell.last?.key, [1, 3])
    }

    func testAShelfKeepsOneValueByNameAndCountsItsMisses() {
        let shelf = MemoShelf<String, Int, String>()
        XCTAssertNil(shelf.value(at: "a", for: 1))
        shelf.keep("one", at: "a", for: 1)
        shelf.keep("two", at: "b", for: 2)
        XCTAssertEqual(shelf.value(at: "a", for: 1), "one")
        XCTAssertEqual(shelf.value(at: "b", for: 2), "two")
        XCTAssertNil(shelf.value(at: "a", for: 2), "another key at the same name")
        XCTAssertEqual(shelf.value(at: "a", for: 2) { "one again" }, "one again")
        XCTAssertEqual(shelf.value(at: "a", for: 2), "one again", "kept in the old one's place")
        XCTAssertEqual(shelf.misses, 3)
    }

    func testAShelfIsFilledFromEveryCoreAtOnce() {
        let shelf = MemoShelf<Int, Int, Int>()
        DispatchQueue.concurrentPerform(iterations: 1000) { index in
            _ = shelf.value(at: index % 10, for: index) { index * 2 }
        }
        for name in 0..<10 {
            XCTAssertNotNil((0..<1000).lazy.compactMap { shelf.value(at: name, for: $0) }.first)
        }
    }
}
