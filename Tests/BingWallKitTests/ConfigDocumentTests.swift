import BingWallTestSupport
import Testing

@testable import BingWallBing
@testable import BingWallDesktop
@testable import BingWallKit
@testable import BingWallModel
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

@Suite struct ConfigDocumentTests {
  let sample = """
    # my bingwall settings
    markets = ["en-US", "ja-JP"]   # two markets
    resolution = 'UHD'
    apply_on_update = false

    [daemon]
    rotate = "2h"  # every two hours
    notify = true

    [network]
    timeout = 1_0
    endpoint = "http://127.0.0.1:8080/\\u00e9"
    """

  @Test func readsEveryTypeOfTheSubset() throws {
    let document = try ConfigDocument(parsing: sample, path: "config.toml")
    #expect(document.entry("markets")?.value == .strings(["en-US", "ja-JP"]))
    #expect(document.entry("resolution")?.value == .string("UHD"))
    #expect(document.entry("apply_on_update")?.value == .boolean(false))
    #expect(document.entry("daemon.rotate")?.value == .string("2h"))
    #expect(document.entry("daemon.rotate")?.line == 7)
    #expect(document.entry("daemon.notify")?.value == .boolean(true))
    #expect(document.entry("network.timeout")?.value == .integer(10))
    #expect(document.entry("network.endpoint")?.value == .string("http://127.0.0.1:8080/é"))
  }

  @Test func acceptsDottedKeysMultiLineArraysAndNormalisesCase() throws {
    let text = """
      daemon.rotate = "30m"
      markets = [
        "en-us",   # comment inside
        'DE-de',
      ]
      """
    let document = try ConfigDocument(parsing: text, path: "c.toml")
    #expect(document.entry("daemon.rotate")?.value == .string("30m"))
    #expect(document.entry("markets")?.value == .strings(["en-US", "de-DE"]))
  }

  struct Broken: Sendable, CustomTestStringConvertible {
    var text: String
    var message: String
    var testDescription: String { message }
  }

  static let broken: [Broken] = [
    Broken(text: "resolution = 5", message: "config.toml:1: 'resolution': expected a string"),
    Broken(
      text: "\n\n\nmarkets = \"en-US\"", message: "config.toml:4: 'markets': expected an array of strings"),
    Broken(
      text: "[daemon]\nnotify = \"yes\"",
      message: "config.toml:2: 'daemon.notify': expected a boolean (true or false)"),
    Broken(
      text: "resolutoin = \"UHD\"",
      message: "config.toml:1: unknown key 'resolutoin'"),
    Broken(text: "[deamon]", message: "config.toml:1: unknown key '[deamon]'"),
    Broken(
      text: "[daemon]\nrotat = \"1h\"",
      message: "config.toml:2: unknown key 'daemon.rotat'"),
    Broken(
      text: "resolution = UHD", message: "config.toml:1: 'resolution': expected a value; strings need quotes"),
    Broken(text: "resolution = \"UHD", message: "config.toml:1: unterminated string"),
    Broken(text: "resolution = \"UHD\" x", message: "config.toml:1: unexpected text after the value"),
    Broken(text: "resolution \"UHD\"", message: "config.toml:1: expected '=' after 'resolution'"),
    Broken(text: "resolution =", message: "config.toml:1: 'resolution': expected a value after '='"),
    Broken(text: "markets = [\"en-US\"", message: "config.toml:1: 'markets': unterminated array"),
    Broken(
      text: "markets = [\"en-US\" \"de-DE\"]",
      message: "config.toml:1: 'markets': expected ',' or ']' in the array"),
    Broken(text: "markets = [1]", message: "config.toml:1: 'markets': expected an array of strings"),
    Broken(
      text: "network.timeout = 1.5",
      message: "config.toml:1: 'network.timeout': expected an integer"),
    Broken(
      text: "pictures.dark_dim = 0.",
      message: "config.toml:1: 'pictures.dark_dim': expected a number such as 0.7"),
    Broken(
      text: "pictures.dark_dim = 1.5",
      message: "config.toml:1: 'pictures.dark_dim': expected a number from 0 to 1"),
    Broken(
      text: "resolution = \"UHD\"\nresolution = \"UHD\"",
      message: "config.toml:2: 'resolution' is already set on line 1"),
    Broken(text: "[daemon]\n[daemon]", message: "config.toml:2: table [daemon] is defined twice"),
    Broken(text: "[[daemon]]", message: "config.toml:1: arrays of tables ([[…]]) are not supported"),
    Broken(
      text: "resolution = \"\"\"UHD\"\"\"", message: "config.toml:1: multi-line strings are not supported"),
    Broken(text: "resolution = \"\\q\"", message: "config.toml:1: invalid escape '\\q'"),
    Broken(
      text: "resolution = \"4K\"",
      message:
        "config.toml:1: 'resolution': '4K' is not allowed (one of: UHD, 1920x1200, 1920x1080, 1366x768, 1280x768, 1280x720, 1024x768, 800x600, 800x480, 640x480, 1080x1920, 768x1280, 720x1280, 480x800)"
    ),
    // A code that is no market, well-formed or not, is refused.
    Broken(
      text: "markets = [\"xx_XX\"]",
      message:
        "config.toml:1: 'markets': 'xx_XX' is not allowed; 'bingwall config keys' lists the values of 'markets'"
    ),
    Broken(
      text: "markets = [\"en-GB\", \"xx-XX\"]",
      message:
        "config.toml:1: 'markets': 'xx-XX' is not allowed; 'bingwall config keys' lists the values of 'markets'"
    ),
    Broken(text: "markets = []", message: "config.toml:1: 'markets': name at least one market"),
    Broken(
      text: "[daemon]\nrotate = \"soon\"",
      message: "config.toml:2: 'daemon.rotate': expected off or a duration such as 30m, 2h, 1d"),
    Broken(
      text: "[network]\ntimeout = 0",
      message: "config.toml:2: 'network.timeout': expected between 1 and 3600 seconds"),
    Broken(
      text: "[network]\nendpoint = \"ftp://x\"",
      message: "config.toml:2: 'network.endpoint': expected an http:// or https:// URL"),
    Broken(
      text: "image_dir = \"pictures\"", message: "config.toml:1: 'image_dir': expected an absolute path"),
  ]

  /// The fix is the error's hint, on a line of its own: the nearest word, or what works.
  @Test func theFixIsTheHint() {
    let hints = [
      ("resolutoin = \"UHD\"", "did you mean 'resolution'?"),
      ("[daemon]\nrotat = \"1h\"", "did you mean 'daemon.rotate'?"),
      ("resolution = \"4K\"", "did you mean 'UHD'?"),
      (
        "wallpaper = 1",
        "'bingwall config keys' lists every key; 'bingwall config edit' opens the file and checks it as you save"
      ),
      (
        "mode = 1",
        "'bingwall config keys' gives each key's type; 'bingwall config edit' opens the file and checks it as you save"
      ),
    ]
    for (text, hint) in hints {
      #expect {
        try ConfigDocument(parsing: text, path: "config.toml")
      } throws: { error in
        (error as? ConfigError)?.hint == hint
      }
    }
  }

  /// Leniently, every bad line is kept as a problem and the good ones are read.
  @Test func lenientParsingKeepsEachBadLineAndReadsTheRest() {
    let document = ConfigDocument.lenient(
      parsing: "resolution = \"4K\"\nmode = \"fill\"\n[deamon]\nrotate = \"1h\"\n[daemon]\nnotify = yes\n",
      path: "c.toml")
    #expect(document.entry("mode")?.value == .string("fill"))
    #expect(document.problems.map(\.line) == [1, 3, 4, 6])
    #expect(document.problems.map(\.key) == ["resolution", "[deamon]", "deamon.rotate", nil])
    // A value that cannot be read at all is still its key's line.
    #expect(document.problems(of: "daemon.notify").map(\.line) == [6])
  }

  @Test(arguments: broken)
  func reportsFileLineAndKey(_ row: Broken) {
    #expect {
      try ConfigDocument(parsing: row.text, path: "config.toml")
    } throws: { error in
      "\(error)" == row.message
    }
  }

  @Test func setReplacesAValueInPlaceKeepingCommentsAndSpelling() throws {
    var document = try ConfigDocument(parsing: sample, path: "c.toml")
    try document.set(ConfigSchema.key(named: "daemon.rotate")!, to: .string("45m"))
    try document.set(ConfigSchema.key(named: "markets")!, to: .strings(["de-DE"]))
    let expected = sample.replacingOccurrences(
      of: "rotate = \"2h\"  # every", with: "rotate = \"45m\"  # every"
    )
    .replacingOccurrences(of: "markets = [\"en-US\", \"ja-JP\"]   #", with: "markets = [\"de-DE\"]   #")
    #expect(document.text == expected + "\n")
  }

  @Test func setAddsMissingKeysWhereTheyBelong() throws {
    var document = try ConfigDocument(parsing: sample, path: "c.toml")
    try document.set(ConfigSchema.key(named: "mode")!, to: .string("fill"))
    try document.set(ConfigSchema.key(named: "daemon.favorites_only")!, to: .boolean(true))
    try document.set(ConfigSchema.key(named: "retention.keep")!, to: .integer(100))
    let lines = document.text.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[4] == "mode = \"fill\"")
    #expect(lines[9] == "favorites_only = true")
    #expect(
      document.text.hasSuffix("endpoint = \"http://127.0.0.1:8080/\\u00e9\"\n\n[retention]\nkeep = 100\n"))
    // What was there stays byte for byte.
    #expect(
      document.text.contains("# my bingwall settings\nmarkets = [\"en-US\", \"ja-JP\"]   # two markets\n"))
    let reread = try ConfigDocument(parsing: document.text, path: "c.toml")
    #expect(reread.entry("daemon.favorites_only")?.value == .boolean(true))
    #expect(reread.entry("retention.keep")?.value == .integer(100))
  }

  @Test func setReplacesAMultiLineArrayAndKeepsTheTableDefinedByDottedKeys() throws {
    var document = try ConfigDocument(
      parsing: "markets = [\n  \"en-US\",\n]  # mine\ndaemon.notify = true\n", path: "c")
    try document.set(ConfigSchema.key(named: "markets")!, to: .strings(["fr-FR"]))
    try document.set(ConfigSchema.key(named: "daemon.rotate")!, to: .string("1h"))
    #expect(document.text == "markets = [\"fr-FR\"]  # mine\ndaemon.notify = true\ndaemon.rotate = \"1h\"\n")
  }

  @Test func setIntoAnEmptyFileStartsTopLevelKeysBeforeTables() throws {
    var document = ConfigDocument(path: "new.toml")
    try document.set(ConfigSchema.key(named: "network.timeout")!, to: .integer(5))
    try document.set(ConfigSchema.key(named: "resolution")!, to: .string("1920x1080"))
    #expect(document.text == "resolution = \"1920x1080\"\n\n[network]\ntimeout = 5\n")
  }

  @Test func stringsAreEscapedSoTheyReadBack() throws {
    var document = ConfigDocument(path: "c")
    let hostile = "say \"hi\"\\ $(rm -rf ~)\n\ttab \u{7}"
    try document.set(ConfigSchema.key(named: "command")!, to: .string(hostile))
    let reread = try ConfigDocument(parsing: document.text, path: "c")
    #expect(reread.entry("command")?.value == .string(hostile))
    #expect(document.text.split(separator: "\n").count == 1)
  }
}

@Suite struct HumanUnitsTests {
  @Test(
    arguments: [("30m", 1800), ("1h30m", 5400), ("2h", 7200), ("1d", 86400), ("90s", 90)] as [(String, Int)])
  func durations(_ text: String, _ seconds: Int) {
    #expect(HumanUnits.seconds(in: text) == seconds)
  }

  @Test(arguments: ["", "0m", "m", "30", "1x", "-5m", "1h 30m"])
  func badDurations(_ text: String) {
    #expect(HumanUnits.seconds(in: text) == nil)
  }

  @Test func sizes() {
    #expect(HumanUnits.bytes(in: "2GB") == Int64(2_147_483_648))
    #expect(HumanUnits.bytes(in: "500M") == Int64(524_288_000))
    #expect(HumanUnits.bytes(in: "1.5KiB") == 1536)
    #expect(HumanUnits.bytes(in: "4096") == 4096)
    #expect(HumanUnits.bytes(in: "lots") == nil)
    #expect(HumanUnits.bytes(in: "2XB") == nil)
  }

  /// What a size or a duration writes back is read as the same value: an override given on the
  /// command line reaches its key through that text.
  @Test(arguments: ["2GB", "500M", "1.5KiB", "4096", "1.5G", "3T", "1000000"])
  func sizesReadBackAsWritten(_ text: String) throws {
    let size = try #require(ByteCount(text))
    #expect(ByteCount(size.description) == size)
    #expect(size.bytes == HumanUnits.bytes(in: text))
  }

  @Test func sizesUseTheLargestExactUnit() {
    #expect(ByteCount(bytes: 2 << 30).description == "2G")
    #expect(ByteCount(bytes: 1536).description == "1536")
    #expect(ByteCount(bytes: 3 << 40).description == "3T")
    #expect(ByteCount(bytes: 5 << 50).description == "5120T")
  }

  @Test(
    arguments: [("30m", 1800), ("1h30m", 5400), ("90m", 5400), ("1d1s", 86401), ("3600s", 3600)]
      as [(String, Int64)])
  func durationsReadBackAsWritten(_ text: String, _ seconds: Int64) throws {
    let duration = try #require(Duration(humanText: text))
    #expect(duration == .seconds(seconds))
    #expect(Duration(humanText: duration.humanText) == duration)
    #expect(Duration(offOrHumanText: duration.offOrHumanText) == duration)
  }

  @Test func offIsZero() {
    #expect(Duration(offOrHumanText: "off") == .zero)
    #expect(Duration.zero.offOrHumanText == "off")
    #expect(Duration(humanText: "off") == nil)
    #expect(Duration(offOrHumanText: "") == nil)
  }
}

@Suite struct MarketTests {
  @Test(
    arguments: [
      ("de_DE.UTF-8", "de-DE"), ("en_GB", "en-GB"), ("fr_CA@euro", "fr-CA"), ("C", nil), ("C.UTF-8", nil),
      ("xx_YY.UTF-8", nil), ("POSIX", nil),
    ] as [(String, String?)])
  func fromLocale(_ locale: String, _ market: String?) {
    #expect(Market.fromLocale(locale) == market)
  }
}
