// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "bingwall",
  products: [
    .executable(name: "bingwall", targets: ["bingwall"])
  ],
  targets: [
    .systemLibrary(
      name: "CCurl",
      pkgConfig: "libcurl",
      providers: [.apt(["libcurl4-openssl-dev"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"])]
    ),
    // Linux-only calls (O_TMPFILE, flock) that Glibc's module does not expose.
    .systemLibrary(name: "CLinux"),
    .target(
      name: "BingWallKit",
      dependencies: ["CCurl", "CSQLite", "CLinux"]
    ),
    .executableTarget(
      name: "bingwall",
      dependencies: ["BingWallKit"]
    ),
    .testTarget(
      name: "BingWallKitTests",
      dependencies: ["BingWallKit"]
    ),
  ],
  swiftLanguageModes: [.v6]
)
