@testable import BingWallSystem

/// An error as a person reads it, joined on one line: what failed, then its hint after "; ".
/// The tests of an error's words hold both parts at once, as they did before the hint had a
/// line of its own (`bingwall: hint: …`).
package func told(_ error: any Error) -> String {
  "\(error)" + ((error as? any HintedError)?.hint.map { "; " + $0 } ?? "")
}
