import BingWallDesktop
import BingWallKit
import BingWallSystem

/// `outputs` as a table and as JSON.
enum OutputsText {
  static func json(_ outcome: Outputs.Outcome) -> JSONOutput {
    .object([
      ("backend", .string(outcome.backend)), ("source", .string(outcome.source.rawValue)),
      ("per_output", .bool(outcome.pictureScope == .eachOutput)),
      ("scope", .string(outcome.pictureScope.rawValue)),
      (
        "outputs",
        .array(
          outcome.outputs.map { output in
            .object([
              ("name", .string(output.name)), ("width", .integer(Int64(output.width))),
              ("height", .integer(Int64(output.height))), ("x", .integer(Int64(output.x))),
              ("y", .integer(Int64(output.y))), ("scale", .decimal(output.scale)),
              ("rotation", output.rotation.map { .integer(Int64($0)) } ?? .null),
              ("portrait", .bool(output.isPortrait)), ("primary", .bool(output.primary)),
            ])
          })
      ),
    ])
  }

  /// One line per screen under a header, then what the backend does with them. Names come from
  /// the desktop's tool and are cleaned before they reach the terminal.
  static func table(_ outcome: Outputs.Outcome) -> String {
    let rows = outcome.outputs.map { output -> [String] in
      [
        TerminalText.clean(output.name), output.sizeText + (output.isPortrait ? " (portrait)" : ""),
        "\(output.x),\(output.y)", JSONOutput.decimal(output.scale).rendered(),
        output.rotation.map { "\($0)" } ?? "-", output.primary ? "yes" : "-",
      ]
    }
    let header = ["OUTPUT", "SIZE", "POSITION", "SCALE", "ROTATION", "PRIMARY"]
    let widths = header.indices.map { column in
      ([header] + rows).map { $0[column].count }.max()! + 2
    }
    let lines = ([header] + rows).map { row in
      row.enumerated().map {
        $0.offset == row.count - 1 ? $0.element : $0.element.padded(to: widths[$0.offset])
      }
      .joined()
    }
    let verdict = outcome.pictureScope.sentence(backend: outcome.backend)
    return (lines + ["", verdict]).joined(separator: "\n") + "\n"
  }
}
