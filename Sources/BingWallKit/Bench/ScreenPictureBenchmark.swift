import BingWallDesktop
import BingWallSystem

/// What `bingwall-bench screen-pictures` makes, for `make bench`: here, beside `ScreenPictures`,
/// because it makes them through that type, which stays inside Kit.
package enum ScreenPictureBenchmark {
  /// The crop of `source` for `output`, and its dark (0.7), lock (sigma 20) and captioned
  /// pictures, each a look of the crop alone, as the yardstick makes them, in `folder`: all four
  /// asked for at once, as `PicturePlan` asks for a screen's picture and its looks; the crop is
  /// made once, and each look from it in memory while it is written. (An apply with the caption
  /// on draws it first and makes the dark and lock pictures from the captioned one, which is one
  /// step longer: bench/README.md.)
  package static func make(source: String, width: Int, height: Int, folder: String) -> Result<
    [String], ScreenProblem
  > {
    let output = Output(name: "BENCH-1", width: width, height: height, primary: true)
    let plain = ScreenPictures(folder: folder, maximumSize: nil, darkDim: 0.7, lockBlur: 20)
    let captioned = {
      var pictures = plain
      pictures.caption = ScreenPictures.caption(
        title: "Lake Bled and its island, Slovenia", credit: "© Example Photographer")
      return pictures
    }()
    let dark = Overlapped {
      plain.make(
        PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill, variant: .dark))
    }
    let lock = Overlapped {
      plain.make(
        PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill, variant: .lock))
    }
    let caption = Overlapped {
      captioned.make(PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill))
    }
    let crop = plain.make(PictureRecipe(picture: PictureFile(path: source), outputs: [output], mode: .fill))
    let made = [crop, dark.value(), lock.value(), caption.value()]
    var paths: [String] = []
    for result in made {
      switch result {
      case .success(let path): paths.append(path)
      case .failure(let problem): return .failure(problem)
      }
    }
    return .success(paths)
  }
}
