import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallKit
@testable import BingWallSystem

/// Use cases whose file work is logic (which files, which names, in which order), run on an
/// `InMemoryFileSystem`: no temporary folder, nothing on the disk. The same code on the disk is
/// the in-process and end-to-end suites'.
@Suite struct FileSystemUseCaseTests {
  let files = InMemoryFileSystem()

  // MARK: The screens' pictures' cache

  /// A made picture's name (`STEM-HASH-SIZE-FIT-VARIANT.jpg`), of `size` bytes, changed at `time`.
  func made(_ stem: String, _ hash: String, size: Int, time: Int, in folder: String) -> String {
    let path = "\(folder)/\(stem)-\(hash)-2560x1440-crop-plain.jpg"
    files.add(path, String(repeating: "x", count: size), modified: time)
    return path
  }

  @Test func theCacheLosesItsOldestFilesFirstAndNeverTheOneJustMade() {
    let folder = "/home/u/.cache/bingwall/screens"
    let oldest = made("a", "00000001", size: 400, time: 100, in: folder)
    let older = made("b", "00000002", size: 400, time: 200, in: folder)
    let newer = made("c", "00000003", size: 400, time: 300, in: folder)
    let justMade = made("d", "00000004", size: 400, time: 50, in: folder)  // an old time, reused now
    files.add(folder + "/.bingwall-x1y2z3", String(repeating: "t", count: 4000))  // a write under way
    var pictures = ScreenPictures(folder: folder, maximumSize: ByteCount(bytes: 900))
    pictures.files = files

    pictures.trim(keeping: justMade)
    // 1,600 bytes of made files: the two oldest but the one kept go, leaving 800.
    #expect(files.text(oldest) == nil && files.text(older) == nil)
    #expect(files.text(newer) != nil && files.text(justMade) != nil)
    #expect(files.text(folder + "/.bingwall-x1y2z3") != nil, "a temporary file is not the cache's to trim")
  }

  @Test func aPrunedPictureTakesOnlyItsOwnMadeFilesWithIt() {
    let folder = "/home/u/.cache/bingwall/screens"
    let lake = made("20261201_OHR.Lake_en-US", "1a2b3c4d", size: 10, time: 1, in: folder)
    let lakeDark = folder + "/20261201_OHR.Lake_en-US-1a2b3c4d-whole-letterbox-dark.jpg"
    files.add(lakeDark, "d")
    let other = made("20261202_OHR.Hill_en-US", "5e6f7a8b", size: 10, time: 1, in: folder)
    let mine = folder + "/20261201_OHR.Lake_en-US-holiday.jpg"  // not a name bingwall makes
    files.add(mine, "m")
    var pictures = ScreenPictures(folder: folder, maximumSize: nil)
    pictures.files = files

    pictures.remove(madeFrom: ["/home/u/.local/share/bingwall/images/20261201_OHR.Lake_en-US.jpg"])
    #expect(files.text(lake) == nil && files.text(lakeDark) == nil)
    #expect(files.text(other) != nil && files.text(mine) != nil)
  }

  // MARK: What each screen shows

  @Test func theShownScreensComeBackAsSavedAndNoneRemovesTheFile() throws {
    let shown = ShownScreens(stateDir: "/home/u/.local/state/bingwall", files: files)
    let screens = [
      ShownScreens.Screen(output: "DP-1", key: "OHR.Lake", source: "/p/lake.jpg", file: "/c/lake-DP-1.jpg"),
      ShownScreens.Screen(output: "HDMI-A-1", key: nil, source: "/home/u/mine.jpg", file: "/home/u/mine.jpg"),
    ]
    try shown.save(screens)
    #expect(shown.load() == screens)
    #expect(files.status(of: shown.path, followingLinks: true)?.mode == 0o600)

    try shown.save([])
    #expect(files.text(shown.path) == nil)
    #expect(shown.load().isEmpty)
  }

  @Test func aShownScreensFileTooLargeOrNotOursReadsAsNone() {
    let shown = ShownScreens(stateDir: "/home/u/.local/state/bingwall", files: files)
    files.add(shown.path, "{\"screens\": [" + String(repeating: " ", count: ShownScreens.maximumBytes) + "]}")
    #expect(shown.load().isEmpty)
    files.add(shown.path, "not json")
    #expect(shown.load().isEmpty)
  }

  // MARK: Other tools' folders

  @Test func aPeersFolderFollowsTheUsersPicturesFolderAndMustExist() {
    let environment = ["HOME": "/home/u"]
    files.add("/home/u/.config/user-dirs.dirs", "# xdg-user-dirs\nXDG_PICTURES_DIR=\"$HOME/Bilder\"\n")
    #expect(PeerFolder.neffo.folders(environment: environment, home: "/home/u", in: files).isEmpty)
    #expect(
      PeerFolder.neffo.looked(environment: environment, home: "/home/u", in: files)
        == "/home/u/Bilder/BingWallpaper")
    files.addFolders("/home/u/Bilder/BingWallpaper")
    #expect(
      PeerFolder.neffo.folders(environment: environment, home: "/home/u", in: files) == [
        "/home/u/Bilder/BingWallpaper"
      ])
    // A value that climbs out is not taken: ~/Pictures.
    files.add("/home/u/.config/user-dirs.dirs", "XDG_PICTURES_DIR=\"$HOME/../x\"\n")
    #expect(
      PeerFolder.picturesFolder(environment: environment, home: "/home/u", in: files) == "/home/u/Pictures")
  }

  @Test func varietysBingFoldersAreEachOneInOrder() {
    let downloaded = "/home/u/.config/variety/Downloaded"
    files.addFolders(downloaded + "/Bing_en-GB")
    files.addFolders(downloaded + "/Bing")
    files.addFolders(downloaded + "/Unsplash")
    files.add(downloaded + "/Bing-notes.txt", "a file, not a folder")
    #expect(
      PeerFolder.variety.folders(environment: ["HOME": "/home/u"], home: "/home/u", in: files) == [
        downloaded + "/Bing", downloaded + "/Bing_en-GB",
      ])
  }

  // MARK: The login screen

  @Test func sddmsThemeIsTheLastConfigsAndTheDisplayManagerTheLinksUnit() {
    let memory = MemoryContext()
    let files = memory.files
    files.add("/etc/sddm.conf", "[Theme]\nCurrent=breeze\n")
    files.add("/etc/sddm.conf.d/20-later.conf", "[Theme]\nCurrent=sugar-candy\n")
    files.add("/etc/sddm.conf.d/10-earlier.conf", "[Theme]\nCurrent=maya\n")
    files.add("/etc/sddm.conf.d/README", "[Theme]\nCurrent=not-a-conf\n")
    files.addLink("/etc/systemd/system/display-manager.service", to: "/usr/lib/systemd/system/sddm.service")
    let screen = LoginScreen(context: memory.context())
    // /etc/sddm.conf is read last, as SDDM reads it: its lines win over every drop-in.
    #expect(screen.sddmTheme() == "breeze")
    #expect(screen.displayManager() == "sddm")
    files.add("/etc/X11/default-display-manager", "/usr/sbin/lightdm\n")
    #expect(screen.displayManager() == "lightdm", "Debian's file wins over the link")
  }

  @Test func withNoSddmThemeNamedDebiansIsTakenOnlyWhenItsFolderIsThere() {
    let memory = MemoryContext()
    let screen = LoginScreen(context: memory.context())
    #expect(screen.sddmTheme() == nil)
    memory.files.addFolders("/usr/share/sddm/themes/debian-theme")
    #expect(screen.sddmTheme() == "debian-theme")
  }
}
