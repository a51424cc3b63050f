#if os(Linux)
    /// `arc4random` for glibc before 2.36. The release binary links GCC 12's libstdc++ statically (so
    /// it needs nothing but glibc, DESIGN.md §6), and that libstdc++ calls `arc4random`, which glibc
    /// has only since 2.36; defined here, the binary still starts on glibc 2.35 (Ubuntu 22.04).
    /// Swift's system generator reads the kernel's `getrandom`, as glibc's `arc4random` does.
    /// `make build` checks that no newer glibc symbol is needed.
    @_cdecl("arc4random")
    func arc4randomBeforeGlibc236() -> UInt32 {
        var generator = SystemRandomNumberGenerator()
        return generator.next()
    }
#endif
