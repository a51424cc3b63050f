import Foundation
import SandjarCLI

// A file-size limit (`ulimit -f` in a cron job) must end a build with a clear error, not kill it:
// with SIGXFSZ ignored, the write fails with EFBIG and the publisher reports "File too large".
signal(SIGXFSZ, SIG_IGN)

// Everything lives in SandjarCLI so the tests can reach it; this only hands over the arguments, as
// bytes, so that one which is not UTF-8 is refused rather than silently repaired.
exit(SandjarCommand.main(rawArguments: SandjarCommand.processArguments))
