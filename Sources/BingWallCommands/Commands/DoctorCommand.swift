import BingWallCLI
import BingWallKit
import BingWallStore
import BingWallSystem

/// `bingwall doctor [--fix] [--quick] [--json]`: checks the config, the database, every picture's
/// file, the image folder, the current wallpaper and the desktop, and with `--fix` repairs what it can.
enum DoctorCommand: CommandDefinition {
  static let fix = Flag(
    "fix",
    help:
      "Repair what can be: fetch lost or damaged pictures again, forget lost ones Bing no longer serves, adopt or remove unknown files."
  )
  static let quick = Flag(
    "quick",
    help:
      "Compare each file's size instead of its SHA-256, run SQLite's quick_check, and skip the check of every row's values."
  )
  static let json = CommonOptions.json

  static let spec = CommandSpec(
    name: "doctor", abstract: "Check the history, its files, the config and the desktop; --fix repairs.",
    discussion: """
      Checks the configuration, the history, every picture's file and whether a wallpaper can be \
      set in this session, and says what to do about each problem. --fix repairs what it can: it \
      downloads again lost pictures that Bing still serves and never deletes a file of yours. Exit \
      status 1 while a problem remains.
      """,
    reference: """
      Checks: the config file parses; the database opens and passes SQLite's integrity_check \
      and foreign_key_check; every row's typed values are what bingwall writes (a known source, a \
      real day and time, a market code, sizes above 0, a 64-digit hash; what list and the other \
      commands skip with a warning; not with --quick); each picture's file, and its portrait file if any, exists and has \
      its stored SHA-256 (with --quick, its size); the image folder holds no file the history does not know and no \
      temporary file of a killed update; the current wallpaper's file is there; some wallpaper \
      backend can work in this session (DISPLAY, WAYLAND_DISPLAY, the session bus); the last \
      update did not fail (the record status shows; a later update that succeeds clears it). Each \
      finding is one line on stdout, 'problem:' or 'warning:', what is wrong and what to do, \
      then a summary line; -q prints only the problems left.

      --fix holds the history lock (update waits) and repairs: removes temporary files, files \
      in the screens' pictures' folder ($XDG_CACHE_HOME/bingwall/screens) that bingwall did \
      not make there (a warning each) and, \
      in the default image folder, files that are not pictures of the history (in a folder \
      set by image_dir they are the user's: named, never removed); deletes rows that belong to \
      no picture; repairs a damaged row where the value can be recovered (a source from its \
      appearances or key, a day from the file's name, a hash, size or dimensions from the file) \
      and otherwise deletes that appearance, apply or fetch record, or forgets the picture, \
      moving its file to $XDG_DATA_HOME/bingwall/forgotten (never deleted; 'bingwall import' \
      takes it back); forgets a lost or damaged portrait file (the next update on a portrait \
      screen fetches it again); downloads a lost or damaged picture again when it is in Bing's window (about 15 days) of \
      a configured market or one it appeared in (two archive requests per market, the same \
      checks as update) and forgets a lost one Bing no longer serves, naming it, unless the \
      folder is missing or every file (or half of ten or more) is gone at once, which looks \
      like an unmounted disk; adopts a file named like a picture (left by an update killed \
      between naming and recording it) when the window has that picture and the file is a \
      whole JPEG (never a key prune deleted), removes it when it is not a whole JPEG, and \
      keeps it otherwise ('bingwall import' takes it back). Without a network everything \
      local is still done and the rest is said. A damaged database is reported with what to do and \
      never deleted; a config that does not load is reported and doctor goes on with the \
      defaults, leaving the image folder alone.

      Exit status: 0 when nothing is wrong or everything was fixed, 1 while a problem \
      remains. A session where no backend can set a wallpaper is a warning, not a problem: \
      a machine without a desktop may keep a history (config backend = "none" skips the \
      check). So is a failed last update: the next one tries again. --json prints one object: ok, fix, quick, checked (config, database, \
      image_folder, pictures, backend), findings (check, severity, subject, message, advice, \
      fixed, result) and the counts problems, fixed_problems, warnings.
      """,
    options: [fix.spec, quick.spec, json.spec],
    examples: [
      CommandExample("doctor", "Check everything and say what to do"),
      CommandExample("doctor --fix", "Repair what can be repaired"),
      CommandExample("doctor --quick", "A faster check: file sizes instead of checksums"),
    ])

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var doctor = Doctor(configFile: invocation.configFile, context: context)
    doctor.onWait = { pid in WaitingText.announce(pid, for: "command", quiet: false, context: context) }
    let report = try doctor.run(fix: invocation[fix], quick: invocation[quick])
    if invocation[json] {
      context.stdout.write(DoctorText.json(report).rendered() + "\n")
    } else {
      context.stdout.write(DoctorText.text(report, quiet: invocation.quiet))
    }
    return report.ok ? ExitCode.success : ExitCode.failure
  }
}
