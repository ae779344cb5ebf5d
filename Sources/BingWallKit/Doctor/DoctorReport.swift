import BingWallSystem

/// What `bingwall doctor` found and did, for the text and `--json` renderers (Render/DoctorText).
package struct DoctorReport {
  package let state: DoctorChecks.State
  /// The backend `apply` would use here; nil when none can work.
  package let backend: String?
  package let fixing: Bool
  package let quick: Bool

  package var findings: [DoctorFinding] { state.findings }
  package var problems: Int { findings.filter { $0.severity == .problem }.count }
  package var fixedProblems: Int { findings.filter { $0.severity == .problem && $0.isFixed }.count }
  package var warnings: Int { findings.filter { $0.severity == .warning }.count }
  /// No problem left: exit status 0.
  package var ok: Bool { !findings.contains(where: \.remains) }
}
