import CSystemd

/// A message being built: a reply, an error, a signal or a method call, written one argument at
/// a time and sent once. A failed append (a string that is not UTF-8 is the only one bingwall
/// could cause) is kept and makes `send` fail, so a half-built message is never sent.
package final class BusMessageWriter {
  let connection: BusConnection
  let pointer: OpaquePointer
  private var failure: Int32 = 0

  init(connection: BusConnection, pointer: OpaquePointer) {
    self.connection = connection
    self.pointer = pointer
  }

  deinit {
    _ = connection.api.pointee.message_unref(pointer)
  }

  private var api: bw_bus_api { connection.api.pointee }

  private func keep(_ code: Int32) {
    if code < 0, failure == 0 { failure = code }
  }

  private func append<Value>(_ type: Character, _ value: Value) {
    var value = value
    keep(withUnsafePointer(to: &value) { api.message_append_basic(pointer, CChar(type.asciiValue!), $0) })
  }

  @discardableResult package func string(_ value: String) -> Self {
    keep(value.withCString { api.message_append_basic(pointer, CChar(UInt8(ascii: "s")), $0) })
    return self
  }

  @discardableResult package func objectPath(_ value: String) -> Self {
    keep(value.withCString { api.message_append_basic(pointer, CChar(UInt8(ascii: "o")), $0) })
    return self
  }

  @discardableResult package func int32(_ value: Int32) -> Self {
    append("i", value)
    return self
  }

  @discardableResult package func uint32(_ value: UInt32) -> Self {
    append("u", value)
    return self
  }

  @discardableResult package func boolean(_ value: Bool) -> Self {
    append("b", Int32(value ? 1 : 0))
    return self
  }

  /// An `ay` in one piece.
  @discardableResult package func bytes(_ value: [UInt8]) -> Self {
    keep(
      value.withUnsafeBytes {
        api.message_append_array(pointer, CChar(UInt8(ascii: "y")), $0.baseAddress, $0.count)
      })
    return self
  }

  /// A container (`a`, `r`, `e` or `v`) of `contents`, filled by `body`.
  @discardableResult package func container(
    _ type: Character, _ contents: String, _ body: (BusMessageWriter) -> Void
  )
    -> Self
  {
    keep(api.message_open_container(pointer, CChar(type.asciiValue!), contents))
    body(self)
    keep(api.message_close_container(pointer))
    return self
  }

  /// A variant holding one value of type `contents`.
  @discardableResult package func variant(_ contents: String, _ body: (BusMessageWriter) -> Void) -> Self {
    container("v", contents, body)
  }

  /// A `{sv}` entry: a dictionary's key and its variant.
  @discardableResult package func entry(_ key: String, _ contents: String, _ body: (BusMessageWriter) -> Void)
    -> Self
  {
    container("e", "sv") { $0.string(key).variant(contents, body) }
  }

  /// Sends it without waiting for anything.
  package func send() throws(BusError) {
    if failure == 0 { keep(api.send(connection.bus, pointer, nil)) }
    if failure < 0 { throw .callFailed(member: "send", name: "", errno: -failure) }
  }
}
