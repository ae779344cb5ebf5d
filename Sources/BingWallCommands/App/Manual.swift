import BingWallCLI
import BingWallDesktop
import BingWallKit

/// `bingwall(1)`: the CLI target's man page writer, given what only this target knows: the
/// command table, the configuration schema and the backends' mode tables.
enum Manual {
  /// The page of this build's version. With `SOURCE_DATE_EPOCH` in `environment` (as `make dist`
  /// and `make deb` set it, from the commit) its date is that day's, else the prose's.
  static func render(environment: [String: String] = [:]) -> String {
    let release = environment["SOURCE_DATE_EPOCH"].flatMap { Int($0) }.flatMap { ManPage.date(epoch: $0) }
    return ManPage.render(
      root: CommandTable.root, configKeys: configKeys, modeTable: modeTable, version: BingWall.version,
      date: release)
  }

  static var configKeys: [ManPage.ConfigKeyEntry] {
    ConfigSchema.keys.map { key in
      ManPage.ConfigKeyEntry(
        name: key.name, help: key.help, typePhrase: key.type.phrase,
        defaultLiteral: key.defaultValue.tomlLiteral,
        allowed: key.allowed, environmentVariable: key.environmentVariable)
    }
  }

  static var modeTable: ManPage.ModeTable {
    ManPage.ModeTable(
      modes: WallpaperMode.allCases.filter { $0 != .auto }.map(\.rawValue),
      rows: BackendRegistry.modeTables.map { row in
        (row.name, Dictionary(uniqueKeysWithValues: row.table.map { ($0.key.rawValue, $0.value) }))
      },
      screens: BackendRegistry.scopes.map { ($0.scope.manualPhrase, $0.names) },
      screenNotes: BackendRegistry.scopeNotes)
  }
}
