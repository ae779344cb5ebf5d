import BingWallDesktop

/// The screens of this session as the selected backend's desktop reports them, and whether that
/// backend gives each its own picture: `bingwall outputs`, and what `doctor` and `backends` say.
package enum Outputs {
  package struct Outcome: Sendable, Equatable {
    package var backend: String
    /// The tool that listed them.
    package var source: OutputSource
    /// What one picture the backend sets covers.
    package var pictureScope: PictureScope
    package var outputs: [Output]
  }

  /// Selects the backend as `apply` would and asks its desktop for the screens.
  package static func read(resources: Resources) throws -> Outcome {
    let session = resources.desktopSession
    let backend = try BackendSelector.select(
      resources.configuration[ConfigSchema.backend], from: resources.backends, in: session
    ).backend
    let outputs = try resources.screens.read(for: backend, in: session)
    return Outcome(
      backend: backend.name, source: backend.outputSource, pictureScope: backend.pictureScope(for: outputs),
      outputs: outputs)
  }
}
