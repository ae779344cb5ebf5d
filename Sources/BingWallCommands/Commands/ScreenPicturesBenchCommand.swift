import BingWallCLI
import BingWallKit
import BingWallSystem

/// `bingwall __screen-pictures FILE WIDTHxHEIGHT FOLDER`: hidden plumbing for `make bench`.
/// Makes what an apply makes for one screen of that size (the crop, and its dark, lock and
/// captioned variants) into FOLDER, through the same code, so the benchmark measures the
/// release binary a user runs against ImageMagick doing the same four.
enum ScreenPicturesBenchCommand {
  static let source = Argument<String>("file", kind: .file, help: "A JPEG.")
  static let size = Argument<String>("size", help: "The screen, WIDTHxHEIGHT.")
  static let folder = Argument<String>("folder", kind: .file, help: "Where the pictures go.")

  static let command = Command(
    spec: CommandSpec(
      name: "__screen-pictures", abstract: "Make one screen's pictures of a file (for make bench).",
      arguments: [source.spec, size.spec, folder.spec], hidden: true),
    run: { invocation, context in
      let sides = (invocation[size] ?? "").split(separator: "x").compactMap { Int($0) }
      guard let file = invocation[source], let folder = invocation[folder], sides.count == 2
      else {
        context.stderr.write("bingwall: usage: bingwall __screen-pictures FILE WIDTHxHEIGHT FOLDER\n")
        return ExitCode.usage
      }
      let made = ScreenPictureBenchmark.make(source: file, width: sides[0], height: sides[1], folder: folder)
      switch made {
      case .success(let paths):
        context.stdout.write(paths.map { $0 + "\n" }.joined())
        return ExitCode.success
      case .failure(let problem):
        context.stderr.write("bingwall: \(problem)\n")
        return ExitCode.failure
      }
    })
}
