import BingWallCommandsTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallCommands
@testable import BingWallKit
@testable import BingWallSystem

/// An endpoint is https, or plain http to this machine only: `config set`, the config file and
/// the environment refuse plain http to any other host, with the reason, by the one rule the
/// client holds every request and redirect to. A refused setting sends nothing anywhere (the
/// scripted client fails the test on any request).
@Suite struct EndpointPlainHTTPInProcessTests {
  static let reason =
    "plain http to '192.0.2.1' would cross the network unencrypted: "
    + "use https://, or http:// to this machine only (localhost, 127.x.x.x, [::1])"

  static let keys = [
    "network.endpoint", "spotlight.endpoint", "apod.endpoint", "wikimedia.endpoint",
    "earth_observatory.endpoint",
  ]

  @Test(arguments: keys)
  func configSetRefusesPlainHTTPOffThisMachine(key: String) throws {
    let run = try InProcess()
    let refused = run.run(["config", "set", key, "http://192.0.2.1/mirror"])
    #expect(refused.status == ExitCode.usage, "\(refused.stderr)")
    #expect(refused.stderr.hasPrefix("bingwall: error: '\(key)': \(Self.reason)\n"), "\(refused.stderr)")
    #expect(!FileManager.default.fileExists(atPath: run.paths.configFile))
    // This machine's plain http, and https anywhere, are taken.
    for url in [
      "http://127.0.0.1:8080", "http://localhost:8080/mirror", "http://[::1]:8080", "https://192.0.2.1",
    ] {
      let taken = run.run(["config", "set", key, url])
      #expect(taken.status == 0, "\(url): \(taken.stderr)")
    }
  }

  @Test(arguments: keys)
  func theEnvironmentIsRefusedBeforeAnyRequest(key: String) throws {
    let spec = try #require(ConfigSchema.key(named: key))
    let run = try InProcess(environment: [spec.environmentVariable: "http://192.0.2.1"])
    let result = run.run(["update", "--no-apply"])
    #expect(result.status == ExitCode.failure, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix("bingwall: error: \(spec.environmentVariable): '\(key)': \(Self.reason)\n"),
      "\(result.stderr)")
    #expect(run.http.requests.isEmpty)
  }

  /// In the file, the line is left out with a warning, as any bad line is: the endpoint stays
  /// Bing's own, over https, and nothing is sent to the host the line names.
  @Test func theConfigFileIsRefusedToo() throws {
    let run = try InProcess()
    try Paths.ensureDirectory(Paths.parent(of: run.paths.configFile))
    try "[network]\nendpoint = \"http://192.0.2.1\"\n".write(
      toFile: run.paths.configFile, atomically: true, encoding: .utf8)
    let result = run.run(["list", "--json"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "bingwall: warning: \(run.paths.configFile):2: 'network.endpoint': \(Self.reason); line ignored: network.endpoint = \"https://www.bing.com\" (default)\n"
      ),
      "\(result.stderr)")
    let resources = try Resources(context: run.context(), configFile: nil)
    #expect(resources.configuration.endpoint == "https://www.bing.com")
    #expect(run.http.requests.isEmpty)
  }
}
