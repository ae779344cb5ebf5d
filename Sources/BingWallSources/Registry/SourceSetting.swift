import BingWallModel

/// A config key of one source: its base URL (`apod.endpoint`), a key (`apod.api_key`). Kit makes
/// each a key of the configuration, with its environment variable above the file.
package struct SourceSetting: Sendable {
  /// What the value is, and so how it is checked.
  package enum Kind: Sendable {
    /// A base URL: https://, or http:// to this machine only (the configuration's rule for
    /// every endpoint).
    case endpoint
    /// Text; `problem` says why a value is refused, nil when it is not.
    case text(problem: @Sendable (String) -> String?)
  }

  /// The key's name in config.toml: `apod.api_key`.
  package var name: String
  package var kind: Kind
  /// One line for bingwall.conf(5) and `config keys`.
  package var help: String
  /// The environment variable above the file: `BINGWALL_APOD_API_KEY`.
  package var environmentVariable: String

  package init(name: String, kind: Kind, help: String, environmentVariable: String) {
    self.name = name
    self.kind = kind
    self.help = help
    self.environmentVariable = environmentVariable
  }

  /// The base URL of `source`, named `displayName`: `apod.endpoint`, `BINGWALL_APOD_ENDPOINT`;
  /// empty for its own hosts. Every request of the source but its pictures' goes under it, with
  /// the paths of its real hosts.
  package static func endpoint(of source: Source, displayName: String) -> SourceSetting {
    SourceSetting(
      name: "\(source.configSection).endpoint", kind: .endpoint,
      help:
        "Base URL of \(displayName) (or a mirror), https:// or http:// to this machine only; empty for its own servers.",
      environmentVariable: "BINGWALL_\(source.configSection.uppercased())_ENDPOINT")
  }
}
