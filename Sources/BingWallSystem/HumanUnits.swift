/// Durations and sizes as people write them in config: `30m`, `1h30m`, `2GB`.
package enum HumanUnits {
  /// Seconds in `90s`, `30m`, `2h`, `1d`, `1h30m`; nil for anything else, zero included.
  static func seconds(in text: String) -> Int? {
    let units: [Character: Int] = ["s": 1, "m": 60, "h": 3600, "d": 86_400]
    var total = 0
    var digits = ""
    for character in text {
      if character.isASCII, character.isNumber {
        digits.append(character)
      } else if let unit = units[character], let number = Int(digits) {
        let (product, overflow) = number.multipliedReportingOverflow(by: unit)
        if overflow { return nil }
        total += product
        digits = ""
      } else {
        return nil
      }
    }
    return digits.isEmpty && total > 0 ? total : nil
  }

  /// Bytes in `500MB`, `2GB`, `1.5G`, `100K`, `4096`: units are powers of 1024, as `du -h` prints.
  package static func bytes(in text: String) -> Int64? {
    let upper = text.uppercased()
    let number = upper.prefix { $0.isNumber || $0 == "." }
    var unit = upper.dropFirst(number.count)
    if unit.hasSuffix("IB") { unit = unit.dropLast(2) }
    if unit.hasSuffix("B") { unit = unit.dropLast() }
    let powers: [Substring: Double] = ["": 0, "K": 1, "M": 2, "G": 3, "T": 4]
    guard let value = Double(number), value > 0, let power = powers[unit] else { return nil }
    // More than Int64 holds (99999999999999999999T) is no size either, not a crash.
    return Int64(exactly: (value * pow1024(power)).rounded(.down))
  }

  /// `2.4 MB`, `512 bytes`: powers of 1024, as `bytes(in:)` reads them, one decimal.
  package static func describe(bytes: Int64) -> String {
    let units = ["bytes", "KB", "MB", "GB", "TB"]
    var value = Double(bytes)
    var unit = 0
    while value >= 1024, unit < units.count - 1 {
      value /= 1024
      unit += 1
    }
    return unit == 0 ? "\(bytes) bytes" : "\(value.fixed(decimals: 1)) \(units[unit])"
  }

  private static func pow1024(_ power: Double) -> Double {
    var result = 1.0
    for _ in 0..<Int(power) { result *= 1024 }
    return result
  }
}
