#if canImport(Glibc)
    import Glibc
#endif

/// The options only `serve` takes: where it listens, and whether its pages may write.
extension Option where Value == UInt16 {
    static var port: Option {
        .parsed("port", "N", help: ["the port (default: 8080; 0 picks a free one)"]) {
            text throws(Arguments.UsageError) in
            guard let port = UInt16(text) else {
                throw Arguments.UsageError(message: "--port must be a number from 0 to 65535, not '\(text)'")
            }
            return port
        }
    }
}

extension Option where Value == String {
    /// An IPv4 address, as typed once it reads as one.
    static var listen: Option {
        .parsed(
            "listen", "ADDR",
            help: [
                "listen on ADDR (e.g. 0.0.0.0, for a phone on your network)",
                "instead of 127.0.0.1; every request then needs the token",
                "in the address serve prints. The traffic is not encrypted.",
            ]
        ) { address throws(Arguments.UsageError) in
            var parsed = in_addr()
            guard inet_pton(AF_INET, address, &parsed) == 1 else {
                throw Arguments.UsageError(
                    message: "--listen takes an IPv4 address such as 0.0.0.0 (every interface) or 192.168.1.20, "
                        + "not '\(address)'")
            }
            return address
        }
    }
}

extension Option where Value == Bool {
    static var readOnly: Option { .flag("read-only", help: ["no forms: the preview writes nothing"]) }
}
