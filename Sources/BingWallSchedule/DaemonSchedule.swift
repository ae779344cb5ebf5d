import BingWallModel
import BingWallSystem
import FoundationEssentials
import Glibc

/// What the running daemon does, as it decided from its configuration and its options
/// (`--rotate 5s`, `--no-update`): written beside its lock when it starts and at each reload, so
/// `status` shows the daemon's own schedule rather than what the configuration file says now.
///
/// `{"pid": 4242, "updates": true, "markets": ["en-US"], "rotate_seconds": 5}`; only read while
/// the daemon holds its lock, and only when the pid is the lock holder's.
package struct DaemonSchedule: Sendable, Equatable, Codable {
  package var pid: Int32
  /// Whether the daemon fetches new pictures (not `--no-update`).
  package var updates: Bool
  /// The markets its updates fetch.
  package var markets: [Market]
  /// Seconds between rotations; nil when it does not rotate.
  package var rotateSeconds: Int?

  private enum CodingKeys: String, CodingKey {
    case pid, updates, markets
    case rotateSeconds = "rotate_seconds"
  }

  package init(pid: Int32, updates: Bool, markets: [Market], rotateSeconds: Int?) {
    self.pid = pid
    self.updates = updates
    self.markets = markets
    self.rotateSeconds = rotateSeconds
  }

  /// A market as its code; a code no market has makes the file unreadable (`load` is nil).
  package init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    pid = try container.decode(Int32.self, forKey: .pid)
    updates = try container.decode(Bool.self, forKey: .updates)
    markets = try container.decode([String].self, forKey: .markets).map { code in
      guard let market = Market(code) else {
        throw DecodingError.dataCorruptedError(
          forKey: .markets, in: container, debugDescription: "not a market: \(code)")
      }
      return market
    }
    rotateSeconds = try container.decodeIfPresent(Int.self, forKey: .rotateSeconds)
  }

  package func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(pid, forKey: .pid)
    try container.encode(updates, forKey: .updates)
    try container.encode(markets.map(\.code), forKey: .markets)
    try container.encodeIfPresent(rotateSeconds, forKey: .rotateSeconds)
  }

  /// `bingwall-daemon.json` in the folder of the daemon's lock.
  package static func path(lockFile: String) -> String {
    Paths.parent(of: lockFile) + "/bingwall-daemon.json"
  }

  /// The daemon's rotation, as the loop runs it.
  package var rotation: RotationSchedule? {
    rotateSeconds.flatMap { RotationSchedule(interval: .seconds($0)) }
  }

  /// Written whole or not at all: `status` never reads half a file.
  package func save(to path: String) throws(FileError) {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys]
    // Integers, booleans and strings cannot fail to encode.
    let data = try! encoder.encode(self)
    try AtomicFile.write(data + Data("\n".utf8), to: path, mode: 0o600)
  }

  /// The file's schedule; nil when there is none or it cannot be read (a daemon older than the
  /// file, a hand-made file).
  package static func load(path: String) -> DaemonSchedule? {
    // Bounded: a larger file is no daemon's, and is not read past 64 KiB.
    guard let bytes = try? FileContents.read(path, limit: 64 * 1024) else { return nil }
    return try? JSONDecoder().decode(DaemonSchedule.self, from: Data(bytes))
  }
}
