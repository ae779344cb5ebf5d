import BingWallSystem

/// The outputs of sway and other wlroots compositors that speak its IPC, from
/// `swaymsg -t get_outputs -r`.
///
/// Each active output has `current_mode` (the panel's pixels, unturned), `transform`
/// (`normal`, `90`, `flipped-270`…), `scale`, `rect` (its place in the layout, in layout pixels)
/// and `primary` (always false on sway 1.7, which then takes the first as primary).
/// https://man.archlinux.org/man/sway-ipc.7.en#GET_OUTPUTS_(3)
enum SwayOutputs {
  static func parse(_ text: String) throws(OutputReadError) -> [Output] {
    try OutputReadError.entries(text, tool: "swaymsg", listOf: "outputs").compactMap { fields -> Output? in
      guard fields["active"] != .bool(false),
        case .string(let name) = fields["name"], case .object(let mode) = fields["current_mode"],
        let modeWidth = mode["width"]?.intValue, let modeHeight = mode["height"]?.intValue
      else { return nil }
      let transform = fields["transform"]?.stringValue ?? "normal"
      let rotation = Int(transform.split(separator: "-").last ?? "") ?? 0
      var rect: [String: JSONValue] = [:]
      if case .object(let fields) = fields["rect"] { rect = fields }
      return Output(
        name: name, panelWidth: modeWidth, panelHeight: modeHeight,
        x: rect["x"]?.intValue ?? 0, y: rect["y"]?.intValue ?? 0, scale: fields["scale"]?.doubleValue ?? 1,
        rotation: rotation, primary: fields["primary"] == .bool(true))
    }
    .normalised()
  }
}
