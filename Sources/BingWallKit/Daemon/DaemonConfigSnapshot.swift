import BingWallSchedule
import BingWallSystem
import FoundationEssentials

/// The daemon's copy of its configuration file as it last loaded it (at start and on SIGHUP),
/// which every update child reads with `--config`.
///
/// A child reading the file itself would see every edit at once: a config saved half-done would
/// fail every update until it is fixed, where the daemon promises to keep the configuration it
/// has until SIGHUP (and then to keep it when the new one is broken). `BINGWALL_*` variables
/// still reach the child through its environment, as they reached the daemon.
package struct DaemonConfigSnapshot {
  /// Where the copy lives: the daemon's runtime folder, beside its lock.
  package let path: String
  /// The file the daemon reads.
  let source: ConfigLocation

  package init(path: String, source: ConfigLocation) {
    self.path = path
    self.source = source
  }

  /// Copies the file as it is now (an empty copy when there is none: the defaults) and returns
  /// the copy's path; nil, with a warning logged, when it cannot be written, and children then
  /// read the file itself.
  package func save(log: DaemonLog) -> String? {
    do {
      let bytes = try FileContents.read(source.path) ?? []
      try AtomicFile.write(Data(bytes), to: path, mode: 0o600)
      return path
    } catch {
      log.warning("cannot keep a copy of the configuration for updates (\(error)); they read \(source.path)")
      return nil
    }
  }
}
