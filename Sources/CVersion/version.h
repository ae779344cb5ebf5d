// The version and commit bingwall reports. `make release` (and so `make dist` and `make deb`)
// defines both from git (`git describe --tags --dirty`, else the VERSION file) with -Xcc -D; a
// build without make (`swift build`, the test builds) gets the fallback below, which a test
// holds equal to the VERSION file, and no commit.
#ifndef BINGWALL_VERSION_H
#define BINGWALL_VERSION_H

#ifndef BINGWALL_VERSION
#define BINGWALL_VERSION "0.1.0"
#endif

#ifndef BINGWALL_COMMIT
#define BINGWALL_COMMIT ""
#endif

static inline const char *_Nonnull bw_version(void) { return BINGWALL_VERSION; }
static inline const char *_Nonnull bw_commit(void) { return BINGWALL_COMMIT; }

#endif
