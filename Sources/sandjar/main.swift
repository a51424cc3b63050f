import Foundation
import SandjarCLI

// A file-size limit (`ulimit -f` in a cron job) must end a build with a clear error, not kill it:
// with SIGXFSZ ignored, the write fails with EFBIG and the publisher reports "File too large".
signal(SIGXFSZ, SIG_IGN)

// glibc grows a thread's malloc heap by as little as each allocation needs, one mprotect(2) at a
// time: rendering 2,000 pages made 4,100 of them. Grown 16 MiB at a time (M_TOP_PAD, untouched
// pages cost no memory), it makes about 130, and the build takes 2-5 % less CPU. mallopt is
// looked up at run time: Swift's Glibc module does not declare it.
if let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") {
    typealias MallOpt = @convention(c) (Int32, Int32) -> Int32
    let topPad: Int32 = -2  // M_TOP_PAD in <malloc.h>
    _ = unsafeBitCast(symbol, to: MallOpt.self)(topPad, 16 << 20)
}

// Everything lives in SandjarCLI so the tests can reach it; this only hands over the arguments, as
// bytes, so that one which is not UTF-8 is refused rather than silently repaired.
exit(SandjarCommand.main(rawArguments: SandjarCommand.processArguments))
