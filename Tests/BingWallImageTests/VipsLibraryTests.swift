import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallImage

/// Opening libvips: the real one, a missing one, and our declarations held to its header.
@Suite struct VipsLibraryTests {
  @Test func theInstalledLibraryLoadsAndIsRecentEnough() throws {
    try VipsLibrary.load()
    let version = try #require(VipsLibrary.version)
    let parts = version.split(separator: ".").compactMap { Int($0) }
    #expect(parts.count == 3)
    #expect(parts[0] > 8 || (parts[0] == 8 && parts[1] >= 14), "\(version)")
  }

  @Test func aMissingLibraryIsOneLineNamingThePackage() throws {
    let soname = "libvips.so.0-bingwall-test-missing"
    guard case .failure(let error) = VipsLibrary.open(soname: soname) else {
      Issue.record("\(soname) opened")
      return
    }
    #expect(
      told(error)
        == "cannot load \(soname) (\(soname): cannot open shared object file: No such file or directory); pictures are used as they are, with no crop and no variants; install Debian's libvips42 package"
    )
    #expect(!error.description.contains("\n"))
    // The real library is unaffected: the cached table is its own.
    try VipsLibrary.load()
  }

  /// shim.h declares libvips's functions itself so the build needs no libvips-dev; this compiles
  /// check/prototypes.c, which assigns every real function to its member of `bw_vips_api` and
  /// compares every copied constant, against libvips's real header. clang (the toolchain's),
  /// not gcc: shim.h carries clang's nullability qualifiers.
  @Test func theShimMatchesLibvipssHeader() throws {
    let check = PackageRoot.path("Sources/CVips/check/prototypes.c")
    let flags = try ExternalTool.text(["pkg-config", "--cflags", "vips"]).split(separator: " ").map(
      String.init)
    try ExternalTool.run(["clang", "-fsyntax-only", "-Werror", "-Wall", "-Wextra"] + flags + [check])
  }
}
