# bingwall — build, test and install. `make test` sets up a fresh Debian/Ubuntu machine and runs
# every check; `make run` runs the main job. Nothing here needs the network except `make deps`.

PREFIX   ?= /usr/local
DESTDIR  ?=
SWIFT    ?= swift
ARGS     ?= update
BINDIR    = $(DESTDIR)$(PREFIX)/bin
SHAREDIR  = $(DESTDIR)$(PREFIX)/share
MANDIR    = $(SHAREDIR)/man/man1
BASHDIR   = $(SHAREDIR)/bash-completion/completions
ZSHDIR    = $(SHAREDIR)/zsh/site-functions
FISHDIR   = $(SHAREDIR)/fish/vendor_completions.d

# Debian packages the build, the tests and the benchmarks need. Keep in step with README.md.
DEBIAN_PACKAGES = \
	pkg-config libcurl4-openssl-dev libsqlite3-dev \
	sqlite3 curl python3 imagemagick libgs-common \
	libglib2.0-bin gsettings-desktop-schemas cinnamon-desktop-data mate-desktop-common nodejs \
	xvfb x11-apps x11-xserver-utils feh xwallpaper hsetroot nitrogen \
	dbus-daemon dconf-service dconf-gsettings-backend dconf-cli libxfconf-0-3 xfconf xfdesktop4 \
	pcmanfm pcmanfm-qt \
	sway swaybg grim strace time \
	systemd desktop-file-utils \
	bash-completion zsh fish mandoc man-db \
	chromium

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all deps build release run test test-kde lint format bench man completions install uninstall clean

all: build

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

## deps: install the Debian packages that are missing (only those).
deps:
	$(call install-missing,$(DEBIAN_PACKAGES),make deps)

## build: debug build.
build:
	$(SWIFT) build

release:
	$(SWIFT) build -c release

## run: set up, build for release and run bingwall $(ARGS).
run: deps release
	.build/release/bingwall $(ARGS)

## test: set up, lint, build, run every test.
test: deps lint
	$(SWIFT) build --build-tests
	BINGWALL_TEST_BINARY=$(CURDIR)/.build/debug/bingwall $(SWIFT) test --skip-build

# A real Plasma desktop for `make test-kde` (about 250 MB): plasmashell, its tools (qdbus,
# kwriteconfig5, kreadconfig5) and plasma-desktop's QML modules, without which the desktop view
# stays black.
KDE_PACKAGES = plasma-workspace plasma-desktop

## test-kde: set up, install Plasma when missing, run the kde backend against a real plasmashell
## under Xvfb on a private session bus (opt-in: `make test` runs only the stub tests).
test-kde: deps
	$(call install-missing,$(KDE_PACKAGES),make test-kde)
	$(SWIFT) build --build-tests
	BINGWALL_TEST_KDE=1 BINGWALL_TEST_BINARY=$(CURDIR)/.build/debug/bingwall \
	  $(SWIFT) test --skip-build --filter KDERealTests

## lint: swift format's checks, with the rules in .swift-format.
lint:
	$(SWIFT) format lint --strict --recursive Package.swift Sources Tests

## format: rewrite the sources in the house format.
format:
	$(SWIFT) format format --in-place --recursive Package.swift Sources Tests

## bench: run the benchmarks in bench/ (see bench/README.md).
bench: deps release
	@if ls bench/*.sh >/dev/null 2>&1; then for b in bench/*.sh; do sh "$$b" || exit 1; done; \
	else echo "make bench: no benchmarks yet"; fi

## man, completions: regenerate the committed man page and completion scripts from the command
## table (a test fails when they are out of date).
man:
	$(SWIFT) run bingwall __man > man/bingwall.1

completions:
	$(SWIFT) run bingwall completions bash > completions/bingwall.bash
	$(SWIFT) run bingwall completions zsh > completions/_bingwall
	$(SWIFT) run bingwall completions fish > completions/bingwall.fish

## install: the binary, the man page and the completions under $(DESTDIR)$(PREFIX), where man,
## bash-completion, zsh and fish look. INSTALL_BINARY=no installs only the generated files.
INSTALL_BINARY ?= yes
install: $(if $(filter yes,$(INSTALL_BINARY)),release)
ifeq ($(INSTALL_BINARY),yes)
	install -d $(BINDIR)
	install -m 0755 .build/release/bingwall $(BINDIR)/bingwall
endif
	install -d $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 0644 man/bingwall.1 $(MANDIR)/bingwall.1
	install -m 0644 completions/bingwall.bash $(BASHDIR)/bingwall
	install -m 0644 completions/_bingwall $(ZSHDIR)/_bingwall
	install -m 0644 completions/bingwall.fish $(FISHDIR)/bingwall.fish

## uninstall: remove what install put there (same PREFIX and DESTDIR).
uninstall:
	rm -f $(BINDIR)/bingwall $(MANDIR)/bingwall.1 $(BASHDIR)/bingwall $(ZSHDIR)/_bingwall \
	  $(FISHDIR)/bingwall.fish

clean:
	rm -rf .build
