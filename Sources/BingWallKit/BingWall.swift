import Foundation

/// The entry point: parse, dispatch, print errors, return the exit status.
public enum BingWall {
  public static let version = "0.1.0"

  public static func run(arguments: [String], context: Context) -> Int32 {
    return 0
  }
}
