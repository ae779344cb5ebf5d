import BingWallTestSupport

/// A stand-in for the GNOME schema Deepin wraps, compiled for `GSETTINGS_SCHEMA_DIR`: Debian does
/// not package Deepin's.
package enum DeepinStandInSchema {
  package static let id = "com.deepin.wrap.gnome.desktop.background"

  /// Compiles the stand-in into `folder`.
  package static func compile(into folder: TemporaryDirectory) throws {
    let xml = """
      <schemalist>
        <schema id="\(id)" path="/com/deepin/wrap/gnome/desktop/background/">
          <key name="picture-uri" type="s"><default>''</default></key>
          <key name="picture-options" type="s"><default>'spanned'</default></key>
        </schema>
      </schemalist>
      """
    try xml.write(toFile: folder.file("deepin.gschema.xml"), atomically: true, encoding: .utf8)
    try ExternalTool.run(["glib-compile-schemas", folder.path])
  }
}
