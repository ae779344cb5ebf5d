import BingWallServiceTestSupport
import BingWallTestSupport
import Foundation
import Testing

@testable import BingWallBus
@testable import BingWallSession
@testable import BingWallSystem

/// sd-bus against a real dbus-daemon with python3-dbusmock's NetworkManager, UPower and logind:
/// the properties bingwall reads and the signals the daemon hears, as the services send them.
@Suite(
  .enabled(
    if: MockSystemBusInstall.installed, "needs dbus-daemon, gdbus and python3-dbusmock (make test-deps)"))
struct SessionRealTests {
  /// The events `watch` reports within `seconds` (polling its socket and its timeout as the
  /// daemon's waiter does), or none.
  static func events(_ watch: SessionWatch, within seconds: Double = 5) -> [SessionEvent] {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      var fd = pollfd(fd: watch.descriptor, events: watch.pollEvents, revents: 0)
      let left = Int32(max(1, deadline.timeIntervalSinceNow * 1000))
      _ = poll(&fd, 1, watch.pollTimeout < 0 ? left : min(left, watch.pollTimeout))
      let events = watch.events()
      if !events.isEmpty { return events }
    }
    return []
  }

  @Test func readsMeteredConnectivityAndTheBattery() throws {
    let bus = try MockSystemBus()
    let idle = SessionConditions.read(environment: bus.environment)
    #expect(idle.network == NetworkState(meteredValue: 4, connectivity: .full))
    #expect(idle.network?.metered == false)
    #expect(idle.power?.onBattery == false)

    try bus.setMetered(3)
    try bus.setPower(onBattery: true, percent: 15)
    let hotspot = SessionConditions.read(environment: bus.environment)
    #expect(hotspot.network?.metered == true)
    #expect(hotspot.network?.meteredValue == 3)
    #expect(hotspot.power == PowerState(onBattery: true, percentage: 15))
    // Only what is asked is read.
    #expect(SessionConditions.read(environment: bus.environment, network: false).network == nil)
  }

  @Test func noBusOrNoServiceIsUnknown() throws {
    let nothing = SessionConditions.read(environment: [
      "DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"
    ])
    #expect(nothing == .unknown)
    #expect(throws: BusError.self) {
      try BusConnection(address: "unix:path=/nonexistent/bus", timeout: .seconds(1))
    }
    let loginOnly = try MockSystemBus(templates: ["logind"])
    let conditions = SessionConditions.read(environment: loginOnly.environment)
    #expect(conditions == .unknown)
    #expect(
      SessionWatch(environment: ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/nonexistent/bus"], power: true) == nil
    )
  }

  @Test func theWatchHearsTheNetworkThePowerAndSleepAndNothingElse() throws {
    let bus = try MockSystemBus()
    let watch = try #require(SessionWatch(environment: bus.environment, power: true))
    // Another property of NetworkManager's: read, and nothing to report.
    try bus.touchNetworkNoise()
    #expect(Self.events(watch, within: 1) == [])
    try bus.setConnectivity(1)
    #expect(Self.events(watch, within: 1) == [])
    try bus.setConnectivity(4)
    #expect(Self.events(watch) == [.networkBack])
    try bus.setMetered(1)
    #expect(Self.events(watch) == [.networkChanged])
    try bus.prepareForSleep(true)
    #expect(Self.events(watch, within: 1) == [])
    try bus.prepareForSleep(false)
    #expect(Self.events(watch) == [.resumed])
    try bus.setPower(onBattery: true, percent: 40)
    #expect(Self.events(watch) == [.powerChanged])
    // Quiet again: nothing queued, no read in flight, so the daemon would sleep without limit.
    #expect(Self.events(watch, within: 0.5) == [])
    #expect(watch.pollTimeout == -1)
  }

  @Test func withoutAThresholdThePowerIsNotListenedTo() throws {
    let bus = try MockSystemBus()
    let watch = try #require(SessionWatch(environment: bus.environment, power: false))
    try bus.setPower(onBattery: true, percent: 10)
    #expect(Self.events(watch, within: 1) == [])
    try bus.prepareForSleep(false)
    #expect(Self.events(watch) == [.resumed])
  }

  @Test func theBusGoingAwayIsSaidOnceAndTheWatchSubscribesAgainWhenItIsBack() throws {
    let bus = try MockSystemBus(templates: ["networkmanager", "logind"])
    let watch = try #require(SessionWatch(environment: bus.environment, power: false))
    #expect(Self.events(watch, within: 1) == [])
    // Offline when the bus goes away.
    try bus.setConnectivity(1)
    #expect(Self.events(watch, within: 1) == [])
    bus.bus.stop()
    #expect(Self.events(watch) == [.busLost])
    #expect(watch.descriptor == -1)
    // Said once: the attempts to connect again (at 1 s, then 2 s) are silent while it is away.
    #expect(Self.events(watch, within: 3.5) == [])
    #expect(watch.pollTimeout > 0)
    try bus.restart()
    #expect(Self.events(watch, within: 15) == [.busBack])
    // Subscribed again, and the state read again: online now (the restarted NetworkManager
    // says FULL), which is the network coming back.
    #expect(Self.events(watch) == [.networkBack])
    try bus.prepareForSleep(false)
    #expect(Self.events(watch) == [.resumed])
    try bus.setMetered(1)
    #expect(Self.events(watch) == [.networkChanged])
  }

  @Test func aFloodFromTheOwnerIsReadOnceAndALaterChangeIsStillHeard() throws {
    let bus = try MockSystemBus(templates: ["networkmanager", "logind"])
    let watch = try #require(SessionWatch(environment: bus.environment, power: false))
    #expect(Self.events(watch, within: 1) == [])
    try bus.flood(count: 5_000)
    // Every one is a property bingwall does not read: nothing to report, however many.
    #expect(Self.events(watch, within: 3) == [])
    #expect(watch.pollTimeout == -1)
    try bus.setMetered(1)
    #expect(Self.events(watch) == [.networkChanged])
  }

  @Test func aSignalSentToTheWatchDirectlyOrByANonOwnerIsIgnored() throws {
    let bus = try MockSystemBus(templates: ["logind"])
    let watch = try #require(SessionWatch(environment: bus.environment, power: false))
    #expect(Self.events(watch, within: 1) == [])
    let names = bus.uniqueNames(of: getpid())
    try #require(names.count == 1)
    // logind's "back from sleep", from a client that is not logind: sent to the watch's unique
    // name (the bus delivers it whatever the match rules say), and to everyone.
    try bus.spoofResume(to: names[0])
    try bus.spoofResume(to: nil)
    #expect(Self.events(watch, within: 2) == [])
    // The same from logind itself is heard.
    try bus.prepareForSleep(false)
    #expect(Self.events(watch) == [.resumed])
  }
}
