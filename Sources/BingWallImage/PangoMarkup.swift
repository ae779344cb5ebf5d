/// Text made safe inside Pango markup: what Pango would read as a tag or an entity is written as
/// an entity, so a title like `<b>&` is drawn as those three characters.
/// https://docs.gtk.org/Pango/pango_markup.html
enum PangoMarkup {
  static func escaped(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&apos;"
      // GMarkup refuses control characters (a markup error, no caption at all); a line break
      // in a title is a space on one caption line.
      case _ where scalar.properties.generalCategory == .control: result += " "
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
