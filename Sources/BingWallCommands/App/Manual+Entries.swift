/// What bingwall's own pages list, each entry made from the part of the program it documents.
extension Manual {
  /// What bingwall.conf(5) says of one key, from the configuration schema.
  struct ConfigKeyEntry: Sendable {
    var name: String
    var help: String
    var typePhrase: String
    var defaultLiteral: String
    var allowed: [String]?
    var environmentVariable: String
    /// A line of the file that sets it: `daemon.rotate = "30m"`.
    var example: String
  }

  /// What bingwall-backends(7) says of one backend, from the registry.
  struct BackendEntry: Sendable {
    var name: String
    /// How it sets the picture, in a sentence or two.
    var sets: String
    /// When `backend = auto` picks it.
    var detection: String
    var tools: [String]
    /// What the session must give it, as a phrase.
    var needs: String
    /// What one picture it sets covers (`PictureScope.manualPhrase`).
    var covers: String
    var darkPicture: Bool
    var lockPicture: Bool
    var limitation: String?
  }

  /// The MODES table: the explicit modes as columns, and each backend's own setting per mode.
  struct ModeTable: Sendable {
    var modes: [String]
    var rows: [(backend: String, settings: [String: String])]
    /// What the backends are given with fill or fit, and which backends: one phrase each.
    var screens: [(phrase: String, backends: [String])]
    /// Sentences (without their full stop) on backends whose share depends on the screens.
    var screenNotes: [String]
  }
}
