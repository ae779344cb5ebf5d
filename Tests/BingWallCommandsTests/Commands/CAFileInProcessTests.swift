import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

/// `network.ca_file`: which certificate authorities an update's requests trust, and the one
/// line a file that cannot be used gets. In process, so the test sees the file each HTTP client
/// was made with; `NginxHTTP2EndToEndTests` shows the file reaching libcurl's TLS.
@Suite struct CAFileInProcessTests {
  /// No TLS happens in process, so a file needs only the PEM marker bingwall checks for.
  static let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"

  /// An update context (two pictures) with `files` written under HOME as PEM files and
  /// config.toml holding `config` when given.
  static func context(
    _ environment: [String: String] = [:], config: String? = nil, files: [String] = []
  ) throws -> InProcess {
    let run = try FakeBingRun.context()
    run.environment.merge(environment) { $1 }
    for file in files { try pem.write(toFile: run.home.file(file), atomically: false, encoding: .utf8) }
    if let config {
      try FileManager.default.createDirectory(
        atPath: run.home.file(".config/bingwall"), withIntermediateDirectories: true)
      try config.write(toFile: run.paths.configFile, atomically: false, encoding: .utf8)
    }
    return run
  }

  @Test func theConfigKeyBeatsTheCurlVariablesForEveryRequestOfTheUpdate() throws {
    let run = try Self.context(
      [
        "CURL_CA_BUNDLE": "/nonexistent/curl.pem", "SSL_CERT_FILE": "/nonexistent/ssl.pem",
      ], config: "[network]\nca_file = \"~/proxy-ca.pem\"\n", files: ["proxy-ca.pem"])
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(run.http.requests.count == 4, "\(run.http.requests)")
    // One client for the archive's two pages (a first update) and both pictures, trusting the
    // key's file with `~` expanded.
    #expect(run.trustedFiles.withLock { $0 } == [run.home.file("proxy-ca.pem")])
  }

  @Test func theKeysVariableBeatsTheFile() throws {
    let run = try Self.context(
      ["BINGWALL_NETWORK_CA_FILE": "~/from-variable.pem"],
      config: "[network]\nca_file = \"~/from-file.pem\"\n", files: ["from-variable.pem"])
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(run.trustedFiles.withLock { $0 } == [run.home.file("from-variable.pem")])
  }

  @Test func withoutTheKeyCurlBundleBeatsSSLCertFile() throws {
    let run = try Self.context(files: ["curl.pem", "ssl.pem"])
    run.environment["CURL_CA_BUNDLE"] = run.home.file("curl.pem")
    run.environment["SSL_CERT_FILE"] = run.home.file("ssl.pem")
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.trustedFiles.withLock { $0 } == [run.home.file("curl.pem")])
  }

  @Test func sslCertFileAloneIsTrusted() throws {
    let run = try Self.context(files: ["ssl.pem"])
    run.environment["SSL_CERT_FILE"] = run.home.file("ssl.pem")
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.trustedFiles.withLock { $0 } == [run.home.file("ssl.pem")])
  }

  @Test func nothingSetTrustsTheSystem() throws {
    let run = try Self.context()
    #expect(run.run(["update", "--no-apply"]).status == 0)
    #expect(run.trustedFiles.withLock { $0 } == [nil])
  }

  /// One line naming the file's line, the key and the path; no request made, exit 1 as for any
  /// broken config file.
  @Test func aMissingFileIsOneLineNamingTheKeyAndThePath() throws {
    let run = try Self.context(config: "[network]\nca_file = \"/nonexistent/proxy-ca.pem\"\n")
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: \(run.paths.configFile):2: 'network.ca_file': cannot use /nonexistent/proxy-ca.pem: no such file\n"
        + "bingwall: hint: 'bingwall config edit' opens the file and checks it as you save\n")
    #expect(run.http.requests.isEmpty)
    #expect(run.trustedFiles.withLock { $0 }.isEmpty)
  }

  @Test func aFileWithoutACertificateOrAFolderIsRefused() throws {
    let run = try Self.context(config: "[network]\nca_file = \"~/notes.txt\"\n")
    try "not a certificate\n".write(toFile: run.home.file("notes.txt"), atomically: false, encoding: .utf8)
    let text = run.run(["update", "--no-apply"])
    #expect(text.status == 1)
    #expect(
      text.stderr.hasSuffix(
        "holds no PEM certificate (-----BEGIN CERTIFICATE-----)\n"
          + "bingwall: hint: 'bingwall config edit' opens the file and checks it as you save\n"),
      "\(text.stderr)")
    run.environment["BINGWALL_NETWORK_CA_FILE"] = run.home.path
    let folder = run.run(["update", "--no-apply"])
    #expect(folder.status == 1)
    #expect(
      folder.stderr
        == "bingwall: error: BINGWALL_NETWORK_CA_FILE: 'network.ca_file': cannot use \(run.home.path): it is a folder\n"
    )
    #expect(run.http.requests.isEmpty)
  }

  @Test func aMissingCurlBundleIsNamedToo() throws {
    let run = try Self.context(["CURL_CA_BUNDLE": "/nonexistent/curl.pem"])
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == 1)
    #expect(
      result.stderr
        == "bingwall: error: environment: 'CURL_CA_BUNDLE': cannot use /nonexistent/curl.pem: no such file\n")
    #expect(run.http.requests.isEmpty)
  }

  /// Only a command that makes a request needs the file: `list` still works, so does `config`.
  @Test func aCommandWithoutRequestsIgnoresAnUnusableFile() throws {
    let run = try Self.context(config: "[network]\nca_file = \"/nonexistent/proxy-ca.pem\"\n")
    #expect(run.run(["list"]).status == 0)
    let get = run.run(["config", "get", "network.ca_file"])
    #expect(get.status == 0, "\(get.stderr)")
    #expect(get.stdout == "/nonexistent/proxy-ca.pem\n")
  }

  @Test func configSetTakesAnAbsoluteOrHomePathOnly() throws {
    let run = try Self.context()
    let relative = run.run(["config", "set", "network.ca_file", "proxy-ca.pem"])
    #expect(relative.status == 64)
    #expect(relative.stderr.contains("'network.ca_file': expected an absolute path"), "\(relative.stderr)")
    #expect(run.run(["config", "set", "network.ca_file", "~/proxy-ca.pem"]).status == 0)
    #expect(run.run(["config", "get", "network.ca_file"]).stdout == "~/proxy-ca.pem\n")
    #expect(run.run(["config", "set", "network.ca_file", ""]).status == 0)
  }
}
