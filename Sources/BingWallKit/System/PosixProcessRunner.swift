import Foundation

// Placeholder so the skeleton builds; the process helper replaces this file.
public struct PosixProcessRunner: ProcessRunner {
  public init() {}
  public func run(_ invocation: ProcessInvocation) throws(ProcessError) -> ProcessResult {
    throw ProcessError.notFound(program: invocation.arguments.first ?? "")
  }
}
