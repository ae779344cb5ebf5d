import BingWallDesktop
import BingWallImage
import BingWallSystem
import Glibc

/// The pictures made for the screens: a file cut (or letterboxed) to one screen's exact size,
/// or to a canvas of the whole layout, in its plain, dark or lock look, with libvips; kept in
/// `$XDG_CACHE_HOME/bingwall/screens/` and made once.
///
/// A made file is named for its source (the file name's safe letters), a hash of everything
/// that decides its pixels (the source's path, size and change time, so an edited file is made
/// again; the screens; the look), its size, fit and variant:
/// `20261201_OHR.Lake_en-US-1a2b3c4d-2560x1440-crop-dark.jpg`. The names are bingwall's own
/// letters, so sway's command parser takes them. They are never in the history and never
/// exported; the oldest go first beyond `maximumSize`.
struct ScreenPictures: Sendable {
  let folder: String
  /// Nil: no limit.
  let maximumSize: ByteCount?
  /// The dark variant's brightness, 0–1.
  var darkDim: Double = 1
  /// The lock variant's blur sigma.
  var lockBlur: Double = 0
  /// Told each picture made, or found made (`-v`).
  var trace: Trace = .off
  /// Drawn on every look; nil: none.
  var caption: Caption?
  /// Where the cache is listed and trimmed (the made pictures themselves are libvips's files).
  var files: any FileSystem = LocalFileSystem()
  /// The screen's plain picture just made, for its variants (shared by copies of this value).
  let kept = ScreenPicture.Kept()
  /// The files being made now, by path: a variant asked for while its plain picture is being
  /// made (on another thread) waits for that one instead of making it again.
  let making = SingleFlight<Result<String, ScreenProblem>>()
  /// A single screen's picture being made in memory (`ScreenPicture.shape`), by path: its looks
  /// wait for its pixels, not for its file.
  let shaping = SingleFlight<Result<String, ScreenProblem>>()

  /// The longest title or credit drawn: a caption is a line or two, whatever a response says.
  static let captionMaximumLength = 200

  /// The caption of a stored picture, its title, credit and headline each one line
  /// (`TerminalText.singleLine`), cut to `captionMaximumLength` with an ellipsis.
  static func caption(title: String, credit: String, headline: String = "") -> Caption {
    func bounded(_ text: String) -> String {
      let line = TerminalText.singleLine(text).unicodeScalars
      guard line.count > captionMaximumLength else { return String(line) }
      return String(String.UnicodeScalarView(line.prefix(captionMaximumLength - 1))) + "…"
    }
    return Caption(title: bounded(title), credit: bounded(credit), headline: bounded(headline))
  }

  /// The look `variant` has here: nil when it changes nothing.
  func look(_ variant: PictureRecipe.Variant) -> ScreenPicture.Look? {
    var look = ScreenPicture.Look(caption: caption)
    switch variant {
    case .plain: break
    case .dark: look.dim = darkDim
    case .lock: look.blur = lockBlur
    }
    return look == ScreenPicture.Look() ? nil : look
  }

  /// What `make` makes for a recipe: the file's path and what decides its pixels.
  private struct Planned {
    let path: String
    let look: ScreenPicture.Look?
    let screens: [ScreenPicture.Screen]
    let fit: ScreenPicture.Fit
  }

  /// The picture `recipe` asks for: made, found made, or the source itself when the recipe
  /// changes nothing.
  func make(_ recipe: PictureRecipe) -> Result<String, ScreenProblem> {
    switch planned(recipe) {
    case .failure(let problem): return .failure(problem)
    case .success(nil): return .success(recipe.source)
    case .success(let planned?):
      return making.run(planned.path) {
        make(recipe, look: planned.look, screens: planned.screens, fit: planned.fit, at: planned.path)
      }
    }
  }

  /// Where `recipe`'s picture is kept and what decides it; nil when the recipe changes nothing.
  private func planned(_ recipe: PictureRecipe) -> Result<Planned?, ScreenProblem> {
    let look = look(recipe.variant)
    if recipe.outputs.isEmpty, look == nil { return .success(nil) }
    let source = recipe.source
    let fit: ScreenPicture.Fit = recipe.mode == .fit ? .letterbox : .crop
    let left = recipe.outputs.map(\.x).min() ?? 0
    let top = recipe.outputs.map(\.y).min() ?? 0
    let screens = recipe.outputs.map {
      ScreenPicture.Screen(
        x: $0.x - left, y: $0.y - top, width: $0.width, height: $0.height, source: recipe.source(of: $0),
        rendition: recipe.rendition(of: $0))
    }
    var identities: [String] = []
    for file in [source] + screens.compactMap(\.source) + screens.compactMap(\.rendition) {
      var status = stat()
      guard stat(file, &status) == 0 else {
        return .failure(.file(FileError.system(operation: "read", path: file, errno: errno)))
      }
      identities.append("\(file)\0\(status.st_size)\0\(status.st_ctim.tv_sec).\(status.st_ctim.tv_nsec)")
    }
    let size =
      screens.isEmpty
      ? "whole"
      : "\(screens.map { $0.x + $0.width }.max()!)x\(screens.map { $0.y + $0.height }.max()!)"
    let variant = look == nil ? PictureRecipe.Variant.plain : recipe.variant
    let layout = screens.map {
      "\($0.x),\($0.y),\($0.width),\($0.height),\($0.source ?? ""),\($0.rendition ?? "")"
    }
    let looks = [
      "\(look?.dim ?? 1)", "\(look?.blur ?? 0)",
      look?.caption.map { "\($0.title)\n\($0.credit)" + ($0.headline.isEmpty ? "" : "\n\($0.headline)") }
        ?? "",
    ]
    let identity = (identities + [layout.joined(separator: ";")] + looks).joined(separator: "\0")
    let path =
      "\(folder)/\(Self.stem(of: source))-\(Self.hash(identity))-\(size)-\(fit.rawValue)-\(variant).jpg"
    return .success(Planned(path: path, look: look, screens: screens, fit: fit))
  }

  /// The single screen's plain picture of `recipe` in memory (kept) or on disk, once: what its
  /// looks are made from. Nil when the picture is the source itself. A picture that is itself
  /// a look (the captioned one) is made whole, file and all, from the crop in memory.
  private func shaped(_ recipe: PictureRecipe) -> Result<String?, ScreenProblem> {
    switch planned(recipe) {
    case .failure(let problem): return .failure(problem)
    case .success(nil): return .success(nil)
    case .success(let planned?) where planned.look != nil: return make(recipe).map { $0 }
    case .success(let planned?):
      let path = planned.path
      let shaped = shaping.run(path) { () -> Result<String, ScreenProblem> in
        guard planned.screens.count == 1, !kept.holds(path), access(path, R_OK) != 0 else {
          return .success(path)
        }
        do throws(ImageError) {
          try ScreenPicture.shape(
            from: recipe.source, screen: planned.screens[0], fit: planned.fit,
            look: planned.look ?? .init(), as: path, in: kept)
        } catch {
          return .failure(.notMade(error.description))
        }
        return .success(path)
      }
      return shaped.map { $0 }
    }
  }

  /// `make`'s work once the file's name is known: found made, or made now.
  private func make(
    _ recipe: PictureRecipe, look: ScreenPicture.Look?, screens: [ScreenPicture.Screen],
    fit: ScreenPicture.Fit,
    at path: String
  ) -> Result<String, ScreenProblem> {
    let source = recipe.source
    if access(path, R_OK) == 0 {
      // Used again: newest for the size bound, which removes the oldest first.
      _ = utimensat(AT_FDCWD, path, nil, 0)
      trace(Self.traceLine(recipe, "from the cache, " + path))
      return .success(path)
    }
    do {
      try Paths.ensureDirectory(folder)
    } catch {
      return .failure(.file(error))
    }
    do {
      if let look, screens.count == 1 {
        // One screen's look, made from the picture it starts from (made first, or found made):
        // the captioned picture from the bare crop, the dark and lock ones from the picture as
        // it is shown, caption and all, so the caption is drawn once.
        var base = self
        if recipe.variant == .plain { base.caption = nil }
        // The caption's fonts are loaded on another thread while the crop is made (when nothing
        // is in memory yet, the crop is still to be made; made, there is nothing to overlap).
        let drawsCaption = recipe.variant == .plain && look.on(screens[0]).caption != nil && kept.isEmpty
        let fonts = drawsCaption ? Overlapped { ScreenPicture.prepareText() } : nil
        defer { fonts?.value() }
        var bare = recipe
        bare.variant = .plain
        var own = look.on(screens[0])
        if base.caption != nil { own.caption = nil }
        if own == ScreenPicture.Look() { return base.make(bare) }
        // The picture this look starts from is made in memory first; its encode and write then
        // run on another thread while this look is made from its pixels, and this look is done
        // when that file is too.
        let plain: String
        switch base.shaped(bare) {
        case .failure(let problem): return .failure(problem)
        case .success(nil): return base.make(bare)
        case .success(let path?): plain = path
        }
        let written = Overlapped { [base, bare] in base.make(bare) }
        // The captioned picture stays in memory for the dark and lock ones made from it.
        let restyled = Result { () throws(ImageError) in
          try ScreenPicture.restyle(
            from: plain, look: own, to: path, kept: kept, keepingResult: recipe.variant == .plain)
        }
        if case .failure(let problem) = written.value() { return .failure(problem) }
        try restyled.get()
      } else {
        // One screen's picture is made in memory once, whoever asks for it first (this, or a
        // look made from it), then written here.
        if screens.count == 1, case .failure(let problem) = shaped(recipe) { return .failure(problem) }
        try ScreenPicture.make(
          from: source, screens: screens, fit: fit, look: look ?? .init(), to: path, keeping: kept)
      }
    } catch {
      return .failure(.notMade(error.description))
    }
    trim(keeping: path)
    trace(Self.traceLine(recipe, "wrote " + path))
    return .success(path)
  }

  /// `screen picture for eDP-1: wrote PATH`; a whole picture's names no screen.
  private static func traceLine(_ recipe: PictureRecipe, _ what: String) -> String {
    let screens = recipe.outputs.isEmpty ? "" : " for " + recipe.outputs.map(\.name).joined(separator: ", ")
    let variant = recipe.variant == .plain ? "" : " (\(recipe.variant))"
    return "screen picture\(screens)\(variant): \(what)"
  }

  /// The file name without its folder and extension, every byte but ASCII letters, digits and
  /// `._-` made `_`, at most 80 of them.
  static func stem(of path: String) -> String {
    let name = path.split(separator: "/").last.map(String.init) ?? "picture"
    let base = name.lastIndex(of: ".").map { String(name[..<$0]) } ?? name
    let safe = base.utf8.prefix(80).map { byte -> Character in
      let isSafe =
        (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a)
        || byte == 0x2e || byte == 0x5f || byte == 0x2d
      return isSafe ? Character(Unicode.Scalar(byte)) : "_"
    }
    return safe.isEmpty ? "picture" : String(safe)
  }

  /// FNV-1a of the text, 8 hex digits: tells two sources of one stem apart, not a secret.
  static func hash(_ text: String) -> String {
    var value: UInt32 = 0x811c_9dc5
    for byte in text.utf8 { value = (value ^ UInt32(byte)) &* 0x0100_0193 }
    let hex = String(value, radix: 16)
    return String(repeating: "0", count: 8 - hex.count) + hex
  }

  /// Removes the oldest made files (by modification time, which reuse refreshes) until the
  /// folder is under `maximumSize`; never `keeping`, the file just made. Only our own names
  /// (`….jpg`, no temporary file of `AtomicFile`'s) are counted and removed.
  func trim(keeping: String) {
    guard let maximumSize, let listing = try? FolderListing.read(folder, in: files) else { return }
    var made: [(path: String, size: Int64, time: Int)] = []
    for name in listing.names where name.hasSuffix(".jpg") && !name.hasPrefix(".") {
      let path = "\(folder)/\(name)"
      guard let status = files.status(of: path, followingLinks: false), status.kind == .file else { continue }
      made.append((path, Int64(status.size), status.modified))
    }
    var total = made.reduce(0) { $0 + $1.size }
    for file in made.sorted(by: { $0.time < $1.time }) where total > maximumSize.bytes {
      guard file.path != keeping, (try? files.removeFile(file.path)) != nil else { continue }
      total -= file.size
    }
  }

  /// Removes every picture made from one of `sources` (prune, after their files went). The folder
  /// is listed once, however many sources; a name counts only in the exact form `make` writes,
  /// `STEM-HASH-SIZE-FIT-VARIANT.jpg`, so no other file is touched.
  func remove(madeFrom sources: [String]) {
    guard !sources.isEmpty, let listing = try? FolderListing.read(folder, in: files) else { return }
    let stems = Set(sources.map(Self.stem(of:)))
    for name in listing.names {
      guard let stem = Self.sourceStem(ofMade: name), stems.contains(stem) else { continue }
      try? files.removeFile("\(folder)/\(name)")
    }
  }

  /// The source's stem of a name `make` wrote; nil for any other name.
  static func sourceStem(ofMade name: String) -> String? {
    guard name.hasSuffix(".jpg") else { return nil }
    let parts = name.dropLast(4).split(separator: "-", omittingEmptySubsequences: false)
    guard parts.count >= 5 else { return nil }
    let hash = parts[parts.count - 4]
    let size = parts[parts.count - 3]
    let sides = size.split(separator: "x")
    guard hash.count == 8, hash.allSatisfy(\.isHexDigit),
      size == "whole"
        || (sides.count == 2
          && sides.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })),
      ScreenPicture.Fit(rawValue: String(parts[parts.count - 2])) != nil,
      PictureRecipe.Variant(rawValue: String(parts[parts.count - 1])) != nil
    else { return nil }
    return parts.dropLast(4).joined(separator: "-")
  }
}
