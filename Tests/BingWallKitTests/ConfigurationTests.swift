import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBing
@testable import BingWallKit
@testable import BingWallSchedule
@testable import BingWallStore
@testable import BingWallSystem

@Suite struct ConfigurationTests {
  @Test func defaultsApplyWithoutAFile() throws {
    let configuration = try Configuration.load(
      file: "/nonexistent/config.toml", in: InMemoryFileSystem(), explicit: false, environment: [:])
    #expect(configuration[ConfigSchema.markets].map(\.code) == ["en-US"])
    #expect(configuration.setting("markets").source == .builtIn)
    #expect(configuration[ConfigSchema.resolution].name == "UHD")
    #expect(configuration.endpoint == "https://www.bing.com")
    #expect(configuration[ConfigSchema.timeout] == 30)
    #expect(configuration[ConfigSchema.rotate] == .zero)
  }

  @Test func theLocaleChoosesTheDefaultMarket() throws {
    let configuration = try Configuration.load(
      file: "/nonexistent", in: InMemoryFileSystem(), explicit: false, environment: ["LANG": "ja_JP.UTF-8"])
    #expect(configuration[ConfigSchema.markets].map(\.code) == ["ja-JP"])
    #expect(configuration.setting("markets").source.description == "default, from LANG")
    let unknown = try Configuration.load(
      file: "/nonexistent", in: InMemoryFileSystem(), explicit: false, environment: ["LANG": "C.UTF-8"])
    #expect(unknown[ConfigSchema.markets].map(\.code) == ["en-US"])
  }

  @Test func commandLineBeatsEnvironmentBeatsFileBeatsDefault() throws {
    let files = InMemoryFileSystem()
    let file = "/home/u/.config/bingwall/config.toml"
    files.add(file, "resolution = \"1366x768\"\nmode = \"tile\"\n[network]\ntimeout = 9\n")
    let environment = [
      "BINGWALL_RESOLUTION": "1280x720", "BINGWALL_MODE": "fit", "BINGWALL_ENDPOINT": "http://127.0.0.1:1/",
    ]
    let configuration = try Configuration.load(
      file: file, in: files, explicit: false, environment: environment,
      overrides: [
        Configuration.Override(
          key: ConfigSchema.resolution.spec, value: .string("1920x1080"), option: "--resolution")
      ])
    #expect(configuration[ConfigSchema.resolution].name == "1920x1080")
    #expect(configuration.setting("resolution").source == .commandLine(option: "--resolution"))
    #expect(configuration[ConfigSchema.mode] == .fit)
    #expect(configuration.setting("mode").source == .environment(variable: "BINGWALL_MODE"))
    #expect(configuration[ConfigSchema.timeout] == 9)
    #expect(configuration.setting("network.timeout").source == .file(path: file, line: 4))
    #expect(configuration.endpoint == "http://127.0.0.1:1")
    #expect(configuration.setting("network.endpoint").source.description == "BINGWALL_ENDPOINT")
    #expect(configuration[ConfigSchema.applyOnUpdate])
  }

  /// `daemon.rotate` and `retention.max_size` hold a duration and a size; `off` and `""` are
  /// their unset spellings.
  @Test func durationAndSizeKeysAreTyped() throws {
    let files = InMemoryFileSystem()
    let file = "/home/u/.config/bingwall/config.toml"
    files.add(file, "[daemon]\nrotate = \"90m\"\n[retention]\nmax_size = \"2GB\"\n")
    let configured = try Configuration.load(file: file, in: files, explicit: true, environment: [:])
    #expect(configured[ConfigSchema.rotate] == .seconds(5400))
    #expect(configured[ConfigSchema.maxSize] == ByteCount(bytes: 2 << 30))
    #expect(configured.retentionPolicy(now: Date()).maxBytes == 2 << 30)

    let unset = try Configuration.load(
      file: "/nonexistent", in: InMemoryFileSystem(), explicit: false, environment: [:])
    #expect(unset[ConfigSchema.rotate] == .zero)
    #expect(unset[ConfigSchema.maxSize] == nil)
    #expect(unset.retentionPolicy(now: Date()).maxBytes == nil)
    #expect(ConfigSchema.rotate.spec.defaultValue == .string("off"))
    #expect(ConfigSchema.maxSize.spec.defaultValue == .string(""))

    files.add(file, "[daemon]\nrotate = \"soon\"\n")
    #expect {
      try Configuration.load(file: file, in: files, explicit: true, environment: [:])
    } throws: { error in
      "\(error)".contains("expected off or a duration such as 30m, 2h, 1d")
    }
  }

  @Test func aBadEnvironmentValueNamesTheVariable() {
    #expect {
      try Configuration.load(
        file: "/nonexistent", in: InMemoryFileSystem(), explicit: false,
        environment: ["BINGWALL_NETWORK_TIMEOUT": "soon"])
    } throws: { error in
      "\(error)" == "BINGWALL_NETWORK_TIMEOUT: 'network.timeout': expected an integer, got 'soon'"
    }
  }

  @Test func anExplicitFileMustExist() {
    #expect(throws: ConfigError.self) {
      try Configuration.load(
        file: "/nonexistent/x.toml", in: InMemoryFileSystem(), explicit: true, environment: [:])
    }
  }

  @Test func imageDirExpandsTheHomeFolder() throws {
    let paths = Paths(environment: ["HOME": "/home/u"])
    let configuration = try Configuration.load(
      file: "/nonexistent", in: InMemoryFileSystem(), explicit: false,
      environment: ["BINGWALL_IMAGE_DIR": "~/Pictures/bing"])
    #expect(configuration.imageDir(paths: paths) == "/home/u/Pictures/bing")
    let plain = try Configuration.load(
      file: "/nonexistent", in: InMemoryFileSystem(), explicit: false, environment: [:])
    #expect(plain.imageDir(paths: paths) == "/home/u/.local/share/bingwall/images")
  }
}

@Suite struct PathsTests {
  @Test func xdgDefaultsAndOverrides() {
    let defaults = Paths(environment: ["HOME": "/home/u"])
    #expect(defaults.configFile == "/home/u/.config/bingwall/config.toml")
    #expect(defaults.databaseFile == "/home/u/.local/share/bingwall/history.db")
    #expect(defaults.defaultImageDir == "/home/u/.local/share/bingwall/images")
    #expect(defaults.stateDir == "/home/u/.local/state/bingwall")
    #expect(defaults.cacheDir == "/home/u/.cache/bingwall")
    #expect(defaults.lockFile == "/home/u/.local/state/bingwall/bingwall.lock")

    let custom = Paths(environment: [
      "HOME": "/home/u", "XDG_CONFIG_HOME": "/c", "XDG_DATA_HOME": "/d", "XDG_STATE_HOME": "/s",
      "XDG_CACHE_HOME": "/k", "XDG_RUNTIME_DIR": "/run/user/1000", "BINGWALL_CONFIG": "/etc/bw.toml",
    ])
    #expect(custom.configFile == "/etc/bw.toml")
    #expect(custom.databaseFile == "/d/bingwall/history.db")
    #expect(custom.stateDir == "/s/bingwall")
    #expect(custom.cacheDir == "/k/bingwall")
    #expect(custom.lockFile == "/run/user/1000/bingwall.lock")
  }

  @Test func relativeXDGValuesAreIgnoredAsTheSpecSays() {
    let paths = Paths(environment: [
      "HOME": "/home/u", "XDG_DATA_HOME": "relative/data", "XDG_RUNTIME_DIR": "run",
    ])
    #expect(paths.dataDir == "/home/u/.local/share/bingwall")
    #expect(paths.runtimeDir == nil)
  }

  @Test func ensureDirectoryCreatesPrivateFolders() throws {
    let folder = try TemporaryDirectory()
    let nested = folder.file("a/b/c")
    try Paths.ensureDirectory(nested)
    var status = stat()
    #expect(stat(nested, &status) == 0)
    #expect(status.st_mode & 0o777 == 0o700)
    try "x".write(toFile: folder.file("file"), atomically: false, encoding: .utf8)
    #expect(throws: FileError.notADirectory(path: folder.file("file"))) {
      try Paths.ensureDirectory(folder.file("file"))
    }
  }
}
