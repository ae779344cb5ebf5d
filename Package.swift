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
    .target(
      name: "BingWallKit",
      dependencies: ["CCurl", "CSQLite"]
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
