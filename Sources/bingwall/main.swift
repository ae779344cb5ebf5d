import BingWallKit

#if canImport(Glibc)
  import Glibc
#endif

// Everything lives in BingWallKit; this file only hands the process over.
let context = Context.live()
let status = BingWall.run(arguments: Array(CommandLine.arguments.dropFirst()), context: context)
exit(context.finish(status))
