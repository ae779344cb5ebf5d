import BingWallSystem

/// What the desktop is given for one picture: the file, or the pictures made from it for the
/// screens the backend covers, with the dark and lock variants where the desktop keeps them.
///
/// Nothing here fails the apply: when the screens cannot be read or a picture cannot be made,
/// the plain file is set and the reason is kept as a warning.
struct PicturePlan {
  /// The one request, or (for `.eachOutput`) the fallback when `each` is empty.
  var request: WallpaperRequest
  /// One request per output for a backend that sets each; empty otherwise.
  var each: [String: WallpaperRequest] = [:]
  /// What each output shows: the file it was given.
  var screens: [String: String] = [:]
  /// The picture each output shows, before it was made for the screen.
  var sources: [String: String] = [:]
  var problem: WallpaperApplier.ScreenProblem?

  static func make(
    for path: String, mode: WallpaperMode, backend: any WallpaperBackend, lockScreen: Bool,
    assignment: ScreenAssignment, session: DesktopSession, maker: ScreenPictureMaker?, trace: Trace = .off
  ) -> PicturePlan {
    var plan = PicturePlan(request: WallpaperRequest(path: path, mode: mode))
    guard let maker else { return plan }
    let shape = mode.explicit
    var problem: WallpaperApplier.ScreenProblem?
    var sources: [String: String] = [:]
    func recipe(_ outputs: [Output], _ variant: PictureRecipe.Variant) -> PictureRecipe {
      PictureRecipe(
        source: path, outputs: outputs, mode: shape, variant: variant,
        sources: sources.filter { name, _ in outputs.contains { $0.name == name } },
        renditions: assignment.renditions(for: outputs, showing: path, sources: sources))
    }
    func kept(_ result: Result<String, WallpaperApplier.ScreenProblem>) -> String? {
      switch result {
      case .success(let made): return made
      case .failure(let failure):
        problem = problem ?? failure
        return nil
      }
    }
    func made(_ outputs: [Output], _ variant: PictureRecipe.Variant) -> String? {
      kept(maker(recipe(outputs, variant)))
    }
    // A desktop without a dark picture of its own shows the dark variant while its scheme is dark.
    let look: PictureRecipe.Variant =
      !backend.setsDarkPicture && backend.isDarkStyle(in: session) ? .dark : .plain
    // Only a fill or a fit is made to the screens' shape; a centred or tiled picture keeps its own.
    var outputs: [Output] = []
    if backend.pictureScope != .asIs, shape == .fill || shape == .fit {
      do {
        outputs = try backend.outputSource.read(in: session, backend: backend.name)
        for output in outputs { trace(Self.traceLine(output, source: backend.outputSource)) }
      } catch  where session.hasDisplay {
        problem = WallpaperApplier.ScreenProblem(error.description)
      } catch {
        // No display (cron, a timer): the screens cannot be asked for, and that is no news at
        // every change; the desktop scales the file as it always has.
        trace("screens: not read, no display; the desktop scales the picture")
      }
    } else {
      trace(
        backend.pictureScope == .asIs
          ? "screens: not read; \(backend.name) is given the picture as it is"
          : "screens: not read; mode \(shape) keeps the picture's own shape")
    }
    let scope = backend.pictureScope(for: outputs)
    // Only screens made one by one or on one canvas can differ.
    if scope == .eachOutput || scope == .layout {
      sources = assignment.sources(for: outputs)
    }
    if scope == .eachOutput, !outputs.isEmpty {
      var each: [String: WallpaperRequest] = [:]
      for output in outputs {
        guard let file = made([output], look) else { break }
        each[output.name] = WallpaperRequest(path: file, mode: .stretch)
      }
      if each.count == outputs.count {
        plan.each = each
        plan.screens = each.mapValues(\.path)
        plan.sources = shownSources(outputs, sources, path)
        // A lock screen keeps one picture for every screen (Plasma's kscreenlockerrc): the
        // whole picture in the lock look, as for a backend that sets the file as it is.
        if lockScreen, backend.setsLockPicture, backend.lockScreenNote(in: session) == nil {
          plan.request.lockPath = made([], .lock)
        }
        plan.problem = problem
        return plan
      }
      outputs = []
    }
    var covered: [Output] =
      switch scope {
      case .layout: outputs
      case .everyOutput: outputs.filter(\.primary)
      case .eachOutput, .asIs: []
      }
    let variants: [PictureRecipe.Variant] =
      (backend.setsDarkPicture ? [.dark] : [])
      + (lockScreen && backend.setsLockPicture && backend.lockScreenNote(in: session) == nil ? [.lock] : [])
    // For one screen (or none) the dark and lock pictures are started now, each on its own
    // core, beside the picture: the screen's crop is made once (the maker waits for the one
    // being made) and each look is then made from it in memory, most of its time its own JPEG
    // encode, which libjpeg does on one thread. A canvas of several screens is cut again for
    // each, so those are made one after the other, and only one is in memory at a time.
    var early: [PictureRecipe.Variant: Overlapped<Result<String, WallpaperApplier.ScreenProblem>>] = [:]
    if covered.count <= 1 {
      for variant in variants {
        let asked = recipe(covered, variant)
        early[variant] = Overlapped { maker(asked) }
      }
    }
    var main = covered.isEmpty ? nil : made(covered, look)
    if main == nil {
      if !covered.isEmpty {
        // Made for a screen that could not be made for: ended, and made whole below instead.
        for work in early.values { _ = work.value() }
        early = [:]
      }
      covered = []
      sources = [:]
      main = made([], look)
    }
    plan.request = WallpaperRequest(
      path: main ?? path, mode: covered.isEmpty ? mode : .stretch, spansOutputs: covered.count > 1)
    // In this order, so that the first failure told is the one it was when made one by one.
    for variant in variants {
      let file = early[variant].map { kept($0.value()) } ?? made(covered, variant)
      if variant == .dark { plan.request.darkPath = file } else { plan.request.lockPath = file }
    }
    if !covered.isEmpty {
      plan.screens = Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, plan.request.path) })
      plan.sources = shownSources(outputs, sources, path)
    }
    plan.problem = problem
    return plan
  }

  /// `screen: eDP-1 1920x1080 at 0,0, primary (xrandr)`: one screen as `-v` tells it.
  static func traceLine(_ output: Output, source: OutputSource) -> String {
    var line = "screen: \(output.name) \(output.sizeText) at \(output.x),\(output.y)"
    if output.scale != 1 { line += ", scale \(output.scale)" }
    if let rotation = output.rotation, rotation != 0 { line += ", rotated \(rotation)" }
    if output.primary { line += ", primary" }
    return line + " (\(source))"
  }

  /// The picture each of `outputs` shows: its own source, else `path`.
  private static func shownSources(_ outputs: [Output], _ sources: [String: String], _ path: String)
    -> [String: String]
  {
    Dictionary(uniqueKeysWithValues: outputs.map { ($0.name, sources[$0.name] ?? path) })
  }
}
