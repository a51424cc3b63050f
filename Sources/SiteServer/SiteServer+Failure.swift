#if canImport(Glibc)
    import Glibc
#endif

extension SiteServer {
    /// Why the server could not start, in words for the person who typed `sandjar serve`.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        public let message: String

        public init(message: String) {
            self.message = message
        }

        public var description: String { message }

        /// The failure for `errno` after binding or listening on `port`.
        static func binding(port: UInt16, address: String = "127.0.0.1", errno code: Int32) -> Failure {
            switch code {
            case EADDRINUSE:
                return Failure(message: "port \(port) is in use")
            case EACCES:
                return Failure(message: "not allowed to listen on port \(port); pick a port above 1023")
            case EADDRNOTAVAIL:
                return Failure(message: "\(address) is not an address of this machine; try 0.0.0.0 for all of them")
            default:
                return Failure(message: "cannot listen on \(address):\(port): \(String(cString: strerror(code)))")
            }
        }
    }
}
