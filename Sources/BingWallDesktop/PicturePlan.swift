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
  /// What each output shows: the file it was given and the picture it was made from.
  var screens: [String: MadeScreenPicture] = [:]
  var problem: ScreenProblem?

  /// What the plan is made for: the backend chosen and what it is asked to set.
  struct Ask {
    var picture: PictureFile
    var mode: WallpaperMode
    var backend: any WallpaperBackend
    /// A lock screen picture is to be made: asked for, and the backend sets one that bingwall
    /// may choose (no `lockScreenNote`).
    var lockPicture: Bool
    var assignment: ScreenAssignment
    var session: DesktopSession
    var screens: SessionScreens
  }

  /// The screens are read (when the backend's scope and the mode make pictures for them), the
  /// pictures made one by one for a backend that sets each screen, else one covering them.
  static func make(_ ask: Ask, maker: ScreenPictureMaker?, trace: Trace = .off) -> PicturePlan {
    let plan = PicturePlan(request: WallpaperRequest(path: ask.picture.path, mode: ask.mode))
    guard let maker else { return plan }
    var making = Making(picture: ask.picture, shape: ask.mode.explicit, maker: maker)
    // A desktop without a dark picture of its own shows the dark variant while its scheme is dark.
    let look: PictureRecipe.Variant =
      !ask.backend.setsDarkPicture && ask.backend.isDarkStyle(in: ask.session) ? .dark : .plain
    var outputs = readScreens(ask, problem: &making.problem, trace: trace)
    let scope = ask.backend.pictureScope(for: outputs)
    // Only screens made one by one or on one canvas can differ.
    if scope == .eachOutput || scope == .layout {
      making.sources = ask.assignment.sources(for: outputs)
    }
    if scope == .eachOutput, !outputs.isEmpty {
      if let each = eachScreen(ask, outputs, look: look, making: &making) { return each }
      outputs = []
    }
    return covering(ask, outputs, scope: scope, look: look, making: &making)
  }

  /// The screens, read when the pictures are made for them: only a fill or a fit is made to the
  /// screens' shape (a centred or tiled picture keeps its own), and not for a backend given the
  /// file as it is. None when they cannot be read, and `problem` says why where there is a
  /// display to ask.
  private static func readScreens(_ ask: Ask, problem: inout ScreenProblem?, trace: Trace)
    -> [Output]
  {
    let backend = ask.backend
    let shape = ask.mode.explicit
    guard backend.pictureScope != .asIs, shape == .fill || shape == .fit else {
      trace(
        backend.pictureScope == .asIs
          ? "screens: not read; \(backend.name) is given the picture as it is"
          : "screens: not read; mode \(shape) keeps the picture's own shape")
      return []
    }
    do {
      let outputs = try ask.screens.read(for: backend, in: ask.session)
      for output in outputs { trace(traceLine(output, source: backend.outputSource)) }
      return outputs
    } catch  where ask.session.hasDisplay {
      problem = .screensUnread(error)
    } catch {
      // No display (cron, a timer): the screens cannot be asked for, and that is no news at
      // every change; the desktop scales the file as it always has.
      trace("screens: not read, no display; the desktop scales the picture")
    }
    return []
  }

  /// Each of `outputs` its own picture, for a backend that sets each; nil when one of them
  /// could not be made (the caller then sets one picture).
  private static func eachScreen(
    _ ask: Ask, _ outputs: [Output], look: PictureRecipe.Variant, making: inout Making
  ) -> PicturePlan? {
    var plan = PicturePlan(request: WallpaperRequest(path: ask.picture.path, mode: ask.mode))
    for output in outputs {
      guard let file = making.made([output], look) else { return nil }
      plan.each[output.name] = WallpaperRequest(path: file, mode: .stretch)
      plan.screens[output.name] = making.shown(file, on: output)
    }
    // A lock screen keeps one picture for every screen (Plasma's kscreenlockerrc): the whole
    // picture in the lock look, as for a backend that sets the file as it is.
    if ask.lockPicture {
      plan.request.lockPath = making.made([], .lock)
    }
    plan.problem = making.problem
    return plan
  }

  /// One picture: a canvas of the layout, the primary screen's shape, or the picture whole,
  /// as the scope says, with its dark and lock variants.
  private static func covering(
    _ ask: Ask, _ outputs: [Output], scope: PictureScope, look: PictureRecipe.Variant, making: inout Making
  ) -> PicturePlan {
    var covered: [Output] =
      switch scope {
      case .layout: outputs
      case .everyOutput: outputs.filter(\.primary)
      case .eachOutput, .asIs: []
      }
    let variants: [PictureRecipe.Variant] =
      (ask.backend.setsDarkPicture ? [.dark] : []) + (ask.lockPicture ? [.lock] : [])
    // For one screen (or none) the dark and lock pictures are started now, each on its own
    // core, beside the picture: the screen's crop is made once (the maker waits for the one
    // being made) and each look is then made from it in memory, most of its time its own JPEG
    // encode, which libjpeg does on one thread. A canvas of several screens is cut again for
    // each, so those are made one after the other, and only one is in memory at a time.
    var early: [PictureRecipe.Variant: Overlapped<Result<String, ScreenProblem>>] = [:]
    if covered.count <= 1 {
      for variant in variants {
        let asked = making.recipe(covered, variant)
        let maker = making.maker
        early[variant] = Overlapped { maker(asked) }
      }
    }
    var main = covered.isEmpty ? nil : making.made(covered, look)
    if main == nil {
      if !covered.isEmpty {
        // Made for a screen that could not be made for: ended, and made whole below instead.
        for work in early.values { _ = work.value() }
        early = [:]
      }
      covered = []
      making.sources = [:]
      main = making.made([], look)
    }
    var plan = PicturePlan(
      request: WallpaperRequest(
        path: main ?? ask.picture.path, mode: covered.isEmpty ? ask.mode : .stretch,
        spansOutputs: covered.count > 1))
    // In this order, so that the first failure told is the one it was when made one by one.
    for variant in variants {
      let file = early[variant].map { making.kept($0.value()) } ?? making.made(covered, variant)
      if variant == .dark { plan.request.darkPath = file } else { plan.request.lockPath = file }
    }
    if !covered.isEmpty {
      for output in outputs { plan.screens[output.name] = making.shown(plan.request.path, on: output) }
    }
    plan.problem = making.problem
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

  /// The pictures being made for one plan: what each screen shows, and the first failure, which
  /// is the one told.
  private struct Making {
    let picture: PictureFile
    /// `fill` or `fit` (the mode made explicit).
    let shape: WallpaperMode
    let maker: ScreenPictureMaker
    /// The picture each screen shows instead of `picture`.
    var sources: [String: PictureFile] = [:]
    var problem: ScreenProblem?

    func recipe(_ outputs: [Output], _ variant: PictureRecipe.Variant) -> PictureRecipe {
      PictureRecipe(
        picture: picture, outputs: outputs, mode: shape, variant: variant,
        sources: sources.filter { name, _ in outputs.contains { $0.name == name } })
    }

    /// The file made, or nil with the first failure kept.
    mutating func kept(_ result: Result<String, ScreenProblem>) -> String? {
      switch result {
      case .success(let made): return made
      case .failure(let failure):
        problem = problem ?? failure
        return nil
      }
    }

    mutating func made(_ outputs: [Output], _ variant: PictureRecipe.Variant) -> String? {
      kept(maker(recipe(outputs, variant)))
    }

    /// What `output` shows when given `file`: made from its own source, else from `picture`.
    func shown(_ file: String, on output: Output) -> MadeScreenPicture {
      MadeScreenPicture(file: file, source: sources[output.name] ?? picture)
    }
  }
}
