import BingWallCLI
import BingWallDesktop
import BingWallKit

/// `bingwall(1)`: the CLI target's man page writer, given what only this target knows: the
/// command table, the configuration schema and the backends' mode tables.
enum Manual {
  static func render() -> String {
    ManPage.render(root: CommandTable.root, configKeys: configKeys, modeTable: modeTable)
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
      })
  }
}
