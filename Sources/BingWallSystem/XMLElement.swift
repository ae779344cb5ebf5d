/// One element of an XML document as `XMLParser` reads it: its name as written (with its
/// prefix: `media:content`), its attributes, its text and its child elements, in order.
package struct XMLElement: Equatable, Sendable {
  package var name: String
  package var attributes: [String: String]
  /// The element's own character data (CDATA included), entities decoded, child elements'
  /// text left out: `<title>A &amp; B</title>` is `A & B`.
  package var text: String
  package var children: [XMLElement]

  init(
    name: String, attributes: [String: String] = [:], text: String = "", children: [XMLElement] = []
  ) {
    self.name = name
    self.attributes = attributes
    self.text = text
    self.children = children
  }

  /// The first child called `name`.
  package func child(_ name: String) -> XMLElement? {
    children.first { $0.name == name }
  }

  /// Every child called `name`, in order.
  package func children(_ name: String) -> [XMLElement] {
    children.filter { $0.name == name }
  }

  /// The text of the first child called `name`; nil when there is none.
  package func text(of name: String) -> String? {
    child(name)?.text
  }
}
