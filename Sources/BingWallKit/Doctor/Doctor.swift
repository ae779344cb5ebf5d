import BingWallStore
import BingWallSystem
import Glibc

/// `bingwall doctor [--fix] [--quick]`: checks the config, the database, every picture's file,
/// the image folder, the current wallpaper and the desktop, and with `fix` repairs what it can.
package struct Doctor {
  let configFile: String?
  let context: Context
  /// Told when `--fix` must wait for another command to finish, with its pid when known.
  package var onWait: (Int32?) -> Void = { _ in }

  package init(configFile: String?, context: Context) {
    self.configFile = configFile
    self.context = context
  }

  package func run(fix fixing: Bool, quick: Bool) throws -> DoctorReport {
    let checks = DoctorChecks(quick: quick)
    var state = DoctorChecks.configuration(configFile: configFile, context)
    var lock: FileLock?
    if fixing {
      // Taken before the checks: a file an update is naming right now is not an orphan.
      lock = try state.resources.historyLock(onWait: onWait)
    }
    defer { lock?.release() }

    checks.run(&state, context)
    let desktop = DoctorDesktopCheck.run(state.resources)
    if let finding = desktop.finding { state.findings.append(finding) }
    state.findings += DoctorAutostartCheck.run(context)
    state.findings += DoctorHookCheck.run(state.resources)
    if let finding = DoctorUpdateCheck.run(context) { state.findings.append(finding) }
    if fixing {
      if let store = state.store, state.databaseHealthy {
        DoctorRepair(resources: state.resources, store: store, configLoaded: state.configLoaded)
          .run(&state.findings)
      } else {
        Self.removeTemporaryFiles(&state.findings, files: context.fileSystem)
      }
      // What no repair touched is said as not fixed, with what to do by hand.
      for index in state.findings.indices
      where state.findings[index].severity == .problem && state.findings[index].outcome == .open {
        state.findings[index].outcome = .notFixed(state.findings[index].advice)
      }
    }
    return DoctorReport(state: state, backend: desktop.selected, fixing: fixing, quick: quick)
  }

  /// `--fix` without a history that can be trusted (none, or one that does not open or fails its
  /// check): only leftover temporary files go; nothing is written to a damaged database, and no
  /// file is judged against it.
  static func removeTemporaryFiles(_ findings: inout [DoctorFinding], files: any FileSystem) {
    for index in findings.indices {
      guard case .remove(let path) = findings[index].action, findings[index].isTemporaryFile else { continue }
      do throws(FileError) {
        try files.removeFile(path)
        findings[index].outcome = .fixed("removed")
      } catch {
        findings[index].outcome = .notFixed(
          "cannot remove it: \(String(cString: strerror(error.errno ?? EIO)))")
      }
    }
  }
}
