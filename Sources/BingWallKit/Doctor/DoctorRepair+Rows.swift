import BingWallImage
import BingWallStore
import BingWallSystem
import FoundationEssentials
import Glibc

/// `doctor --fix` for a damaged row (`DamagedRow`): the value recovered where the history or the
/// picture's file still knows it, else the row deleted (an appearance, an apply, a fetch memo),
/// else the picture forgotten. Each in its own transaction.
///
/// A forgotten picture's file is never deleted: it is moved out of the image folder into
/// `$XDG_DATA_HOME/bingwall/forgotten/`, where `bingwall import` takes it back. Left in the image
/// folder it would be a file no row knows, which the next doctor would report again.
extension DoctorRepair {
  func repair(_ damage: DamagedRow) -> DoctorFinding.Outcome {
    do {
      switch try store.repair(for: damage, now: context.clock.now()) {
      case .set(let value):
        try store.write { try store.set(value, in: damage) }
        return .fixed("set its \(damage.column) to \(value.shown) (\(value.because))")
      case .deleteRow:
        try store.write { try store.deleteRow(of: damage) }
        return .fixed("deleted that row; the picture keeps the others")
      case .fromFile:
        guard let path = try store.storedPath(pictureID: damage.id),
          let value = Self.read(damage.column, of: path, in: fileSystem)
        else { return forgetPicture(damage) }
        try store.write { try store.set(value, in: damage) }
        return .fixed("set its \(damage.column) to \(value.shown) (\(value.because))")
      case .forgetPicture:
        return forgetPicture(damage)
      }
    } catch {
      return .notFixed("cannot repair it: \(error)")
    }
  }

  /// The value of a picture's column that its file tells: its hash, size or dimensions; nil when
  /// the file is not there or not a whole picture.
  private static func read(_ column: String, of path: String, in fileSystem: any FileSystem)
    -> RecoveredValue?
  {
    let because = "read from \(path)"
    switch column {
    case "sha256":
      return (try? SHA256.hash(fileAt: path)).map { .text($0, because: because) }
    case "bytes":
      guard let status = fileSystem.status(of: path, followingLinks: true), status.kind == .file,
        status.size > 0
      else { return nil }
      return .integer(Int64(status.size), because: because)
    case "width", "height", "resolution":
      guard let info = try? JPEGInspector.inspect(fileAt: path) else { return nil }
      switch column {
      case "width": return .integer(Int64(info.width), because: because)
      case "height": return .integer(Int64(info.height), because: because)
      default: return .text("\(info.width)x\(info.height)", because: because)
      }
    default:
      return nil
    }
  }

  /// Forgets the picture a damaged row belongs to, its file (and portrait file) moved to the
  /// forgotten folder first; nothing is forgotten when a file cannot be moved.
  private func forgetPicture(_ damage: DamagedRow) -> DoctorFinding.Outcome {
    let id = damage.pictureID ?? damage.id
    let folder = context.paths.dataDir + "/forgotten"
    var moved: [(from: String, to: String)] = []
    do throws(any Error) {
      var files = try store.storedPath(pictureID: id).map { [$0] } ?? []
      if let portrait = try store.portraits(of: [id])[id] { files.append(portrait) }
      for file in files where fileSystem.exists(file) {
        try fileSystem.makeFolder(folder)
        let target = freeName(in: folder, for: file)
        do throws(FileError) {
          try fileSystem.rename(file, to: target)
        } catch {
          let reason = String(cString: strerror(error.errno ?? EIO))
          for (from, to) in moved { try? fileSystem.rename(to, to: from) }
          return .notFixed("cannot move \(file) to \(folder): \(reason); nothing forgotten")
        }
        moved.append((file, target))
      }
      try store.write { try store.deletePicture(id: id) }
    } catch {
      for (from, to) in moved { try? fileSystem.rename(to, to: from) }
      return .notFixed("cannot forget it: \(error)")
    }
    guard let kept = moved.first else { return .fixed("forgot picture \(id) (its file was already gone)") }
    return .fixed(
      "forgot picture \(id); its file is kept as \(kept.to) ('bingwall import \(folder)' takes it back)")
  }

  /// A name in `folder` for `file` that no file has yet: its own, else with `-2`, `-3`… before
  /// the extension.
  private func freeName(in folder: String, for file: String) -> String {
    let name = String(file.split(separator: "/").last ?? "picture.jpg")
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    var candidate = folder + "/" + name
    var number = 2
    while fileSystem.exists(candidate) {
      candidate = folder + "/" + name[..<dot] + "-\(number)" + name[dot...]
      number += 1
    }
    return candidate
  }
}
