import BingWallSystem

/// Hyprland's monitors, from `hyprctl monitors -j`.
///
/// `width` and `height` are the mode's pixels, unturned; `transform` is Wayland's enum (0–3 turn
/// by 90° steps, 4–7 the same mirrored); `x`, `y` and `scale` place it. Hyprland has no primary
/// monitor; the first (its `id` 0) stands for it.
/// https://wiki.hyprland.org/Configuring/Using-hyprctl/
enum HyprlandMonitors {
  static func parse(_ text: String) throws(OutputReadError) -> [Output] {
    guard case .array(let entries) = try OutputReadError.json(text, tool: "hyprctl") else {
      throw .unexpected(tool: "hyprctl", what: "the answer is not a list of monitors")
    }
    return entries.compactMap { entry -> Output? in
      guard case .object(let fields) = entry, fields["disabled"] != .bool(true),
        case .string(let name) = fields["name"], let width = fields["width"]?.intValue,
        let height = fields["height"]?.intValue
      else { return nil }
      let rotation = ((fields["transform"]?.intValue ?? 0) % 4) * 90
      return Output(
        name: name, panelWidth: width, panelHeight: height,
        x: fields["x"]?.intValue ?? 0, y: fields["y"]?.intValue ?? 0,
        scale: fields["scale"]?.doubleValue ?? 1,
        rotation: rotation)
    }
    .normalised()
  }
}
