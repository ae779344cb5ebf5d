import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallSystem

/// The INI writers edit the line a reader takes. Found by `make fuzz` (INIWriter): with a key
/// given twice in its section, the first line was edited and the reader (GLib's key files, as
/// `INILines.value`) took the second, so the greeter kept its old picture.
@Suite struct INILinesTests {
  static let twice = """
    # comment
    [greeter]
    background=/usr/share/images/login.svg
    theme-name=Adwaita
    background=/usr/share/images/other.svg

    """

  @Test func aKeyGivenTwiceIsEditedWhereItIsRead() throws {
    let file = INILines(Self.twice)
    #expect(file.locate("background", inSection: "greeter").line == 4)
    #expect(file.value("background", inSection: "greeter") == "/usr/share/images/other.svg")

    let greeter = MarkedSetting.set(
      "background", to: "/var/lib/bingwall/greeter.jpg", inSection: "greeter", of: Self.twice)
    #expect(INILines(greeter).value("background", inSection: "greeter") == "/var/lib/bingwall/greeter.jpg")
    #expect(MarkedSetting.unset(greeter) == .text(Self.twice))

    let wayfire = WayfireBackend.setting("background", to: "/p/a.jpg", inSection: "greeter", of: Self.twice)
    #expect(INILines(wayfire).value("background", inSection: "greeter") == "/p/a.jpg")
    #expect(INILines(wayfire).lines.filter { $0.hasPrefix("background") }.count == 2)
  }

  /// Found by `make fuzz` too: split by Character, a CR LF is no line feed, so a file of CR LF
  /// lines was one line, and a last line ending in CR swallowed the section added after it.
  @Test func carriageReturnsEndNoLineOfTheirOwn() throws {
    let crlf = "[greeter]\r\nbackground=/old.jpg\r\ntheme-name=Adwaita\r\n"
    #expect(INILines(crlf).lines == ["[greeter]\r", "background=/old.jpg\r", "theme-name=Adwaita\r"])
    #expect(INILines(crlf).value("background", inSection: "greeter") == "/old.jpg")
    #expect(INILines(crlf).text == crlf)
    let edited = MarkedSetting.set("background", to: "/new.jpg", inSection: "greeter", of: crlf)
    #expect(INILines(edited).value("background", inSection: "greeter") == "/new.jpg")
    #expect(MarkedSetting.unset(edited) == .text(crlf))

    let added = MarkedSetting.set("background", to: "/new.jpg", inSection: "greeter", of: "[Getkp\r")
    #expect(INILines(added).value("background", inSection: "greeter") == "/new.jpg")
  }
}
