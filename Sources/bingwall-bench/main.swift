import BingWallKit
import BingWallSystem
import Glibc

// `make bench`'s plumbing, kept out of the binary a user runs (as swift-format keeps its
// performance measurement out of its commands):
//
//   bingwall-bench screen-pictures FILE WIDTHxHEIGHT FOLDER
//
// makes what an apply makes for one screen of that size (the crop, and its dark, lock and
// captioned variants) into FOLDER, through the same code as `apply`, and prints their paths.
let stdout = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)
let stderr = FileDescriptorOutput(fileDescriptor: STDERR_FILENO)
let arguments = Array(CommandLine.arguments.dropFirst())
let sides = arguments.count == 4 ? arguments[2].split(separator: "x").compactMap { Int($0) } : []
guard arguments.first == "screen-pictures", sides.count == 2 else {
  stderr.error(
    "usage: bingwall-bench screen-pictures FILE WIDTHxHEIGHT FOLDER",
    hint: "bench/screens_bench.py runs it; see bench/README.md")
  exit(ExitCode.usage)
}
switch ScreenPictureBenchmark.make(
  source: arguments[1], width: sides[0], height: sides[1], folder: arguments[3])
{
case .success(let paths):
  stdout.write(paths.map { $0 + "\n" }.joined())
  stdout.flush()
  exit(ExitCode.success)
case .failure(let problem):
  stderr.error("\(problem)")
  stderr.flush()
  exit(ExitCode.failure)
}
