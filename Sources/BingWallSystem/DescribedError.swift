import FoundationEssentials

/// An error whose `description` is its whole message. `LocalizedError`'s `errorDescription`
/// says the same, so every path that prints an error (ours, or Foundation's
/// `localizedDescription`) prints the same text.
package protocol DescribedError: CustomStringConvertible, LocalizedError {}

extension DescribedError {
  package var errorDescription: String? { description }
}
