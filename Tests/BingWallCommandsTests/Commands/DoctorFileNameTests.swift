import BingWallTestSupport
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallStore
@testable import BingWallSystem

/// Which names in the image folder `doctor` takes for pictures (`<date>_<Name>_<RES>[-N].jpg`, as
/// `ImageFolder.fileName` writes them) and which for strays.
@Suite struct DoctorFileNameTests {
  @Test(arguments: [
    ("2026-11-30_Fox_UHD.jpg", "2026-11-30", "Fox", "UHD", 1),
    ("2026-11-30_Fox_UHD-3.jpg", "2026-11-30", "Fox", "UHD", 3),
    ("2026-12-01_Lake_Shore_1920x1080.jpg", "2026-12-01", "Lake_Shore", "1920x1080", 1),
    ("2026-12-01_A-B_800x600-2.jpg", "2026-12-01", "A-B", "800x600", 2),
  ])
  func picturesNames(_ file: String, _ date: String, _ name: String, _ resolution: String, _ attempt: Int)
    throws
  {
    let parsed = try #require(PictureFileName(file))
    #expect(parsed.date == CalendarDate(parsing: date))
    #expect(parsed.name == name)
    #expect(parsed.resolution == Resolution(resolution))
    #expect(parsed.attempt == attempt)
  }

  @Test(arguments: [
    "notes.txt", "random.jpg", "2026-11-30_UHD.jpg", "2026-13-45_Fox_UHD.jpg", "2026-11-30_Fox_HUGE.jpg",
    "2026-11-30_Fox_UHD.jpeg", "2026-11-30__UHD.jpg", "Fox_2026-11-30_UHD.jpg",
  ])
  func otherNames(_ file: String) {
    #expect(PictureFileName(file) == nil)
  }
}
