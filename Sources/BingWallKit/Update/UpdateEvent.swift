import BingWallBing
import BingWallDesktop
import BingWallModel
import BingWallStore
import BingWallSystem

/// One thing an update did, in the order it happened. The terminal, `--json` and the daemon's
/// log each print the same list (see Render/UpdateText, UpdateJSON, UpdateLogLines), so none
/// of them can leave out what another shows.
package enum UpdateEvent: Sendable {
  /// The update did not run: the connection is metered or the battery low (the only event then).
  case held(ConditionSkip)
  /// Bing answered for `requested` with another market's picture.
  case substituted(requested: Market, served: Market)
  /// Something the user should know that is not a failure (a response listing more than asked).
  case warning(UpdateWarning)
  /// A market's archive or one picture failed.
  case failed(UpdateFailure)
  /// A picture of the window that was not downloaded, and why.
  case skipped(UpdateSkip)
  /// A source other than Bing gave nothing, or one of its pictures failed: `error` says what,
  /// naming the source; the other sources' pictures are stored all the same.
  case sourceFailed(source: Source, any Error, temporary: Bool)
  /// A source offered something that is no picture (APOD's video day): one line saying so.
  case passedOver(Source, String)
  /// A picture newly stored. These come newest first.
  case fetched(Picture)
  /// Bing's portrait file of a stored picture, stored beside it for a screen on its side.
  case portrait(key: String, path: String)
  /// Nothing was fetched and nothing failed.
  case upToDate
  /// The scheduler state could not be saved; the update itself still counts.
  case stateNotSaved(StateNotSaved)
  /// The newest picture was new and was set; `picture` is as stored after the apply.
  case applied(Apply.Outcome)
  /// The newest picture was due to be set and could not be; the pictures are stored all the same.
  case applyFailed(any Error)
  /// The newest picture was due to be set and no desktop session is here to set it: no failure,
  /// the update stored the pictures, and says how to set one (`DesktopError.isOutsideSession`).
  case notApplied(DesktopError)
  /// What the retention policy deleted after the update.
  case pruned(Prune.Report)
  /// The retention policy could not be applied; the update itself still counts.
  case pruneFailed(any Error)
}

/// A picture of the window that was not downloaded.
package struct UpdateSkip: Sendable, Equatable {
  /// Nil for an entry Bing sent unusable: it has no key to name it by, nor a date.
  package var key: String?
  package var market: Market
  package var date: CalendarDate?
  package var reason: Reason

  package enum Reason: Sendable, Equatable, CustomStringConvertible {
    case alreadyStored
    /// Downloaded again (`--force`) and the bytes are the stored picture's.
    case identicalFile
    /// The retention policy deleted it; only `--force` fetches it again.
    case pruned
    /// `wp:false` and no size came down usable: Bing itself says it is not a wallpaper.
    case notForWallpapers(problems: [String])
    /// The update's time limit ran out before its turn.
    case notAttempted
    /// The archive entry cannot be used (see `SkippedImage`).
    case unusableEntry(SkippedImage)
    /// Its day is one it cannot have (`PlausibleDay`).
    case implausibleDay(CalendarDate, PlausibleDay.Problem)

    /// Whether the terminal and the log tell it: "already stored" is the normal case.
    package var isNews: Bool {
      switch self {
      case .alreadyStored, .identicalFile: return false
      case .pruned, .notForWallpapers, .notAttempted, .unusableEntry, .implausibleDay: return true
      }
    }

    package var description: String {
      switch self {
      case .alreadyStored: return "already stored"
      case .identicalFile: return "already stored (identical file)"
      case .pruned: return "deleted by the retention policy; update --force fetches it again"
      case .notForWallpapers(let problems):
        return "Bing marks this day as not for wallpapers (wp:false) and no size was usable: "
          + problems.joined(separator: "; ")
      case .notAttempted: return "not attempted"
      case .unusableEntry(let entry): return entry.description
      case .implausibleDay(let day, let problem): return "dated \(day), \(problem)"
      }
    }
  }
}

/// Something that failed: a market's metadata, or one picture.
package struct UpdateFailure: Sendable {
  /// The market or the picture's key.
  var what: String
  package var error: any Error
  var temporary: Bool
}

extension [UpdateEvent] {
  /// 0 when everything worked (a source's video day is no failure), 75 when every failure, of a
  /// market or a source, may work later, 1 otherwise. A failed
  /// apply is the command's to map (its error says which code).
  package var exitStatus: Int32 {
    let temporary = compactMap { event -> Bool? in
      switch event {
      case .failed(let failure): failure.temporary
      case .sourceFailed(_, _, let temporary): temporary
      default: nil
      }
    }
    if temporary.isEmpty { return ExitCode.success }
    return temporary.allSatisfy { $0 } ? ExitCode.temporaryFailure : ExitCode.failure
  }

  var fetched: [Picture] {
    compactMap { if case .fetched(let picture) = $0 { return picture } else { return nil } }
  }

  package var applyError: (any Error)? {
    lazy.compactMap { if case .applyFailed(let error) = $0 { return error } else { return nil } }.first
  }
}

extension UpdateSkip {
  /// Picture `key` skipped where it appeared, for `reason`. An update's appearances are Bing's,
  /// each with its market.
  init?(key: String, _ appearance: Appearance, reason: Reason) {
    guard let market = appearance.market else { return nil }
    self.init(key: key, market: market, date: appearance.date, reason: reason)
  }
}

extension DownloadPlan {
  /// The picture skipped in every market it appeared in.
  func skips(_ reason: UpdateSkip.Reason) -> [UpdateSkip] {
    appearances.compactMap { UpdateSkip(key: id.key, $0, reason: reason) }
  }
}
