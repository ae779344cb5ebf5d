import BingWallModel
import BingWallStore
import BingWallSystem

/// `bingwall gallery`: one HTML page of every stored picture, written atomically, and handed to
/// the browser when asked.
package enum Gallery {
  /// The page written and how many pictures it shows.
  package struct Outcome: Sendable, Equatable {
    package var page: String
    package var count: Int
  }

  /// Writes the page to `target` (absolute), or to `gallery.html` in the cache folder when nil.
  /// `sources`: only pictures these showed; empty for all.
  package static func make(target: String?, resources: Resources, sources: [Source] = []) throws -> Outcome {
    let context = resources.context
    let page: String
    if let target {
      page = target
    } else {
      do {
        try Paths.ensureDirectory(context.paths.cacheDir)
      } catch {
        throw GalleryError.cannotWrite(
          path: context.paths.cacheDir + "/gallery.html", reason: error.description)
      }
      page = context.paths.cacheDir + "/gallery.html"
    }
    let count = try write(
      to: page, history: try resources.existingHistory(), sources: sources, context: context)
    return Outcome(page: page, count: count)
  }

  /// Streams the page into `target` atomically; returns how many cards it holds.
  static func write(to target: String, history: HistoryStore?, sources: [Source] = [], context: Context)
    throws
    -> Int
  {
    let file = try GalleryFile(target: target)
    do {
      file.buffer += GalleryPage.head.utf8
      let count =
        try history?.forEachPictureNewestFirst(sources: sources) { picture in
          GalleryPage.appendCard(picture, to: &file.buffer)
          try file.flushIfFull()
        } ?? 0
      file.buffer += GalleryPage.end(count: count, writtenAt: Timestamp.iso8601(context.clock.now())).utf8
      try file.commit()
      return count
    } catch {
      file.discard()
      throw error
    }
  }

  /// Hands the page to xdg-open, detached: where no desktop is running, xdg-open starts the browser
  /// itself and waits for it to close, so waiting (and killing it at a timeout) would take the
  /// browser down with it.
  package static func open(_ page: String, context: Context) throws {
    guard let opener = context.processes.locate("xdg-open", onPath: context.environment["PATH"]) else {
      throw GalleryError.openerMissing(page: page)
    }
    _ = try context.processes.startDetached(
      executable: opener, arguments: ["xdg-open", page], environment: context.environment, errorLog: nil)
  }
}
