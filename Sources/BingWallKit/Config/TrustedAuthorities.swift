import BingWallSystem
import FoundationEssentials
import Glibc

/// The certificate authorities bingwall's HTTPS requests trust: a PEM file the user named, or
/// the system's.
///
/// First set wins:
/// 1. config `network.ca_file`, or its variable `BINGWALL_NETWORK_CA_FILE` (which beats the file,
///    as every key's variable does): the user's own setting for bingwall;
/// 2. `CURL_CA_BUNDLE`, then `SSL_CERT_FILE`, as the curl tool reads them: defaults for every
///    TLS program of the session, so bingwall's own setting beats them;
/// 3. the system's store.
struct TrustedAuthorities: Equatable, Sendable {
  /// The PEM file, `~` expanded; nil for the system's store.
  var file: String?
  /// The setting that named it: `network.ca_file`, `CURL_CA_BUNDLE` or `SSL_CERT_FILE`.
  var setting: String?
  /// Where that setting came from, for the error line: `config.toml:12`, a variable, `environment`.
  var origin: String?

  /// The system's store.
  static let system = TrustedAuthorities(file: nil, setting: nil, origin: nil)

  /// The variables the curl tool reads, in its order.
  static let curlVariables = ["CURL_CA_BUNDLE", "SSL_CERT_FILE"]

  /// Which file the precedence above picks for this configuration and environment.
  static func resolve(_ configuration: Configuration, environment: [String: String], paths: Paths)
    -> TrustedAuthorities
  {
    let configured = configuration[ConfigSchema.caFile]
    if !configured.isEmpty {
      let file = configured.hasPrefix("~/") ? paths.home + configured.dropFirst(1) : configured
      let source = configuration.setting(ConfigSchema.caFile.name).source
      return TrustedAuthorities(file: file, setting: ConfigSchema.caFile.name, origin: source.description)
    }
    for variable in curlVariables {
      if let file = environment[variable], !file.isEmpty {
        return TrustedAuthorities(file: file, setting: variable, origin: "environment")
      }
    }
    return .system
  }

  /// Throws unless the file can be read and holds a PEM certificate: a wrong path is one line
  /// naming the setting and the path before any request, not libcurl's "error setting
  /// certificate file" for every picture.
  func check() throws(ConfigError) {
    guard let file, let setting, let origin else { return }
    func refuse(_ reason: String) -> ConfigError {
      .badValue(origin: origin, key: setting, message: "cannot use \(file): \(reason)")
    }
    let bytes: [UInt8]?
    do {
      // A bundle of every public CA is about 200 KB; 16 MiB is far beyond any real one.
      bytes = try FileContents.read(file, limit: 16 << 20)
    } catch .system(_, _, let errno) where errno == EISDIR {
      throw refuse("it is a folder")
    } catch {
      throw refuse(String(cString: strerror(error.errno ?? EIO)))
    }
    guard let bytes else { throw refuse("no such file") }
    // BEGIN CERTIFICATE, or BEGIN TRUSTED CERTIFICATE as OpenSSL also reads.
    guard String(decoding: bytes, as: UTF8.self).contains("CERTIFICATE-----") else {
      throw refuse("it holds no PEM certificate (-----BEGIN CERTIFICATE-----)")
    }
  }
}
