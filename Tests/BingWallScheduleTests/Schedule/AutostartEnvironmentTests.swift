import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallSchedule
@testable import BingWallStore

/// Which path goes into the files, and the environment systemctl and crontab get.
@Suite struct AutostartEnvironmentTests {
  let folder = try! TemporaryDirectory()

  /// A real file standing for the running binary, and a symlink to it as a package manager makes.
  func installed() throws -> (binary: String, link: String) {
    let binary = folder.file("cellar-1.0-bingwall")
    try ExecutableScript.write("#!/bin/sh\n", to: binary)
    try FileManager.default.createDirectory(atPath: folder.file("bin"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: folder.file("bin/bingwall"), withDestinationPath: binary)
    return (binary, folder.file("bin/bingwall"))
  }

  @Test func theOverrideWinsAndMustBeAbsolute() throws {
    let path = try AutostartEnvironment.executable(
      environment: ["BINGWALL_AUTOSTART_EXEC": "/usr/bin/bingwall"], argument0: "/x/.build/debug/bingwall",
      running: "/x/.build/debug/bingwall")
    #expect(path.path == "/usr/bin/bingwall")
    #expect(path.warning == nil)
    #expect(throws: AutostartError.relativeOverride(value: "bin/bingwall")) {
      try AutostartEnvironment.executable(environment: ["BINGWALL_AUTOSTART_EXEC": "bin/bingwall"])
    }
  }

  /// The link survives an upgrade that moves its target; the resolved path would not.
  @Test func aSymlinkOnPathIsKeptWhenItIsTheRunningBinary() throws {
    let (binary, link) = try installed()
    let found = try AutostartEnvironment.executable(
      environment: ["PATH": "/nonexistent:\(folder.file("bin"))"], argument0: "bingwall", running: binary)
    #expect(found.path == link)
    let typed = try AutostartEnvironment.executable(
      environment: [:], argument0: "bin/../bin/bingwall", currentDirectory: folder.path, running: binary)
    #expect(typed.path == link)
  }

  @Test func aNameThatIsNotTheRunningBinaryGivesWayToProcSelfExe() throws {
    let (binary, _) = try installed()
    let found = try AutostartEnvironment.executable(
      environment: ["PATH": "/usr/bin:/bin"], argument0: "sh", running: binary)
    #expect(found.path == binary)
    #expect(throws: AutostartError.executableUnknown) {
      try AutostartEnvironment.executable(environment: [:], argument0: "", running: nil)
    }
  }

  @Test func aBuildFolderIsWarnedAbout() throws {
    let found = try AutostartEnvironment.executable(
      environment: [:], argument0: "", running: "/home/me/src/bingwall/.build/debug/bingwall")
    #expect(found.path == "/home/me/src/bingwall/.build/debug/bingwall")
    #expect(found.warning?.contains("build folder") == true)
  }

  @Test func theRunningBinaryIsReadFromProc() throws {
    let running = try #require(AutostartEnvironment.runningExecutable())
    #expect(running.hasPrefix("/"))
    #expect(AutostartEnvironment.sameFile(running, "/proc/self/exe"))
  }

  @Test func theSessionBusIsFoundInTheRuntimeFolder() throws {
    let runtime = folder.file("runtime")
    try FileManager.default.createDirectory(atPath: runtime, withIntermediateDirectories: true)
    let socketPath = runtime + "/bus"
    let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(fd) }
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
      for (index, byte) in socketPath.utf8.enumerated() where index < raw.count - 1 { raw[index] = byte }
    }
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
      }
    }
    #expect(bound == 0)
    let filled = AutostartEnvironment.sessionEnvironment(["XDG_RUNTIME_DIR": runtime, "HOME": folder.path])
    #expect(filled["DBUS_SESSION_BUS_ADDRESS"] == "unix:path=\(runtime)/bus")
    let kept = AutostartEnvironment.sessionEnvironment(
      ["XDG_RUNTIME_DIR": runtime, "DBUS_SESSION_BUS_ADDRESS": "unix:abstract=x"])
    #expect(kept["DBUS_SESSION_BUS_ADDRESS"] == "unix:abstract=x")
  }
}
