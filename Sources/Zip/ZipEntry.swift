/// One file (or folder) of a zip archive, as its central directory describes it. Its name is only
/// ever a key to look it up by: no entry becomes a path on the disk.
public struct ZipEntry: Sendable, Equatable {
    /// As the archive names it, `/` between folders (`001 Meditate/Checkmarks.csv`).
    public let name: String
    /// The size it unpacks to, as declared; reading it yields exactly this many bytes or fails.
    public let size: Int
    let method: UInt16
    let flags: UInt16
    let crc: UInt32
    let compressedSize: Int
    let localHeaderOffset: Int
    /// The name's bytes, to check the local header against.
    let rawName: [UInt8]

    /// A folder entry (`001 Meditate/`), which holds no data.
    public var isFolder: Bool { name.hasSuffix("/") }

    /// General-purpose flag bits (APPNOTE 4.4.4).
    static let encrypted: UInt16 = 1 << 0
    static let strongEncryption: UInt16 = 1 << 6
    static let utf8Name: UInt16 = 1 << 11
    static let maskedHeaders: UInt16 = 1 << 13

    /// The name: UTF-8 when flag bit 11 says so, else Info-ZIP's UTF-8 copy (extra field 0x7075)
    /// when it matches the name it stands for, else code page 437, as APPNOTE says.
    static func name(_ raw: [UInt8], flags: UInt16, extra: ArraySlice<UInt8>) -> String? {
        if flags & utf8Name != 0 || raw.allSatisfy({ $0 < 0x80 }) {
            return String(validating: raw, as: UTF8.self)
        }
        if let unicode = extraField(0x7075, in: extra), unicode.count > 5, unicode.first == 1,
            unicode.dropFirst().littleEndian32(at: 0) == Inflate.crc32(raw[...]),
            let name = String(validating: unicode.dropFirst(5), as: UTF8.self)
        {
            return name
        }
        return String(
            String.UnicodeScalarView(raw.map { $0 < 0x80 ? Unicode.Scalar($0) : codePage437[Int($0) - 0x80] }))
    }

    /// What makes `name` unfit to be a path, were it one: nil for a name Loop could write.
    static func hazard(in name: String) -> String? {
        if name.isEmpty { return "an empty name" }
        if name.hasPrefix("/") { return "an absolute path" }
        if name.contains("\\") { return "a backslash" }
        if name.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            return "a control character"
        }
        if name.split(separator: "/", omittingEmptySubsequences: false).contains("..") {
            return "'..', which climbs out of the folder it is unpacked into"
        }
        let scalars = Array(name.unicodeScalars.prefix(2))
        if scalars.count == 2, scalars[1] == ":", scalars[0].properties.isAlphabetic, scalars[0].isASCII {
            return "a drive letter"
        }
        return nil
    }

    /// The data of extra field `id` (APPNOTE 4.5: id, size, data, repeated).
    static func extraField(_ id: UInt16, in extra: ArraySlice<UInt8>) -> ArraySlice<UInt8>? {
        var rest = extra
        while let header = rest.littleEndian16(at: 0), let size = rest.littleEndian16(at: 2) {
            let data = rest.dropFirst(4)
            guard data.count >= Int(size) else { return nil }
            if header == id { return data.prefix(Int(size)) }
            rest = data.dropFirst(Int(size))
        }
        return nil
    }

    /// Bytes 0x80–0xFF of IBM code page 437.
    private static let codePage437 = Array(
        "ÇüéâäàåçêëèïîìÄÅÉæÆôöòûùÿÖÜ¢£¥₧ƒáíóúñÑªº¿⌐¬½¼¡«»░▒▓│┤╡╢╖╕╣║╗╝╜╛┐└┴┬├─┼╞╟╚╔╩╦╠═╬╧╨╤╥╙╘╒╓╫╪┘┌█▄▌▐▀αßΓπΣσµτΦΘΩδ∞φε∩≡±≥≤⌠⌡÷≈°∙·√ⁿ²■\u{A0}"
            .unicodeScalars)
}

extension ArraySlice<UInt8> {
    /// The little-endian number at `offset` from the slice's start; nil past its end.
    func littleEndian16(at offset: Int) -> UInt16? {
        guard offset >= 0, count >= offset + 2 else { return nil }
        let at = startIndex + offset
        return UInt16(self[at]) | UInt16(self[at + 1]) << 8
    }

    func littleEndian32(at offset: Int) -> UInt32? {
        guard let low = littleEndian16(at: offset), let high = littleEndian16(at: offset + 2) else { return nil }
        return UInt32(low) | UInt32(high) << 16
    }
}
