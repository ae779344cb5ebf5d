import BingWallKit
import BingWallSystem

/// What `bingwall doctor` prints: a line per finding and a summary, or one JSON object.
enum DoctorText {
  /// Quiet: only the problems left, no summary (the exit status says the rest).
  static func text(_ report: DoctorReport, quiet: Bool) -> String {
    var lines = report.findings.filter { !quiet || $0.remains }.map(line)
    if !quiet { lines.append(summary(report)) }
    return lines.map { $0 + "\n" }.joined()
  }

  /// `Checked the config, the database, 12 pictures (hashes), the image folder and the backend
  /// (gnome): 3 problems (2 fixed, 1 left), 1 warning.`
  static func summary(_ report: DoctorReport) -> String {
    let checked = report.checked
    let pictures: String
    if checked.databaseHealthy {
      let hashes = report.quick ? "sizes" : "SHA-256"
      pictures = "\(Counted.phrase(checked.pictures, "picture")) (\(hashes))"
    } else if checked.databaseExists {
      pictures = "no pictures (the database cannot be read)"
    } else {
      pictures = "no pictures (no history yet)"
    }
    let said =
      "Checked the config, the database, \(pictures), the image folder and the backend "
      + "(\(report.backend ?? "none usable"))"
    let problems = report.problems
    guard problems + report.warnings > 0 else { return said + ": all well." }
    var parts: [String] = []
    if problems > 0 {
      let fixed = report.fixedProblems
      let counts = report.fixing ? " (\(fixed) fixed, \(problems - fixed) left)" : ""
      parts.append(Counted.phrase(problems, "problem") + counts)
    }
    if report.warnings > 0 { parts.append(Counted.phrase(report.warnings, "warning")) }
    let hint =
      !report.fixing && report.findings.contains { $0.remains && $0.action != .none }
      ? "; 'bingwall doctor --fix' repairs what it can" : ""
    return said + ": " + parts.joined(separator: ", ") + hint + "."
  }

  static func json(_ report: DoctorReport) -> JSONOutput {
    let checked = report.checked
    return .object([
      ("ok", .bool(report.ok)), ("fix", .bool(report.fixing)), ("quick", .bool(report.quick)),
      (
        "checked",
        .object([
          ("config", .string(checked.configPath)), ("config_loaded", .bool(checked.configLoaded)),
          ("database", .string(checked.databasePath)),
          ("database_exists", .bool(checked.databaseExists)),
          ("database_healthy", .bool(checked.databaseHealthy)),
          ("image_folder", .string(checked.imageFolder)),
          ("pictures", .integer(Int64(checked.pictures))), ("backend", .optional(report.backend)),
        ])
      ),
      ("findings", .array(report.findings.map(json))),
      ("problems", .integer(Int64(report.problems))),
      ("fixed_problems", .integer(Int64(report.fixedProblems))),
      ("warnings", .integer(Int64(report.warnings))),
    ])
  }

  /// `problem: [file] OHR.Fox: … is missing; run 'bingwall doctor --fix' …`, the status word
  /// saying what `--fix` did when it ran.
  static func line(_ finding: DoctorFinding) -> String {
    let status: String
    let tail: String
    switch finding.outcome {
    case .open:
      status = finding.severity.rawValue
      tail = finding.advice
    case .fixed(let how):
      status = "fixed"
      tail = how
    case .notFixed(let why):
      status = "not fixed"
      tail = why
    }
    return TerminalText.clean(
      "\(status): [\(finding.check.rawValue)] \(finding.subject): \(finding.message)"
        + (tail.isEmpty ? "" : "; " + tail))
  }

  static func json(_ finding: DoctorFinding) -> JSONOutput {
    var fields: [(String, JSONOutput)] = [
      ("check", .string(finding.check.rawValue)), ("severity", .string(finding.severity.rawValue)),
      ("subject", .string(finding.subject)), ("message", .string(finding.message)),
      ("advice", .string(finding.advice)), ("fixed", .bool(finding.isFixed)),
    ]
    switch finding.outcome {
    case .open: fields.append(("result", .null))
    case .fixed(let how), .notFixed(let how): fields.append(("result", .string(how)))
    }
    return .object(fields)
  }
}
