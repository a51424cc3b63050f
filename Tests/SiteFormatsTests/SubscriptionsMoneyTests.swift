import Domain
import TestSupport
import XCTest

@testable import SiteFormats

/// Money formatting in both UI languages: symbols, minor digits, grouping, rounding, signs.
final class SubscriptionsMoneyTests: XCTestCase {
    private let en = MoneyFormatter(language: .en)
    private let zh = MoneyFormatter(language: .zhHans)
    private func c(_ code: String) -> Currency { Currency(code: code)! }

    func testEightCurrenciesInEnglish() {
        let amount = dec("1234567.891")
        XCTAssertEqual(en.string(amount, c("CNY")), "CN¥1,234,567.89")
        XCTAssertEqual(en.string(amount, c("USD")), "$1,234,567.89")
        XCTAssertEqual(en.string(amount, c("EUR")), "€1,234,567.89")
        XCTAssertEqual(en.string(amount, c("GBP")), "£1,234,567.89")
        XCTAssertEqual(en.string(amount, c("JPY")), "¥1,234,568")
        XCTAssertEqual(en.string(amount, c("KRW")), "₩1,234,568")
        XCTAssertEqual(en.string(amount, c("TWD")), "NT$1,234,567.89")
        XCTAssertEqual(en.string(amount, c("HKD")), "HK$1,234,567.89")
    }

    func testEightCurrenciesInChinese() {
        let amount = dec("1234567.891")
        XCTAssertEqual(zh.string(amount, c("CNY")), "¥1,234,567.89")
        XCTAssertEqual(zh.string(amount, c("USD")), "US$1,234,567.89")
        XCTAssertEqual(zh.string(amount, c("EUR")), "€1,234,567.89")
        XCTAssertEqual(zh.string(amount, c("GBP")), "£1,234,567.89")
        XCTAssertEqual(zh.string(amount, c("JPY")), "JP¥1,234,568")
        XCTAssertEqual(zh.string(amount, c("KRW")), "₩1,234,568")
        XCTAssertEqual(zh.string(amount, c("TWD")), "NT$1,234,567.89")
        XCTAssertEqual(zh.string(amount, c("HKD")), "HK$1,234,567.89")
    }

    func testNegativesSmallAmountsAndOtherCurrencies() {
        XCTAssertEqual(en.string(dec("-15.49"), c("USD")), "-$15.49")
        XCTAssertEqual(zh.string(dec("-1490"), c("JPY")), "-JP¥1,490")
        XCTAssertEqual(en.string(dec("-0.001"), c("USD")), "$0.00", "never -0.00")
        XCTAssertEqual(en.string(0, c("KRW")), "₩0")
        XCTAssertEqual(en.string(dec("999.999"), c("GBP")), "£1,000.00")
        XCTAssertEqual(en.string(dec("1234.5"), c("CHF")), "CHF 1,234.50")
        XCTAssertEqual(zh.string(dec("-1234.5"), c("CHF")), "-CHF 1,234.50")
        XCTAssertEqual(en.string(dec("1.2345"), c("KWD")), "KWD 1.235", "three minor digits")
    }

    func testRoundingIsHalfAwayFromZero() {
        XCTAssertEqual(en.string(dec("2.345"), c("USD")), "$2.35")
        XCTAssertEqual(en.string(dec("-2.345"), c("USD")), "-$2.35")
        XCTAssertEqual(en.string(dec("0.5"), c("JPY")), "¥1", "not banker's rounding to ¥0")
        XCTAssertEqual(en.string(dec("-0.5"), c("JPY")), "-¥1")
        XCTAssertEqual(zh.string(dec("2.5"), c("KRW")), "₩3")
        XCTAssertEqual(zh.string(dec("0.125"), c("CNY")), "¥0.13")
    }

    func testNumberGrouping() {
        XCTAssertEqual(en.number(dec("1000"), digits: 0), "1,000")
        XCTAssertEqual(en.number(dec("999"), digits: 0), "999")
        XCTAssertEqual(en.number(dec("-100000.5"), digits: 2), "-100,000.50")
        XCTAssertEqual(zh.number(dec("12345678"), digits: 0), "12,345,678")
    }

    /// A shared plan's share of 1490 yen ÷ 3, in a Chinese site: no minor digits, the yen marked.
    func testAShareOfYenIsShownWithoutMinorDigits() {
        XCTAssertEqual(zh.string(Decimal(1490) / Decimal(3), Currency(code: "JPY")!), "JP¥497")
    }
}
