import Foundation
import SandjarCLI

// Everything lives in SandjarCLI so the tests can reach it; this only hands over the arguments.
exit(SandjarCommand.main(arguments: Array(CommandLine.arguments.dropFirst())))
