import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallDesktop

/// docs/desktops.md's backend table is written by hand, so it is checked against the one registry: a
/// row for every backend, in detection order, and each row's modes the backend's own settings for
/// fill, fit, stretch, center and tile.
@Suite struct DesktopsTableTests {
  /// The table's rows as (names, modes cell): the first cell's backend names are the words before
  /// any parenthesis, split at commas (`cinnamon, mate` is one row for two backends).
  static func rows() throws -> [(names: [String], modes: String)] {
    let text = try String(contentsOfFile: PackageRoot.path("docs/desktops.md"), encoding: .utf8)
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    let header = try #require(lines.firstIndex(of: "| backend | how | modes | tested |"))
    return lines[(header + 2)...].prefix { $0.hasPrefix("| ") }.map { line in
      // `\|` is a bar inside a cell (Markdown's escape), not a cell's end.
      let cells = line.replacingOccurrences(of: "\\|", with: "\u{0}").split(
        separator: "|", omittingEmptySubsequences: false
      ).map { $0.trimmingCharacters(in: .whitespaces) }
      let first = cells[1].split(separator: "(", maxSplits: 1)[0]
      let names = first.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
      return (names, cells[3])
    }
  }

  @Test func everyBackendHasItsRowInDetectionOrder() throws {
    let listed = try Self.rows().flatMap(\.names)
    #expect(listed == BackendRegistry.all(command: "", session: nil).map(\.name))
  }

  @Test func eachRowsModesAreTheBackendsOwn() throws {
    let modes: [WallpaperMode] = [.fill, .fit, .stretch, .center, .tile]
    let tables = Dictionary(uniqueKeysWithValues: BackendRegistry.modeTables.map { ($0.name, $0.table) })
    var checked = 0
    for row in try Self.rows() {
      for name in row.names {
        guard let table = tables[name] else { continue }
        let expected = modes.map { table[$0] ?? "no" }.joined(separator: ", ")
        #expect(row.modes == expected, "\(name)")
        checked += 1
      }
    }
    #expect(checked == tables.count)
  }
}
