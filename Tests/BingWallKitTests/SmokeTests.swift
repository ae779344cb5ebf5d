import Testing

@testable import BingWallKit

@Test func versionIsSet() {
  #expect(!BingWall.version.isEmpty)
}
