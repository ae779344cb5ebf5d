/// Which hosts are this machine: where plain http may go (a test server, a local mirror), since
/// nothing it carries crosses a network. Every check of plain http asks this one rule: a URL in a
/// body (`RemoteURL`), an endpoint in the configuration, each hop of a redirect (`CurlTransfer`).
package enum LoopbackHost {
  /// `localhost`, `127.0.0.0/8` in dotted-decimal form (`127.0.0.1`, `127.0.0.2`) or `[::1]`,
  /// compared as written, lower-cased; any other spelling (`127.1`, `0x7f.0.0.1`, `2130706433`)
  /// is not taken for the loopback, whatever a resolver would make of it.
  package static func contains(_ host: String) -> Bool {
    let host = host.lowercased()
    if host == "localhost" || host == "[::1]" { return true }
    let parts = host.split(separator: ".", omittingEmptySubsequences: false)
    return parts.count == 4 && parts[0] == "127"
      && parts.allSatisfy { part in
        (1...3).contains(part.utf8.count)
          && part.utf8.allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
          && Int(part) ?? 256 <= 255
      }
  }
}
