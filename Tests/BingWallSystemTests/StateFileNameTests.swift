import BingWallTestSupport
import Testing

@testable import BingWallSystem

/// The state folder's files, named in one table: each name once, each path as it always was.
@Suite struct StateFileNameTests {
  @Test func eachFileHasItsOwnName() {
    let names = StateFileName.allCases.map(\.rawValue)
    #expect(Set(names).count == names.count)
  }

  @Test func pathsAreTheStateFolderAndTheName() {
    #expect(Paths.stateFile(.scheduler, in: "/s") == "/s/scheduler.json")
    #expect(Paths.stateFile(.schedulerLock, in: "/s") == "/s/scheduler.lock")
    #expect(Paths.stateFile(.screens, in: "/s") == "/s/screens.json")
    #expect(Paths.stateFile(.updateLock, in: "/s") == "/s/update.lock")
    #expect(Paths.stateFile(.prunePending, in: "/s") == "/s/prune-pending")
  }
}
