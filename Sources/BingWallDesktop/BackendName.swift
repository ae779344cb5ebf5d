import BingWallModel

/// The value of config `backend` and `--backend`: `auto`, or a name from `BackendRegistry.names`.
///
/// Checked against the one list the desktop target keeps, so a name that passed the command
/// line or the config file is one the backend selector knows.
package struct BackendName: ListedName {
  /// As `BackendRegistry.names` spells it.
  package let name: String

  package init(listed name: String) {
    self.name = name
  }

  package static var listed: [String] { BackendRegistry.names }

  /// Let the session decide.
  package static let auto = BackendName("auto")!
}
