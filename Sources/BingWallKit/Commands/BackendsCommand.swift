/// `bingwall backends`: every backend, whether it can work here, and which one is used.
enum BackendsCommand {
  static let command = Command(
    spec: CommandSpec(
      name: "backends", abstract: "List the wallpaper backends: available, detected, selected.",
      options: [DesktopOptions.backend, CommonOptions.json]),
    run: run)

  static func run(_ invocation: Invocation, _ context: Context) throws -> Int32 {
    var overrides: [Configuration.Override] = []
    if let name = invocation.value("backend") {
      overrides.append(.init(key: "backend", value: .string(name), option: "--backend"))
    }
    let environment = try CommandEnvironment(invocation, context, overrides: overrides)
    let statuses = BackendSelector.statuses(
      environment.configuration.backend, from: environment.backends, in: environment.desktopSession)
    if invocation.flag("json") {
      let rows = statuses.map { status -> JSONOutput in
        .object([
          ("name", .string(status.name)), ("available", .bool(status.available)),
          ("detected", .bool(status.detected)), ("selected", .bool(status.selected)),
          ("tools", .array(status.tools.map(JSONOutput.string))), ("note", .string(status.note)),
        ])
      }
      context.stdout.write(JSONOutput.array(rows).rendered() + "\n")
      return ExitCode.success
    }
    func yes(_ flag: Bool) -> String { flag ? "yes" : "-" }
    var lines = ["BACKEND     AVAILABLE  DETECTED  SELECTED  NOTE"]
    for status in statuses {
      let name = status.name + String(repeating: " ", count: max(1, 12 - status.name.count))
      lines.append(
        name + yes(status.available).padding(11) + yes(status.detected).padding(10)
          + yes(status.selected).padding(10)
          + status.note)
    }
    lines.append("")
    lines.append(
      BackendSelector.verdict(
        environment.configuration.backend, from: environment.backends, in: environment.desktopSession))
    context.stdout.write(lines.joined(separator: "\n") + "\n")
    return ExitCode.success
  }
}

extension String {
  fileprivate func padding(_ width: Int) -> String {
    self + String(repeating: " ", count: max(1, width - count))
  }
}
