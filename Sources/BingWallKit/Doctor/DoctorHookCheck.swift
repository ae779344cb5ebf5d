import BingWallDesktop
import BingWallSystem

/// Whether each hook that is set (`hooks.on_change`, `hooks.on_new`) names a program that exists
/// and can run, looked up as the hook's run looks it up (the environment's PATH). A warning, as
/// the hook's own failure is: it never costs a picture. Runs nothing.
enum DoctorHookCheck {
  static func run(_ resources: Resources) -> [DoctorFinding] {
    [ConfigSchema.onChange, ConfigSchema.onNew].compactMap { key -> DoctorFinding? in
      let template = resources.configuration[key]
      guard !template.trimmingBlanks().isEmpty else { return nil }
      let program: String
      do throws(ArgumentTemplate.Problem) {
        program = try ArgumentTemplate(template, placeholders: Hook.placeholders).program
      } catch {
        return DoctorFinding(
          .hook, .warning, subject: key.name, message: "cannot run: \(Hook.problem(error))",
          advice: "correct it with 'bingwall config edit'")
      }
      let environment = resources.context.environment
      guard resources.context.processes.locate(program, onPath: environment["PATH"]) == nil else {
        return nil
      }
      let place = program.contains("/") ? "is not an executable file" : "is not found on PATH"
      return DoctorFinding(
        .hook, .warning, subject: key.name, message: "runs '\(program)', which \(place)",
        advice: "install it, give its full path, or 'bingwall config set \(key.name) \"\"'")
    }
  }
}
