import BingWallSystem

/// Hyprland's monitors, from `hyprctl monitors -j`.
///
/// `width` and `height` are the mode's pixels, unturned; `transform` is Wayland's enum (0–3 turn
/// by 90° steps, 4–7 the same mirrored); `x`, `y` and `scale` place it. Hyprland has no primary
/// monitor; the first (its `id` 0) stands for it.
/// https://wiki.hyprland.org/Configuring/Using-hyprctl/
enum HyprlandMonitors {
  static func parse(_ text: String) throws(OutputReadError) -> [Output] {
    try OutputReadError.entries(text, tool: "hyprctl", listOf: "monitors").compactMap { fields -> Output? in
      guard fields["disabled"] != .bool(true),
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
