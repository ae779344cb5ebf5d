/// The value of config `backend` and `--backend`: `auto`, or a name from `BackendRegistry.names`.
///
/// Checked against the one list the desktop target keeps, so a name that passed the command
/// line or the config file is one the backend selector knows.
package struct BackendName: Hashable, Sendable, LosslessStringConvertible {
  /// As `BackendRegistry.names` spells it.
  package let name: String

  /// The backend a name gives in any case; nil when there is none by that name.
  package init?(_ name: String) {
    guard let listed = BackendRegistry.names.first(where: { $0.equalsIgnoringCase(name) }) else { return nil }
    self.name = listed
  }

  package var description: String { name }

  /// Let the session decide.
  package static let auto = BackendName("auto")!
}
