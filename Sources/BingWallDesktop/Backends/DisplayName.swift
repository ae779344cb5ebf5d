/// An X11 `DISPLAY` value reduced to what names the server: the host and the display number, so
/// `:0` and `:0.0` are the same display.
struct DisplayName: Equatable {
  let host: Substring
  let number: Int

  init?(_ value: String?) {
    guard let value, let colon = value.lastIndex(of: ":") else { return nil }
    let digits = value[value.index(after: colon)...].prefix { $0.isASCII && $0.isNumber }
    guard let number = Int(digits) else { return nil }
    host = value[..<colon]
    self.number = number
  }
}
