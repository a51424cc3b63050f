import Basics
import XCTest

final class BasicsTests: XCTestCase {
    /// The published FNV-1a 64-bit test vectors (the empty string, "a", "foobar").
    func testFNV1aMatchesTheReferenceVectors() {
        XCTAssertEqual(FNV1a.hash(""), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(FNV1a.hash("a"), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(FNV1a.hash("foobar"), 0x8594_4171_F739_67E8)
        XCTAssertEqual(FNV1a.hash("bar", into: FNV1a.hash("foo")), FNV1a.hash("foobar"), "hashed in parts")
        XCTAssertEqual(FNV1a.hash([UInt8]("foobar".utf8)), FNV1a.hash("foobar"))
    }

    func testZeroPadding() {
        XCTAssertEqual(7.zeroPadded(2), "07")
        XCTAssertEqual(2026.zeroPadded(2), "2026")
        XCTAssertEqual(12.zeroPadded(4), "0012")
        XCTAssertEqual((-5).zeroPadded(3), "-005")
        XCTAssertEqual(UInt64(255).zeroPadded(16, radix: 16), "00000000000000ff")
        XCTAssertEqual(UInt32(0x1B).zeroPadded(4, radix: 16, uppercase: true), "001B")
        XCTAssertEqual(UInt64.max.zeroPadded(4, radix: 16), "ffffffffffffffff")
    }
}
