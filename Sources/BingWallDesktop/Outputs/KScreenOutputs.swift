import BingWallSystem

/// Plasma's screens, from `kscreen-doctor -j`.
///
/// `outputs[]` has `name`, `enabled`, `connected`, `pos`, `rotation` (KScreen's flags: 1 none,
/// 2 left, 4 inverted, 8 right), `scale`, and the pixels, unturned, of the mode `currentModeId`
/// names in `modes[]` (Plasma 6 also writes them as `size`). The primary screen is `priority` 1
/// on Plasma 6 and `primary: true` on Plasma 5.
/// https://invent.kde.org/plasma/libkscreen/-/blob/master/src/configserializer.cpp
enum KScreenOutputs {
  static func parse(_ text: String) throws(OutputReadError) -> [Output] {
    guard case .object(let root) = try OutputReadError.json(text, tool: "kscreen-doctor"),
      case .array(let entries) = root["outputs"]
    else {
      throw .unexpected(tool: "kscreen-doctor", what: "the answer has no list of outputs")
    }
    return entries.compactMap { entry -> Output? in
      guard case .object(let fields) = entry, fields["enabled"] != .bool(false),
        fields["connected"] != .bool(false), case .string(let name) = fields["name"],
        let size = currentSize(fields), let width = size["width"]?.intValue,
        let height = size["height"]?.intValue
      else { return nil }
      let rotation = [1: 0, 2: 90, 4: 180, 8: 270][fields["rotation"]?.intValue ?? 1] ?? 0
      var position: [String: JSONValue] = [:]
      if case .object(let fields) = fields["pos"] { position = fields }
      return Output(
        name: name, panelWidth: width, panelHeight: height,
        x: position["x"]?.intValue ?? 0, y: position["y"]?.intValue ?? 0,
        scale: fields["scale"]?.doubleValue ?? 1, rotation: rotation,
        primary: fields["priority"]?.intValue == 1 || fields["primary"] == .bool(true))
    }
    .normalised()
  }

  /// `size`, else the size of the mode `currentModeId` names (an id is a string: `"72"`).
  private static func currentSize(_ output: [String: JSONValue]) -> [String: JSONValue]? {
    if case .object(let size) = output["size"] { return size }
    guard case .array(let modes) = output["modes"], let current = output["currentModeId"] else { return nil }
    for case .object(let mode) in modes where mode["id"] == current {
      if case .object(let size) = mode["size"] { return size }
    }
    return nil
  }
}
