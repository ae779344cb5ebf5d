import BingWallSystem

/// What `bingwall doctor` prints: a line per finding and a summary, or one JSON object.
package struct DoctorReport {
  let state: DoctorChecks.State
  /// The backend `apply` would use here; nil when none can work.
  let backend: String?
  let fixing: Bool
  let quick: Bool

  package init(state: DoctorChecks.State, backend: String?, fixing: Bool, quick: Bool) {
    self.state = state
    self.backend = backend
    self.fixing = fixing
    self.quick = quick
  }

  package var findings: [DoctorFinding] { state.findings }
  var problems: Int { findings.filter { $0.severity == .problem }.count }
  var fixedProblems: Int { findings.filter { $0.severity == .problem && $0.isFixed }.count }
  var warnings: Int { findings.filter { $0.severity == .warning }.count }
  /// No problem left: exit status 0.
  package var ok: Bool { !findings.contains(where: \.remains) }

  /// Quiet: only the problems left, no summary (the exit status says the rest).
  package func text(quiet: Bool) -> String {
    var lines = findings.filter { !quiet || $0.remains }.map(\.line)
    if !quiet { lines.append(summary) }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `Checked the config, the database, 12 pictures (hashes), the image folder and the backend
  /// (gnome): 3 problems (2 fixed, 1 left), 1 warning.`
  var summary: String {
    let pictures: String
    if state.store != nil && state.databaseHealthy {
      pictures = "\(state.pictures) picture\(state.pictures == 1 ? "" : "s") (\(quick ? "sizes" : "SHA-256"))"
    } else if state.databaseExists {
      pictures = "no pictures (the database cannot be read)"
    } else {
      pictures = "no pictures (no history yet)"
    }
    let checked =
      "Checked the config, the database, \(pictures), the image folder and the backend "
      + "(\(backend ?? "none usable"))"
    guard problems + warnings > 0 else { return checked + ": all well." }
    var parts: [String] = []
    if problems > 0 {
      let counts = fixing ? " (\(fixedProblems) fixed, \(problems - fixedProblems) left)" : ""
      parts.append("\(problems) problem\(problems == 1 ? "" : "s")\(counts)")
    }
    if warnings > 0 { parts.append("\(warnings) warning\(warnings == 1 ? "" : "s")") }
    let hint =
      !fixing && findings.contains { $0.remains && $0.action != .none }
      ? "; 'bingwall doctor --fix' repairs what it can" : ""
    return checked + ": " + parts.joined(separator: ", ") + hint + "."
  }

  package var json: JSONOutput {
    let healthy = state.store != nil && state.databaseHealthy
    return .object([
      ("ok", .bool(ok)), ("fix", .bool(fixing)), ("quick", .bool(quick)),
      (
        "checked",
        .object([
          ("config", .string(state.configPath)), ("config_loaded", .bool(state.configLoaded)),
          ("database", .string(state.resources.context.paths.databaseFile)),
          ("database_exists", .bool(state.databaseExists)), ("database_healthy", .bool(healthy)),
          ("image_folder", .string(state.resources.imageFolder.path)),
          ("pictures", .integer(Int64(state.pictures))), ("backend", .optional(backend)),
        ])
      ),
      ("findings", .array(findings.map(\.json))),
      ("problems", .integer(Int64(problems))), ("fixed_problems", .integer(Int64(fixedProblems))),
      ("warnings", .integer(Int64(warnings))),
    ])
  }
}
