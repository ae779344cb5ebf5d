import BingWallSystem

/// What `bingwall doctor` found and did, for the text and `--json` renderers (Render/DoctorText):
/// what was checked and the findings, as values; the checks' working state (the open history
/// among it) stays in `Doctor`.
package struct DoctorReport: Sendable {
  /// What was checked, in the words of `--json`'s `checked` object.
  package struct Checked: Sendable, Equatable {
    package var configPath: String
    package var configLoaded: Bool
    package var databasePath: String
    package var databaseExists: Bool
    /// It opened and passed SQLite's check: the picture count and the file checks mean something.
    package var databaseHealthy: Bool
    package var imageFolder: String
    package var pictures: Int
  }

  package let checked: Checked
  package let findings: [DoctorFinding]
  /// The backend `apply` would use here; nil when none can work.
  package let backend: String?
  package let fixing: Bool
  package let quick: Bool

  init(state: DoctorChecks.State, backend: String?, fixing: Bool, quick: Bool) {
    checked = Checked(
      configPath: state.configPath, configLoaded: state.configLoaded,
      databasePath: state.resources.context.paths.databaseFile, databaseExists: state.databaseExists,
      databaseHealthy: state.store != nil && state.databaseHealthy,
      imageFolder: state.resources.imageFolder.path, pictures: state.pictures)
    findings = state.findings
    self.backend = backend
    self.fixing = fixing
    self.quick = quick
  }

  package var problems: Int { findings.filter { $0.severity == .problem }.count }
  package var fixedProblems: Int { findings.filter { $0.severity == .problem && $0.isFixed }.count }
  package var warnings: Int { findings.filter { $0.severity == .warning }.count }
  /// No problem left: exit status 0.
  package var ok: Bool { !findings.contains(where: \.remains) }
}
