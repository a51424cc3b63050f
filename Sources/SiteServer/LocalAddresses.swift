#if canImport(Glibc)
    import Glibc
#endif

/// This machine's addresses, for serve beyond the loopback (`--listen`): the names a browser on
/// the network may use as Host, and the address serve prints for a phone to open.
public enum LocalAddresses {
    /// The names allowed as Host besides the loopback ones when listening on `address`: this
    /// machine's IPv4 addresses (every interface's for 0.0.0.0, else the one given) and its host
    /// name, alone and with `.local` (mDNS). Any other Host is refused, so a web page that rebinds
    /// its own domain to this machine reads nothing.
    static func names(servedOn address: String) -> Set<String> {
        var names: Set<String> = address == "0.0.0.0" ? Set(ipv4()) : [address]
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count) == 0 {
            let host = text(buffer).lowercased()
            if !host.isEmpty { names.formUnion([host, host + ".local"]) }
        }
        return names
    }

    /// The first private IPv4 address of this machine (10.x, 172.16–31.x, 192.168.x), else any
    /// that is not a loopback one; nil when there is none.
    public static func lanAddress() -> String? {
        let found = ipv4().filter { !$0.hasPrefix("127.") }
        let isPrivate = { (name: String) -> Bool in
            let parts = name.split(separator: ".").compactMap { Int($0) }
            guard parts.count == 4 else { return false }
            return parts[0] == 10 || (parts[0] == 192 && parts[1] == 168)
                || (parts[0] == 172 && (16...31).contains(parts[1]))
        }
        return found.first(where: isPrivate) ?? found.first
    }

    /// The IPv4 address of every interface that has one, in the system's order.
    static func ipv4() -> [String] {
        var first: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&first) == 0 else { return [] }
        defer { freeifaddrs(first) }
        var found: [String] = []
        var entry = first
        while let current = entry {
            if let address = current.pointee.ifa_addr, address.pointee.sa_family == sa_family_t(AF_INET) {
                var buffer = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
                address.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { inet in
                    var raw = inet.pointee.sin_addr
                    _ = inet_ntop(AF_INET, &raw, &buffer, socklen_t(buffer.count))
                }
                found.append(text(buffer))
            }
            entry = current.pointee.ifa_next
        }
        return found
    }

    private static func text(_ buffer: [CChar]) -> String {
        String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
