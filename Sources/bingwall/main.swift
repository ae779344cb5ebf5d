import BingWallCommands
import Glibc

// Everything lives in the library targets; this file only hands the process over.
exit(BingWall.main(arguments: Array(CommandLine.arguments.dropFirst())))
