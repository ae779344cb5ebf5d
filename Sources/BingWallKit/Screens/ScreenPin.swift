/// One `screens.pin` entry, `OUTPUT=SELECTOR`: the output's name as `bingwall outputs` prints
/// it, and anything `apply` takes. Parsed here only, when the config is read; `config check`
/// and `apply` both see this value.
struct ScreenPin: ConfigText, Equatable {
  var output: String
  /// What the pinned picture is, as `apply` takes it (`latest`, a key, a date).
  var selector: String

  /// Nil unless `text` is a non-empty name, `=`, and a non-empty selector.
  init?(_ text: String) {
    guard let equals = text.firstIndex(of: "=") else { return nil }
    output = String(text[..<equals])
    selector = String(text[text.index(after: equals)...])
    guard !output.isEmpty, !selector.isEmpty else { return nil }
  }

  var description: String { output + "=" + selector }
}
