import BingWallServiceTestSupport
import BingWallTestSupport
import Testing

@testable import BingWallBing

/// Picture ids, keys and names: what may become a file name, and what is refused.
@Suite struct ArchiveImageIdentityTests {
  @Test(arguments: [
    ("OHR.BeaversBend_JA-JP2539821984", "OHR.BeaversBend_JA-JP2539821984", "OHR.BeaversBend", "BeaversBend"),
    ("OHR.X_EN-US123", "OHR.X_EN-US123", "OHR.X", "X"),
    ("OHR.X_DE-DE456", "OHR.X_DE-DE456", "OHR.X", "X"),
    ("OHR.LavenderField_ZH-CN1", "OHR.LavenderField_ZH-CN1", "OHR.LavenderField", "LavenderField"),
    (
      "OHR.LavenderField_ROW4827103965", "OHR.LavenderField_ROW4827103965", "OHR.LavenderField",
      "LavenderField"
    ),
    ("OHR.Cliffs_EN-GB0", "OHR.Cliffs_EN-GB0", "OHR.Cliffs", "Cliffs"),
    // Only the last `_` suffix is the market's; an underscore in the name stays.
    ("OHR.Lake_Tahoe_EN-US77", "OHR.Lake_Tahoe_EN-US77", "OHR.Lake_Tahoe", "Lake_Tahoe"),
    ("OHR.St.Ives-Bay_EN-GB5", "OHR.St.Ives-Bay_EN-GB5", "OHR.St.Ives-Bay", "St.Ives-Bay"),
    ("OHR.3Peaks_EN-US9", "OHR.3Peaks_EN-US9", "OHR.3Peaks", "3Peaks"),
    // Not a market suffix (no letters, or no digits): the id is its own key.
    ("OHR.Founding_1776", "OHR.Founding_1776", "OHR.Founding_1776", "Founding_1776"),
    ("OHR.Cliffs_EN-GB", "OHR.Cliffs_EN-GB", "OHR.Cliffs_EN-GB", "Cliffs_EN-GB"),
    ("OHR.Cliffs_EN-GB12x", "OHR.Cliffs_EN-GB12x", "OHR.Cliffs_EN-GB12x", "Cliffs_EN-GB12x"),
    ("OHR.Plain", "OHR.Plain", "OHR.Plain", "Plain"),
    // An id without `OHR.`, as legacy paths have, gets it, so one picture has one key.
    ("BeaversBend_JA-JP2539821984", "OHR.BeaversBend_JA-JP2539821984", "OHR.BeaversBend", "BeaversBend"),
  ])
  func keyAndName(id: String, bingID: String, key: String, name: String) throws {
    let derived = try ArchiveImage.keyAndName(forID: id)
    #expect(derived.bingID == bingID)
    #expect(derived.key == key)
    #expect(derived.name == name)
  }

  @Test func keysUpToTheLimitAreAccepted() throws {
    let name = String(repeating: "A", count: ArchiveImage.maximumKeyLength - 4)
    let derived = try ArchiveImage.keyAndName(forID: "OHR.\(name)_EN-US1")
    #expect(derived.key.count == 100)
    #expect(derived.name == name)
  }

  @Test(arguments: [
    ("../../etc/passwd", "contains '/'"),
    ("OHR.a/b", "contains '/'"),
    ("OHR.%2e%2e", "contains '%'"),
    ("OHR.a\\b_EN-US1", "contains '\\'"),
    ("OHR.a b_EN-US1", "contains U+0020"),
    ("OHR.a\u{0}b", "contains U+0000"),
    ("OHR.a\nb", "contains U+000A"),
    ("OHR.Café_FR-FR1", "contains U+00E9"),
    ("OHR.富士山_JA-JP1", "contains U+5BCC"),
    ("OHR.Lake\u{202E}gpj.exe_EN-US1", "contains U+202E"),
    ("", "has no picture name"),
    ("OHR.", "has no picture name"),
    ("OHR._EN-US123", "has no picture name"),
    ("OHR..", "does not start with a letter or digit"),
    ("OHR...hidden_EN-US1", "does not start with a letter or digit"),
    (".hidden", "does not start with a letter or digit"),
    ("OHR.-rf_EN-US1", "does not start with a letter or digit"),
    ("OHR._x_EN-US1", "does not start with a letter or digit"),
    (String(repeating: "A", count: 97) + "_EN-US1", "gives a key longer than 100 characters"),
    ("OHR.A_EN-US" + String(repeating: "1", count: 150), "is longer than 150 characters"),
    (String(repeating: "x", count: 10_000), "is longer than 150 characters"),
  ])
  func unsafeIDsAreRefused(id: String, why: String) {
    #expect {
      try ArchiveImage.keyAndName(forID: id)
    } throws: { error in
      guard case .unsafeID(let reported, let reason)? = error as? SkippedImage.Reason else { return false }
      return reported == id && reason.contains(why)
    }
  }

  @Test(arguments: [
    (
      "/th?id=OHR.BeaversBend_JA-JP2539821984", "OHR.BeaversBend_JA-JP2539821984",
      "/th?id=OHR.BeaversBend_JA-JP2539821984"
    ),
    (
      "/th?rf=LaDigue_1920x1080.jpg&id=OHR.X_EN-US1", "OHR.X_EN-US1",
      "/th?rf=LaDigue_1920x1080.jpg&id=OHR.X_EN-US1"
    ),
    ("/th?id=X_EN-US1", "OHR.X_EN-US1", "/th?id=X_EN-US1"),
    // The id is percent-decoded before it is checked; the path keeps Bing's spelling.
    ("/th?id=OHR.%41bc_EN-US1", "OHR.Abc_EN-US1", "/th?id=OHR.%41bc_EN-US1"),
    (
      "/az/hprichbg/rb/BeaversBend_JA-JP2539821984", "OHR.BeaversBend_JA-JP2539821984",
      "/az/hprichbg/rb/BeaversBend_JA-JP2539821984"
    ),
    // Absolute URLs lose their host: every request goes to our endpoint.
    ("http://s.cn.bing.net/th?id=OHR.X_ZH-CN1", "OHR.X_ZH-CN1", "/th?id=OHR.X_ZH-CN1"),
    ("https://evil.example:8443/th?id=OHR.X_EN-US1", "OHR.X_EN-US1", "/th?id=OHR.X_EN-US1"),
    ("HTTP://EVIL.EXAMPLE/th?id=OHR.X_EN-US1", "OHR.X_EN-US1", "/th?id=OHR.X_EN-US1"),
    ("//evil.example/th?id=OHR.X_EN-US1", "OHR.X_EN-US1", "/th?id=OHR.X_EN-US1"),
    ("http://user@evil.example/az/hprichbg/rb/Y_EN-US2", "OHR.Y_EN-US2", "/az/hprichbg/rb/Y_EN-US2"),
  ])
  func identityFromURLBase(urlbase: String, bingID: String, relative: String) throws {
    let identity = try ArchiveImage.identity(urlbase: urlbase)
    #expect(identity.bingID == bingID)
    #expect(identity.urlbase == relative)
  }

  /// How each refusal is reported, as the case's name.
  enum Refusal: String, Sendable {
    case badURLBase, noID, unsafeID
  }

  @Test(arguments: [
    ("", Refusal.badURLBase),
    ("th?id=OHR.X_EN-US1", .badURLBase),
    // Appended to the endpoint this would change the host: https://www.bing.com@evil.example/…
    ("@evil.example/th?id=OHR.X_EN-US1", .badURLBase),
    ("javascript:alert(1)", .badURLBase),
    ("ftp://evil.example/th?id=OHR.X_EN-US1", .badURLBase),
    ("http://", .badURLBase),
    ("https://evil.example", .badURLBase),
    ("/th?id=OHR.X_EN-US1#", .badURLBase),
    ("/th?id=OHR.X EN-US1", .badURLBase),
    ("/th?id=OHR.X_EN-US1\r\nHost: evil.example", .badURLBase),
    ("/th?id=OHR.Café_FR-FR1", .badURLBase),
    ("/th\\?id=OHR.X_EN-US1", .badURLBase),
    ("/" + String(repeating: "a", count: 3000), .badURLBase),
    // Naming by the path would call every picture `th` (docs/bing-endpoint.md).
    ("/th", .noID),
    ("/th?rf=LaDigue_1920x1080.jpg&pid=hp", .noID),
    ("/th?identity=OHR.X_EN-US1", .noID),
    ("/images/BeaversBend_EN-US1", .noID),
    ("/th?id=../../etc/passwd", .unsafeID),
    ("/th?id=..%2F..%2Fetc%2Fpasswd", .unsafeID),
    ("/th?id=OHR.%2e%2e", .unsafeID),
    ("/th?id=OHR.Caf%C3%A9_FR-FR1", .unsafeID),
    ("/th?id=OHR.%zz", .unsafeID),
    ("/th?id=", .unsafeID),
    ("/th?id", .unsafeID),
    ("/az/hprichbg/rb/", .unsafeID),
    ("/az/hprichbg/rb/..", .unsafeID),
  ])
  func badURLBasesAreRefused(urlbase: String, refusal: Refusal) {
    #expect {
      try ArchiveImage.identity(urlbase: urlbase)
    } throws: { error in
      switch error as? SkippedImage.Reason {
      case .badURLBase(let reported, _)?: return refusal == .badURLBase && reported == urlbase
      case .noID(let reported)?: return refusal == .noID && reported == urlbase
      case .unsafeID?: return refusal == .unsafeID
      default: return false
      }
    }
  }

  @Test func thePublicInitializerReportsTheReason() {
    #expect {
      try ArchiveImage(urlbase: "/th?id=OHR.a/b", fullstartdate: "202407080700", startdate: nil)
    } throws: { error in
      guard case .unusableImage(.unsafeID("OHR.a/b", _))? = error as? BingError else { return false }
      return "\(error)"
        == "Bing's picture is unusable: picture id 'OHR.a/b' contains '/'; only A-Z a-z 0-9 . _ - are allowed"
    }
  }
}
