/// Mac OS Roman, the text of Quicken for the classic Mac OS: decoded here from Apple's table,
/// because Foundation on Linux does not map it right (0xDB is €, not ˜).
enum MacRoman {
    /// The characters of bytes 0x80–0xFF, in order (0xF0 is Apple's logo, in the private use area).
    private static let upper = Array(
        ("ÄÅÇÉÑÖÜáàâäãåçéèêëíìîïñóòôöõúùûü†°¢£§•¶ß®©™´¨≠ÆØ∞±≤≥¥µ∂∑∏π∫ªºΩæø"
            + "¿¡¬√ƒ≈∆«»…\u{A0}ÀÃÕŒœ–—“”‘’÷◊ÿŸ⁄€‹›ﬁﬂ‡·‚„‰ÂÊÁËÈÍÎÏÌÓÔ\u{F8FF}ÒÚÛÙıˆ˜¯˘˙˚¸˝˛ˇ").unicodeScalars)

    static func decode(_ bytes: [UInt8]) -> String {
        var text = String.UnicodeScalarView()
        for byte in bytes {
            text.append(byte < 0x80 ? Unicode.Scalar(byte) : upper[Int(byte) - 0x80])
        }
        return String(text)
    }
}
