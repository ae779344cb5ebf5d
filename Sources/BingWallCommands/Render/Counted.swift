/// `1 picture`, `3 pictures`: a count and its noun, for the summaries of import and export.
enum Counted {
  static func phrase(_ number: Int, _ noun: String) -> String {
    "\(number) \(noun)\(number == 1 ? "" : "s")"
  }
}
