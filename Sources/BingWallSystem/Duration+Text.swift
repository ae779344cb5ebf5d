extension Duration {
  /// The whole seconds people write in config (`90s`, `30m`, `1h30m`, `1d`); nil for anything
  /// else, zero included.
  init?(humanText text: String) {
    guard let seconds = HumanUnits.seconds(in: text) else { return nil }
    self = .seconds(seconds)
  }

  /// The shortest text `init(humanText:)` reads back as the same whole seconds: `1h30m`.
  var humanText: String {
    var left = components.seconds
    var text = ""
    for (unit, size) in [("d", Int64(86_400)), ("h", 3600), ("m", 60), ("s", 1)] where left >= size {
      text += "\(left / size)\(unit)"
      left %= size
    }
    return text
  }
}

extension Duration {
  /// `off` as zero, else as `init(humanText:)`: what a setting that can be switched off takes.
  package init?(offOrHumanText text: String) {
    if text == "off" {
      self = .zero
    } else {
      self.init(humanText: text)
    }
  }

  /// `off` for zero, else `humanText`.
  package var offOrHumanText: String { self == .zero ? "off" : humanText }
}
