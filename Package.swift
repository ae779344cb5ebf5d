// swift-tools-version:6.0
import PackageDescription

// The services every test above the system floor may use, and the dependencies of the test
// targets of each floor (below).
let serviceTargets: [Target.Dependency] = [
  "BingWallSystem", "BingWallModel", "BingWallNet", "BingWallStore", "BingWallBing", "BingWallSources",
  "BingWallDesktop", "BingWallSchedule", "BingWallBus", "BingWallSession", "BingWallImage",
]
let serviceTestDependencies: [Target.Dependency] =
  serviceTargets + ["BingWallTestSupport", "BingWallServiceTestSupport"]
let commandsTestDependencies: [Target.Dependency] =
  serviceTestDependencies + ["BingWallKit", "BingWallCLI", "BingWallCommands", "BingWallCommandsTestSupport"]

// Targets along the flow of data: commands → use cases (Kit) → services (Bing, Store, Desktop, Schedule) →
// adapters (Net over libcurl, Store over SQLite) → system. Each target depends only on targets
// below it, so an upward reference is a build error, not a review comment. docs/ARCHITECTURE.md
// draws the graph.
let package = Package(
  name: "bingwall",
  products: [
    .executable(name: "bingwall", targets: ["bingwall"])
  ],
  targets: [
    // libcurl's header only (Debian's libcurl4-openssl-dev): no pkg-config, which would add
    // -lcurl. BingWallNet opens libcurl.so.4 with dlopen at the first request (CurlLibrary).
    .systemLibrary(name: "CCurl"),
    // libvips's functions as a table of our own declarations: no header, no pkg-config, no -lvips.
    // BingWallImage opens libvips.so.42 with dlopen at the first image operation (VipsLibrary).
    .systemLibrary(name: "CVips"),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // sd-bus's header only (Debian's libsystemd-dev): BingWallBus opens libsystemd.so.0 with
    // dlopen the first time a command asks the system bus something (BusLibrary).
    .systemLibrary(name: "CSystemd"),
    // Linux-only calls (O_TMPFILE, flock, timerfd, signalfd) that Glibc's module does not expose.
    .systemLibrary(name: "CLinux"),
    // OpenSSL's EVP digest calls as a table of our own declarations: no header, no -lcrypto.
    // BingWallSystem opens libcrypto.so.3 with dlopen at the first hash (Libcrypto).
    .systemLibrary(name: "CLibcrypto"),
    // The version and commit `make release` compiles in (-Xcc -DBINGWALL_VERSION=…), with the
    // VERSION file's as the fallback.
    .systemLibrary(name: "CVersion"),

    // Paths, files, locks, processes, clock, output, terminal text: no word of bingwall's domain.
    .target(name: "BingWallSystem", dependencies: ["CLinux", "CLibcrypto"]),
    // The domain's values, typed from the wire to the history's row: a picture's identity (its
    // source and the source's own id), markets, resolutions, calendar days, skip reasons. As
    // SwiftPM's PackageModel sits above Basics, it sits just above System and below every service.
    .target(name: "BingWallModel", dependencies: ["BingWallSystem"]),
    // The HTTP client protocol and its libcurl implementation: the only importer of CCurl.
    .target(name: "BingWallNet", dependencies: ["BingWallSystem", "CCurl"]),
    // The history (SQLite) and the image folder: the only importer of CSQLite.
    .target(name: "BingWallStore", dependencies: ["BingWallSystem", "BingWallModel", "CSQLite"]),
    // JPEG inspection (whole, and within the decode's memory bound) and pictures made for a
    // screen with libvips (crop, letterbox, dim, blur, caption, atomic JPEG save): the only
    // importer of CVips.
    .target(name: "BingWallImage", dependencies: ["BingWallSystem", "CVips"]),
    // A D-Bus client over sd-bus: properties and signals. The only importer of CSystemd.
    .target(name: "BingWallBus", dependencies: ["BingWallSystem", "CSystemd"]),
    // The machine's conditions off the system bus: NetworkManager's connection, UPower's power,
    // logind's sleep; read now (a command) or heard as they change (the daemon).
    .target(name: "BingWallSession", dependencies: ["BingWallSystem", "BingWallBus"]),
    // Bing's archive endpoint: requests, tolerant decoding, markets and resolutions.
    .target(name: "BingWallBing", dependencies: ["BingWallSystem", "BingWallModel", "BingWallNet"]),
    // The other sources (Windows Spotlight, NASA APOD, Wikimedia Commons, NASA Earth
    // Observatory): their requests, their bodies made into typed pictures, and one client per
    // source that fetches them through BingWallNet's HTTPClient, with each source's fallbacks.
    .target(name: "BingWallSources", dependencies: ["BingWallSystem", "BingWallModel", "BingWallNet"]),
    // Desktop sessions and the wallpaper backends.
    .target(name: "BingWallDesktop", dependencies: ["BingWallSystem", "BingWallModel", "BingWallBus"]),
    // Deadlines, the scheduler state, the daemon's waiter and loop, autostart entries.
    .target(name: "BingWallSchedule", dependencies: ["BingWallSystem", "BingWallModel", "CLinux"]),
    // The command table's types, the parser, help, completion scripts and the man page.
    .target(name: "BingWallCLI", dependencies: ["BingWallSystem"]),
    // The use cases, one file each: typed settings in, a typed outcome out; the configuration,
    // the context and the resources they open. It knows no command line; the only sentences it
    // holds are its errors', the doctor's findings' and the configuration keys' help, and the
    // commands render every other line a person reads.
    .target(
      name: "BingWallKit",
      dependencies: [
        "BingWallSystem", "BingWallModel", "BingWallNet", "BingWallStore", "BingWallBing", "BingWallDesktop",
        "BingWallSchedule", "BingWallImage", "BingWallSession", "BingWallSources",
      ]
    ),
    // One file per command: parse, build the settings, call one use case, render its outcome.
    .target(
      name: "BingWallCommands",
      dependencies: [
        "BingWallSystem", "BingWallModel", "BingWallNet", "BingWallStore", "BingWallBing", "BingWallDesktop",
        "BingWallSchedule", "BingWallCLI", "BingWallKit", "BingWallSources", "CVersion",
      ]
    ),
    .executableTarget(
      name: "bingwall",
      dependencies: ["BingWallCommands"]
    ),
    // `make bench`'s plumbing (bench/screens_bench.py), apart from the binary a user runs.
    .executableTarget(
      name: "bingwall-bench",
      dependencies: ["BingWallKit", "BingWallSystem"]
    ),
    // The tests, one target per floor as the sources are, so a change rebuilds only the tests of
    // its floor and those above: a test target depends on the targets it tests and on the support
    // of its floor, never on a floor above it. docs/ARCHITECTURE.md lists what each holds.
    //
    // The support of the lowest floor, with no word of the domain: temporary folders, fixtures,
    // the fake HTTP server, test pictures, the clock, process runner and HTTP client doubles.
    .target(
      name: "BingWallTestSupport",
      dependencies: ["BingWallSystem", "BingWallNet", "BingWallImage"],
      path: "Tests/BingWallTestSupport"
    ),
    // The services' support: the model's literals, an old history, the fake Bing and the fake
    // sources, and the harnesses of the real desktops and buses (X server, sway, dbus).
    .target(
      name: "BingWallServiceTestSupport",
      dependencies: ["BingWallTestSupport"] + serviceTargets,
      path: "Tests/BingWallServiceTestSupport"
    ),
    // The commands' support: a whole command run in process on a sandboxed home, the shells.
    .target(
      name: "BingWallCommandsTestSupport",
      dependencies: [
        "BingWallTestSupport", "BingWallServiceTestSupport", "BingWallKit", "BingWallCLI", "BingWallCommands",
      ]
        + serviceTargets,
      path: "Tests/BingWallCommandsTestSupport"
    ),
    .testTarget(
      name: "BingWallSystemTests", dependencies: ["BingWallSystem", "BingWallNet", "BingWallTestSupport"]),
    .testTarget(
      name: "BingWallImageTests",
      dependencies: ["BingWallSystem", "BingWallImage", "CVips", "BingWallTestSupport"]),
    .testTarget(name: "BingWallStoreTests", dependencies: serviceTestDependencies + ["CSQLite"]),
    .testTarget(name: "BingWallSourcesTests", dependencies: serviceTestDependencies),
    .testTarget(name: "BingWallDesktopTests", dependencies: serviceTestDependencies),
    .testTarget(name: "BingWallScheduleTests", dependencies: serviceTestDependencies + ["CLinux"]),
    .testTarget(name: "BingWallKitTests", dependencies: serviceTestDependencies + ["BingWallKit"]),
    .testTarget(name: "BingWallCommandsTests", dependencies: commandsTestDependencies),
    // The built binary run as a user would, and the packages made from it.
    .testTarget(name: "BingWallEndToEndTests", dependencies: commandsTestDependencies + ["CLinux"]),
  ],
  swiftLanguageModes: [.v6]
)
