# bingwall — build, test and install. `make test` sets up a fresh Debian/Ubuntu machine and runs
# every check; `make run` runs the main job. Nothing here needs the network except `make deps`.

PREFIX   ?= /usr/local
DESTDIR  ?=
SWIFT    ?= swift
ARGS     ?= update
BINDIR    = $(DESTDIR)$(PREFIX)/bin
SHAREDIR  = $(DESTDIR)$(PREFIX)/share
MANDIR    = $(SHAREDIR)/man
BASHDIR   = $(SHAREDIR)/bash-completion/completions
ZSHDIR    = $(SHAREDIR)/zsh/site-functions
FISHDIR   = $(SHAREDIR)/fish/vendor_completions.d

# What a build needs from Debian, beside the Swift toolchain: libcurl's and libsystemd's headers,
# SQLite's library and headers (pkg-config finds them), and the libraries bingwall opens at run time
# (libcurl4 and libvips42; libsystemd0 and libcrypto are on every Debian). Keep in step with
# README.md's install section.
BUILD_PACKAGES = pkg-config libcurl4-openssl-dev libsqlite3-dev libsystemd-dev libvips42

# What the tests, the benchmarks and the packages add: the real desktops, servers and tools bingwall
# is tested against. Keep in step with HACKING.md.
TEST_PACKAGES = \
	libvips-dev sqlite3 curl python3 imagemagick libgs-common librsvg2-bin \
	libglib2.0-bin gsettings-desktop-schemas cinnamon-desktop-data mate-desktop-common nodejs \
	xvfb xserver-xorg-core xserver-xorg-video-dummy x11-apps x11-xserver-utils feh xwallpaper hsetroot nitrogen \
	dbus-daemon dconf-service dconf-gsettings-backend dconf-cli libxfconf-0-3 xfconf xfdesktop4 python3-dbusmock \
	pcmanfm pcmanfm-qt \
	sway swaybg grim waybar xfce4-panel xdotool dunst strace time openssl nginx tesseract-ocr \
	systemd desktop-file-utils \
	bash-completion zsh fish mandoc man-db lintian dpkg-dev binutils \
	chromium

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# The version, from one place: the newest tag (v1.2.3 is 1.2.3; commits after it and a changed
# tree add -N-gHASH and -dirty), else the VERSION file, which is what a tarball has. The commit
# and its time come from git when there is one. SOURCE_DATE_EPOCH dates the man page and every
# file of the tarball and the package, so the same commit makes the same bytes.
VERSION := $(shell git describe --tags --dirty 2>/dev/null | sed 's/^v//')
ifeq ($(VERSION),)
VERSION := $(shell cat VERSION)
endif
COMMIT := $(shell git rev-parse --short=12 HEAD 2>/dev/null)
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || stat -c %Y VERSION)
export SOURCE_DATE_EPOCH
# Debian's version: no hyphen, which would make the rest a Debian revision.
DEB_VERSION = $(subst -,+,$(VERSION))

.PHONY: all deps test-deps build release run test test-package test-kde test-greeter lint format bench fuzz sanitize screenshots man completions icons install uninstall dist deb version clean

## all (plain `make`): the release build, which `sudo make install` then installs.
all: release

# $(call install-missing,PACKAGES,WHO): apt-get install the PACKAGES that are not installed yet
# (only those), saying so as WHO.
define install-missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "$(2): installing$$missing"; \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	else \
	  echo "$(2): all $(words $(1)) packages present"; \
	fi
endef

## deps: install the Debian packages a build needs that are missing (only those).
deps:
	$(call install-missing,$(BUILD_PACKAGES),make deps)

## test-deps: and those the tests, the benchmarks and the packages need.
test-deps: deps
	$(call install-missing,$(TEST_PACKAGES),make test-deps)

# The debug build's flags, for `build`, `lint`, `test`, `test-kde`, `man` and `completions`: every
# compiler warning is an error, so the build and the test build stay warning-free and `make lint`
# fails on the first new warning. One set of flags for all of them because SwiftPM rebuilds every
# target when the flags change: `make test` then runs the tests lint's build made, built once. The
# release build (optimised, its own folder) and the fuzz and sanitizer builds (their own
# --build-path and -sanitize flags) do not take it: a warning a newer toolchain adds must not stop
# an install or a fuzz run.
DEBUG_FLAGS = -Xswiftc -warnings-as-errors

## build: debug build.
build:
	$(SWIFT) build $(DEBUG_FLAGS)

## release: optimised build, with the Swift runtime and FoundationEssentials linked in
## statically: the dynamic loader then has 5 libraries to map instead of 16, and a command starts
## in about half the time (bench/README.md).
## The version and the commit are compiled in (CVersion); a build made without make reports the
## VERSION file's version and no commit. The two programs only: the test support targets are
## built for testing, which a release build is not.
RELEASE_FLAGS = -c release -Xswiftc -static-stdlib \
  -Xcc -DBINGWALL_VERSION='"$(VERSION)"' -Xcc -DBINGWALL_COMMIT='"$(COMMIT)"'
release:
	$(SWIFT) build $(RELEASE_FLAGS) --product bingwall
	$(SWIFT) build $(RELEASE_FLAGS) --product bingwall-bench

## version: the version make builds, as --version will print it.
version:
	@echo $(VERSION)

## run: set up, build for release and run bingwall $(ARGS).
run: deps release
	.build/release/bingwall $(ARGS)

## test: set up, lint (which builds the tests), run every test, then build the Debian package
## and the tarball and test them (test-package).
test: test-deps lint
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	BINGWALL_TEST_BINARY=$(CURDIR)/.build/debug/bingwall $(SWIFT) test --skip-build
	$(MAKE) test-package

## test-package: lintian on the .deb, which fails on any error or warning (overrides, each with
## its reason, would be in packaging/lintian-overrides); the .deb installed into this machine (as
## root), its files, icons, man page, completions and --version checked, then removed and purged
## (DebianPackageTests); the tarball's icons, SHA256SUMS and modes (DistTarballTests); `make dist`
## made again from scratch, byte for byte the same tarball.
TARBALL = $(DIST)/bingwall-$(VERSION)-linux-x86_64.tar.gz
test-package: deb dist
	lintian --fail-on error,warning \
	  $(DIST)/bingwall_$(DEB_VERSION)_amd64.deb
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	BINGWALL_TEST_DEB=$(CURDIR)/$(DIST)/bingwall_$(DEB_VERSION)_amd64.deb BINGWALL_TEST_DEB_VERSION=$(VERSION) \
	BINGWALL_TEST_TARBALL=$(CURDIR)/$(TARBALL) \
	  $(SWIFT) test --skip-build --filter 'DebianPackageTests|DistTarballTests'
	@set -e; first=$$(sha256sum < $(TARBALL)); rm -rf $(TARBALL) $(STAGE); \
	$(MAKE) -s dist > /dev/null; again=$$(sha256sum < $(TARBALL)); \
	if [ "$$first" != "$$again" ]; then echo "make test-package: make dist made other bytes"; exit 1; fi; \
	echo "make test-package: make dist twice: the same bytes ($${first%% *}), $$(stat -c %s $(TARBALL)) bytes"

# A real Plasma desktop for `make test-kde` (about 250 MB): plasmashell, its tools (qdbus,
# kwriteconfig5, kreadconfig5) and plasma-desktop's QML modules, without which the desktop view
# stays black.
KDE_PACKAGES = plasma-workspace plasma-desktop

## test-kde: set up, install Plasma when missing, run the kde backend against a real plasmashell
## under Xvfb on a private session bus (opt-in: `make test` runs only the stub tests).
test-kde: test-deps
	$(call install-missing,$(KDE_PACKAGES),make test-kde)
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	BINGWALL_TEST_KDE=1 BINGWALL_TEST_BINARY=$(CURDIR)/.build/debug/bingwall \
	  $(SWIFT) test --skip-build --filter KDERealTests

# LightDM with its gtk and slick greeters and Xephyr, and SDDM with its elarun theme, for
# `make test-greeter`: display managers, so not installed by `make deps` on anyone's desktop.
GREETER_PACKAGES = lightdm lightdm-gtk-greeter slick-greeter xserver-xephyr sddm sddm-theme-elarun

## test-greeter: set up, install LightDM and SDDM when missing, and show a picture set by
## `greeter set` on the real lightdm-gtk-greeter and slick-greeter in LightDM's test mode and on
## sddm-greeter in its own (opt-in: it edits this machine's /etc and SDDM's theme folder).
test-greeter: test-deps
	$(call install-missing,$(GREETER_PACKAGES),make test-greeter)
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	BINGWALL_TEST_GREETER=1 $(SWIFT) test --skip-build --filter GreeterRealTests

## lint: swift format's checks, with the rules in .swift-format; then the test build, which fails on
## any compiler warning (DEBUG_FLAGS).
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests fuzz
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)

## format: rewrite the sources in the house format.
format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests fuzz

## bench: build for release, run every benchmark in bench/ and print one table (also written to
## .build/bench-table.md). RUNS=N and BENCH_ONLY=update,https,... shorten it (see bench/README.md).
bench: test-deps release
	python3 bench/run.py .build/release/bingwall

## fuzz: libFuzzer, with AddressSanitizer, on the archive's JSON parser, the JPEG and PNG inspectors,
## the config parser, the argument parser, import's sidecars and file names, Bing's stories, the
## other sources' readers (Earth Observatory's and Commons' RSS feeds, the HTML inside a feed,
## Spotlight's nested item JSON), the time a feed takes to read against its size (XMLDecodeTime:
## a reading that grows faster than linearly traps), and the RON (cosmic-bg) and INI (greeters,
## wf-shell) writers, FUZZ_SECONDS each (default 60);
## FUZZERS=Story,... runs some. The library targets are built with -sanitize=fuzzer,address into
## $(FUZZ_BUILD) and each fuzz/*Fuzz.swift entry is linked against them; a crash (or a writer's
## invariant broken) stops the run and leaves its input in fuzz/crashes/.
# The entries see the targets' `package` declarations through -package-name, which must be the one
# SwiftPM gives: the folder's name, lower-cased, with every character not allowed in an identifier
# made `_` (a worktree such as wt-tests is `wt_tests`). The entries that check a reader's or a
# writer's invariants reach its internal types with `@testable import`: the debug build is made
# with -enable-testing. Swift's own backtracer is off: under AddressSanitizer it reports itself,
# and the failed precondition's line is then lost in the last 40 lines shown.
FUZZ_SECONDS ?= 60
FUZZ_BUILD = .build/fuzz
comma := ,
FUZZERS ?= JSONParser JPEGInspector PictureInspector Config Arguments ImportSidecars FileName Story \
	EarthObservatoryFeed WikimediaFeed HTMLTags SpotlightItem XMLDecodeTime RONWriter INIWriter
fuzz: test-deps
	$(SWIFT) build --target BingWallCommands --build-path $(FUZZ_BUILD) -Xswiftc -sanitize=fuzzer,address
	@set -e; objects=$$(ls $(FUZZ_BUILD)/debug/BingWall*.build/*.o | grep -v -E 'Test(s|Support)\.build/'); \
	package=$$(basename "$(CURDIR)" | tr 'A-Z' 'a-z' | sed 's/[^a-z0-9_]/_/g'); \
	mkdir -p fuzz/crashes $(FUZZ_BUILD)/corpus-JSONParser $(FUZZ_BUILD)/corpus-JPEGInspector $(FUZZ_BUILD)/corpus-PictureInspector $(FUZZ_BUILD)/corpus-Story \
	  $(FUZZ_BUILD)/corpus-EarthObservatoryFeed $(FUZZ_BUILD)/corpus-WikimediaFeed; \
	cp Tests/Fixtures/realbing/*.json Tests/Fixtures/bing/*.json $(FUZZ_BUILD)/corpus-JSONParser/; \
	cp Tests/Fixtures/bing/model-en-US.json $(FUZZ_BUILD)/corpus-Story/; \
	cp Tests/Fixtures/feeds/earth_observatory-*.xml $(FUZZ_BUILD)/corpus-EarthObservatoryFeed/; \
	cp Tests/Fixtures/feeds/wikimedia_commons-*.xml $(FUZZ_BUILD)/corpus-WikimediaFeed/; \
	convert -size 64x36 xc:'#336699' $(FUZZ_BUILD)/corpus-JPEGInspector/baseline.jpg; \
	convert -size 48x32 gradient: -interlace JPEG $(FUZZ_BUILD)/corpus-JPEGInspector/progressive.jpg; \
	cp $(FUZZ_BUILD)/corpus-JPEGInspector/*.jpg $(FUZZ_BUILD)/corpus-PictureInspector/; \
	convert -size 16x9 xc:'#336699' $(FUZZ_BUILD)/corpus-PictureInspector/plain.png; \
	convert -size 16x9 gradient: -interlace PNG -depth 16 $(FUZZ_BUILD)/corpus-PictureInspector/interlaced16.png; \
	for fuzzer in $(subst $(comma), ,$(FUZZERS)); do \
	  echo "make fuzz: $$fuzzer for $(FUZZ_SECONDS) s"; \
	  log=$(FUZZ_BUILD)/fuzz-$$fuzzer.log; \
	  swiftc -sanitize=fuzzer,address -parse-as-library -module-name Fuzz$$fuzzer -package-name $$package \
	    -I $(FUZZ_BUILD)/debug/Modules -I Sources/CLinux -I Sources/CCurl -I Sources/CSQLite -I Sources/CVips -I Sources/CSystemd -I Sources/CVersion -I Sources/CLibcrypto \
	    fuzz/$${fuzzer}Fuzz.swift $$objects -lsqlite3 -o $(FUZZ_BUILD)/fuzz-$$fuzzer >$$log 2>&1 \
	    || { grep -v 'Cannot export local symbol' $$log; exit 1; }; \
	  mkdir -p $(FUZZ_BUILD)/corpus-$$fuzzer; \
	  seeds=""; [ -d fuzz/seeds/$$fuzzer ] && seeds=fuzz/seeds/$$fuzzer; \
	  SWIFT_BACKTRACE=enable=no $(FUZZ_BUILD)/fuzz-$$fuzzer -max_total_time=$(FUZZ_SECONDS) -max_len=65536 \
	    -artifact_prefix=fuzz/crashes/$$fuzzer- $(FUZZ_BUILD)/corpus-$$fuzzer $$seeds >$$log 2>&1 \
	    || { tail -n 40 $$log; echo "make fuzz: $$fuzzer crashed; its input is in fuzz/crashes/"; exit 1; }; \
	  tail -n 1 $$log; \
	done

## sanitize: every test, with the binary and the test process built with AddressSanitizer, then
## ThreadSanitizer (SANITIZERS to choose; each in its own build folder). Not part of `make test`:
## see docs/RELIABILITY.md for the last result and the time it takes.
SANITIZERS ?= address thread
sanitize: test-deps
	@set -e; for sanitizer in $(SANITIZERS); do \
	  echo "make sanitize: $$sanitizer"; \
	  $(SWIFT) build --build-tests --sanitize=$$sanitizer --build-path .build/$$sanitizer; \
	  BINGWALL_TEST_BINARY=$(CURDIR)/.build/$$sanitizer/debug/bingwall BINGWALL_TEST_SANITIZER=$$sanitizer \
	  ASAN_OPTIONS=detect_leaks=0 \
	    $(SWIFT) test --skip-build --sanitize=$$sanitizer --build-path .build/$$sanitizer; \
	done

## screenshots: make the pictures of docs/images again from the real tools (a headless sway read
## back by grim, the gallery in headless Chromium, libvips's looks of a crop), of scenes ImageMagick
## draws (never a picture of Bing's). `make test` makes each into a temporary folder
## (ScreenshotTests), so the README shows only what the tools still make.
screenshots: test-deps
	$(SWIFT) build --build-tests $(DEBUG_FLAGS)
	mkdir -p docs/images
	BINGWALL_SCREENSHOTS=$(CURDIR)/docs/images BINGWALL_TEST_BINARY=$(CURDIR)/.build/debug/bingwall \
	  $(SWIFT) test --skip-build --filter 'ScreenshotTests|XfcePanelTrayTests'

## man, completions: regenerate the committed man pages and completion scripts from the command
## table (a test fails when they are out of date). `bingwall __man --list` names the pages and
## `bingwall __man PAGE` prints one; a page no longer listed is removed. The committed pages keep
## their prose's date; dist and deb date theirs by the commit.
man:
	$(SWIFT) build $(DEBUG_FLAGS) --product bingwall
	@set -e; bin=$$($(SWIFT) build $(DEBUG_FLAGS) --show-bin-path)/bingwall; \
	rm -f man/*.1 man/*.5 man/*.7; \
	for page in $$($$bin __man --list); do env -u SOURCE_DATE_EPOCH $$bin __man $$page > man/$$page; done

completions:
	$(SWIFT) run $(DEBUG_FLAGS) bingwall completions bash > completions/bingwall.bash
	$(SWIFT) run $(DEBUG_FLAGS) bingwall completions zsh > completions/_bingwall
	$(SWIFT) run $(DEBUG_FLAGS) bingwall completions fish > completions/bingwall.fish

# The panel icon's sizes as bitmaps, for hosts that draw no SVG.
ICON_SIZES = 22 32 48 64 128 256

## icons: render data/icons/hicolor/scalable/apps/bingwall.svg to the committed bitmaps beside it,
## data/icons/hicolor/NxN/apps/bingwall.png: change the SVG, then run this, never edit a PNG.
## librsvg draws them, as it draws the SVG in GTK's panels; ImageMagick's own SVG renderer, which
## Debian's ImageMagick uses, draws the clip path wrong.
icons:
	@set -e; for n in $(ICON_SIZES); do \
	  mkdir -p data/icons/hicolor/$${n}x$${n}/apps; \
	  rsvg-convert -w $$n -h $$n -o data/icons/hicolor/$${n}x$${n}/apps/bingwall.png \
	    data/icons/hicolor/scalable/apps/bingwall.svg; \
	done

# The committed man pages, and where install puts each: man/NAME.S in $(MANDIR)/manS/.
MANPAGES = $(sort $(wildcard man/*.1 man/*.5 man/*.7))
INSTALLED_MANPAGES = $(foreach page,$(MANPAGES),$(MANDIR)/man$(patsubst .%,%,$(suffix $(page)))/$(notdir $(page)))
# The committed icons (every size, the symbolic one too), each named by its path under data/,
# which is its path under $(SHAREDIR): icons/hicolor/SIZE/apps/NAME.
ICONS = $(sort $(patsubst data/%,%,$(shell find data/icons -type f)))

## install: the binary, the man pages, the completions and the icons under $(DESTDIR)$(PREFIX),
## where man, bash-completion, zsh, fish and the icon theme look. INSTALL_BINARY=no installs only
## the generated files.
INSTALL_BINARY ?= yes
# It never builds: a build as root in a user's clone would leave root's files there, and sudo's
# PATH has no toolchain. It refuses a binary older than the sources instead.
install:
ifeq ($(INSTALL_BINARY),yes)
	@if [ ! -x .build/release/bingwall ]; then \
	  echo "make install: no release build here: run 'make' first, then 'sudo make install'" >&2; exit 1; \
	fi; \
	if [ -n "$$(find Sources Package.swift -newer .build/release/bingwall -print -quit)" ]; then \
	  echo "make install: the release build is older than the sources: run 'make' first, then 'sudo make install'" >&2; \
	  exit 1; \
	fi
	install -d $(BINDIR)
	install -m 0755 .build/release/bingwall $(BINDIR)/bingwall
endif
	install -d $(MANDIR)/man1 $(MANDIR)/man5 $(MANDIR)/man7 $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 0644 $(filter %.1,$(MANPAGES)) $(MANDIR)/man1/
	install -m 0644 $(filter %.5,$(MANPAGES)) $(MANDIR)/man5/
	install -m 0644 $(filter %.7,$(MANPAGES)) $(MANDIR)/man7/
	install -m 0644 completions/bingwall.bash $(BASHDIR)/bingwall
	install -m 0644 completions/_bingwall $(ZSHDIR)/_bingwall
	install -m 0644 completions/bingwall.fish $(FISHDIR)/bingwall.fish
	set -e; for icon in $(ICONS); do install -D -m 0644 data/$$icon $(SHAREDIR)/$$icon; done

## uninstall: remove what install put there (same PREFIX and DESTDIR).
uninstall:
	rm -f $(BINDIR)/bingwall $(INSTALLED_MANPAGES) $(BASHDIR)/bingwall $(ZSHDIR)/_bingwall \
	  $(FISHDIR)/bingwall.fish $(addprefix $(SHAREDIR)/,$(ICONS))

# Where dist and deb put what they make, and the folders they assemble it in.
DIST = .build/dist
STAGE = .build/stage

## dist: bingwall-VERSION-linux-x86_64.tar.gz: the stripped release binary, the man pages in man/
## (this version's, dated SOURCE_DATE_EPOCH), the three completions, the icons in icons/hicolor/ (as
## under share/), LICENSE, README, CHANGELOG and a SHA256SUMS of them; sorted members, owner root,
## folders 0755 whatever the umask, every time SOURCE_DATE_EPOCH, gzip without a name or time: the
## same commit gives the same bytes.
dist: release
	@set -e; name=bingwall-$(VERSION)-linux-x86_64; root=$(STAGE)/$$name; \
	rm -rf $(STAGE) && mkdir -p $$root/completions $(DIST); \
	packaging/strip.sh .build/release/bingwall $$root/bingwall; \
	mkdir -p $$root/man; \
	for page in $$($$root/bingwall __man --list); do $$root/bingwall __man $$page > $$root/man/$$page; done; \
	cp completions/bingwall.bash completions/_bingwall completions/bingwall.fish $$root/completions/; \
	for icon in $(ICONS); do install -D -m 0644 data/$$icon $$root/$$icon; done; \
	find $$root -type d -exec chmod 0755 {} +; \
	cp LICENSE README.md CHANGELOG.md $$root/; \
	chmod 0755 $$root/bingwall; chmod 0644 $$root/man/* $$root/completions/* $$root/LICENSE $$root/*.md; \
	(cd $$root && find . -type f ! -name SHA256SUMS | sed 's|^\./||' | LC_ALL=C sort | xargs sha256sum > SHA256SUMS); \
	tar --sort=name --owner=0 --group=0 --numeric-owner --mtime=@$(SOURCE_DATE_EPOCH) \
	  --pax-option=exthdr.name=%d/PaxHeaders/%f,delete=atime,delete=ctime \
	  -C $(STAGE) -cf - $$name | gzip -9n > $(DIST)/$$name.tar.gz; \
	echo "make dist: $(DIST)/$$name.tar.gz"

## deb: bingwall_VERSION_amd64.deb with dpkg-deb (packaging/make-deb.sh): /usr/bin/bingwall, the
## man page, the completions, the icons, the DEP-5 copyright and a Debian changelog; Depends from
## what the binary links (dpkg-shlibdeps), Recommends what it opens at first use. No maintainer
## scripts.
deb: release
	packaging/make-deb.sh .build/release/bingwall "$(DEB_VERSION)" $(STAGE)/deb $(DIST)

clean:
	rm -rf .build
