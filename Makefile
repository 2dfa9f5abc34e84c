# The EGM's build. `make test` is the one test command (CI runs exactly it);
# `make run` starts the cabinet. Both install missing Debian packages first.
# The cabinet's two programs: egm, the platform (pure Go, no display, CGO_ENABLED=0
# builds it), and egm-screen, the screen (Ebiten, cgo), which egm starts and
# supervises. Off the cabinet: egm-lab, the test lab, and egm-floor, the floor
# system and the wallet's desk (pure Go both).
SHELL := /bin/bash
GO ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
LDFLAGS := -X egm/internal/buildinfo.Version=$(VERSION) -X egm/internal/buildinfo.Commit=$(COMMIT)
BIN := egm
SCREEN_BIN := egm-screen
LAB_BIN := egm-lab
FLOOR_BIN := egm-floor
# Reproducible builds (docs/lab.md, Reproducible builds): the same commit gives the
# same bytes wherever it is built. -trimpath: no build directory or module cache path
# in the binary; -buildvcs=false: no VCS stamp (the version and commit are LDFLAGS'
# -X, from git); GOFLAGS from the environment ignored. The cabinet's platform builds
# (cross-platform, repro-check) also pin the Go release with GOTOOLCHAIN (the go
# command fetches that release when the installed one differs).
GO_RELEASE := go1.26.8
GOBUILD := GOFLAGS= $(GO) build -trimpath -buildvcs=false
GOBUILD_PINNED := GOFLAGS= GOTOOLCHAIN=$(GO_RELEASE) $(GO) build -trimpath -buildvcs=false

# Debian packages: Ebiten under Xvfb (x11vnc serves it over ssh), ARM emulation, RNG
# batteries, QR decoding, openssl (the independent check of egm verify's signatures),
# PostgreSQL (the floor's second database: the tests start a cluster of their own,
# scripts/with-postgres.sh).
DEBS := gcc libc6-dev pkg-config libgl1-mesa-dev libxcursor-dev libxi-dev \
	libxinerama-dev libxrandr-dev libxxf86vm-dev libasound2-dev xvfb xauth x11vnc \
	libgl1-mesa-dri qemu-user dieharder ent zbar-tools python3-numpy openssl postgresql
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run demo test unit bench lint cross clean

deps:
	@if dpkg -s $(DEBS) >/dev/null 2>&1; then echo "deps: all Debian packages present"; else \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(DEBS); fi

build:
	CGO_ENABLED=0 $(GOBUILD) -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/egm
	$(GOBUILD) -ldflags "$(LDFLAGS)" -o $(SCREEN_BIN) ./cmd/egm-screen
	CGO_ENABLED=0 $(GOBUILD) -ldflags "$(LDFLAGS)" -o $(LAB_BIN) ./cmd/egm-lab
	CGO_ENABLED=0 $(GOBUILD) -ldflags "$(LDFLAGS)" -o $(FLOOR_BIN) ./cmd/egm-floor

# The platform starts the screen next to it (under xvfb-run where there is no
# display, served over VNC on 127.0.0.1:$(VNC_PORT) for an ssh tunnel; the console
# prints the ssh command). Ctrl-C stops both in order.
VNC_PORT ?= 5900
run: deps build
	@if [ -z "$${DISPLAY:-}$${WAYLAND_DISPLAY:-}" ]; then ./$(BIN) run --dev --vnc $(VNC_PORT); else ./$(BIN) run --dev; fi

demo: deps build
	./$(BIN) demo

# `make test` is every check CI runs: the lint (`make lint`), the Go tests (`make unit`),
# the lab's checklist at its quick scale (`make lab-quick`) and the test image's short board
# power-cut campaign (`make boot-test`): about 10 minutes on the 2-core machine.
# Each part runs even when one before it failed, and the failures are listed at the end
# (exit 1 if any): a red unit test does not hide what the lab and the board say.
TEST_PARTS := lint unit lab-quick boot-test
test: deps
	@failed=""; for part in $(TEST_PARTS); do \
		echo "=== make $$part"; \
		$(MAKE) --no-print-directory $$part || failed="$$failed $$part"; \
	done; \
	if [ -n "$$failed" ]; then echo "=== make test: FAILED:$$failed (each part's output above)"; exit 1; fi; \
	echo "=== make test: every part passed ($(TEST_PARTS))"

# The Go tests, under Xvfb when there is no display (the UI tests need one), with a
# PostgreSQL of their own (scripts/with-postgres.sh: a cluster in a temporary
# directory on a unix socket there, its URL in EGM_TEST_POSTGRES, stopped and removed
# at the end whatever the tests did): no PostgreSQL test is skipped. Every package
# runs even when one fails (go test reports them all); the timeout is a hang guard per
# package, far above what any package takes on a busy 2-core machine.
GO_TEST_TIMEOUT ?= 30m
WITH_PG := scripts/with-postgres.sh
unit: deps
	@if [ -z "$${DISPLAY:-}" ]; then \
		$(WITH_PG) xvfb-run -a $(GO) test -count=1 -timeout $(GO_TEST_TIMEOUT) ./... ; \
	else $(WITH_PG) $(GO) test -count=1 -timeout $(GO_TEST_TIMEOUT) ./... ; fi

# The floor's packages only, against a PostgreSQL of their own (as in make unit).
.PHONY: pg-test pg-shell
pg-test:
	$(WITH_PG) $(GO) test -count=1 -timeout $(GO_TEST_TIMEOUT) ./floor/...

# A shell with the tests' PostgreSQL started (EGM_TEST_POSTGRES and PGPASSWORD set:
# `psql "$$EGM_TEST_POSTGRES"`, `go test ./floor/...`); leaving the shell stops and
# removes it.
pg-shell:
	$(WITH_PG) bash -c 'echo "pg-shell: psql \"$$EGM_TEST_POSTGRES\"; exit to stop it"; exec bash -i'

# The lab's whole checklist at the CI scale (docs/lab.md, `egm-lab all`): about 3 minutes
# on the 2-core machine; report.html, its plots and summary.json in LAB_OUT. Then the
# floor's load campaign at its quick scale (`egm-lab floor-load --quick`: 6 machines on
# 3 floor hosts for a minute, a floor host killed and PostgreSQL restarted) on a
# PostgreSQL of its own (scripts/with-postgres.sh): about 2 minutes more.
LAB_OUT ?= $(shell mktemp -d)/lab-report
.PHONY: lab-quick
lab-quick: deps build
	./$(LAB_BIN) all --quick --out $(LAB_OUT)
	$(WITH_PG) ./$(LAB_BIN) floor-load --quick

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1s ./...

# What the cabinet's programs must not link: the lab, the floor, and the lab's and
# the floor's libraries (bbolt, pgx and its pool puddle, gonum/plot, the QR decoder).
LEAN_BANNED := ^(egm/lab|egm/floor|egm/internal/(labcli|floorcli))(/|$$)|go\.etcd\.io/bbolt|github\.com/jackc/(pgx|puddle|pgpassfile|pgservicefile)|gonum\.org/|makiuchi-d/gozxing

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
		if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	@bad=$$($(GO) list -f '{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}}' ./... \
		| grep 'hajimehoshi/ebiten' | awk '{print $$1}' | grep -v -E '^egm/(ui(/.*)?|cmd/egm-screen)$$' || true); \
		if [ -n "$$bad" ]; then echo "Ebiten imported outside ui/ (and its packages) and cmd/egm-screen: $$bad"; exit 1; fi
	@if $(GO) list -deps ./cmd/egm | grep -q 'hajimehoshi/ebiten'; then \
		echo "the platform program (cmd/egm) links Ebiten"; exit 1; fi
	@if bad=$$(CGO_ENABLED=0 $(GO) list -deps ./cmd/egm ./cmd/egm-screen | grep -E '$(LEAN_BANNED)'); then \
		echo "the cabinet's programs (cmd/egm, cmd/egm-screen) link what the cabinet does not carry (docs/cabinet.md, The program set):"; \
		echo "$$bad"; exit 1; fi
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/egm
	CGO_ENABLED=0 GOOS=linux GOARCH=arm GOARM=7 $(GO) build -o /dev/null ./cmd/egm
	@if bad=$$($(MAKE) -n --no-print-directory build cross-platform cross-screen 2>/dev/null | grep -E '(^|[ ;/])go build ' \
		| grep -v -e '-trimpath -buildvcs=false'); then \
		echo "a release build without -trimpath -buildvcs=false (docs/lab.md, Reproducible builds):"; echo "$$bad"; exit 1; fi
	@echo "lint: ok (the platform builds without cgo, for amd64 and 32-bit ARM; the cabinet links no lab or floor; release builds are reproducible)"

# The cabinet's ARM boards (docs/cabinet.md, Building). `cross-platform`: the platform,
# static pure Go, for arm64 and armv7 (needs nothing but Go). `cross-screen`: the screen
# for arm64 with cgo, Debian's cross compiler and the arm64 X11/GL/ALSA libraries, which
# `make deps-cross` installs (multiarch). scripts/cross-screenshot.sh runs it under
# qemu-aarch64 on Xvfb. Not part of `make test`.
.PHONY: deps-cross cross-platform cross-screen
CROSS_DEBS := gcc-aarch64-linux-gnu libc6-dev-arm64-cross pkg-config qemu-user xvfb xauth \
	libgl1-mesa-dev:arm64 libgl1-mesa-dri:arm64 libxcursor-dev:arm64 libxi-dev:arm64 \
	libxinerama-dev:arm64 libxrandr-dev:arm64 libxxf86vm-dev:arm64 libasound2-dev:arm64
# Multi-Arch: same packages move in lockstep with the host's: deps-cross stops rather
# than remove, or upgrade, any of the host's Mesa, GL or X packages.
CROSS_HOST_GUARD := ^(Remv |Inst (mesa-|libgl|libegl|libgbm|libdrm|libx11|libxcb|libxext|libxrender|libxfixes|libxi6|libxrandr|libxcursor|libxinerama|libxxf86vm|libxau|libxdmcp|xserver-|xvfb)[^ ]* \[)
CROSS_SCREEN_ENV := CGO_ENABLED=1 GOOS=linux GOARCH=arm64 CC=aarch64-linux-gnu-gcc \
	PKG_CONFIG_LIBDIR=/usr/lib/aarch64-linux-gnu/pkgconfig:/usr/share/pkgconfig

deps-cross:
	@if dpkg -s $(CROSS_DEBS) >/dev/null 2>&1; then echo "deps-cross: all Debian packages present"; else \
		set -e; dpkg --print-foreign-architectures | grep -qx arm64 || $(SUDO) dpkg --add-architecture arm64; \
		$(SUDO) apt-get update -qq; \
		if hit=$$(apt-get -s install --no-install-recommends $(CROSS_DEBS) | grep -E '$(CROSS_HOST_GUARD)'); then \
			echo "deps-cross: stopping: installing would change the host's packages:"; echo "$$hit"; exit 1; fi; \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends --no-remove \
			-o DPkg::Lock::Timeout=300 $(CROSS_DEBS); fi

cross: cross-platform cross-screen

cross-platform:
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 GOARM64=v8.0 $(GOBUILD_PINNED) -ldflags "$(LDFLAGS)" -o $(BIN)-arm64 ./cmd/egm
	CGO_ENABLED=0 GOOS=linux GOARCH=arm GOARM=7 $(GOBUILD_PINNED) -ldflags "$(LDFLAGS)" -o $(BIN)-armv7 ./cmd/egm

# Two clean clones of HEAD, at two different paths and each with a Go build cache of
# its own, build egm-arm64 and egm-armv7 (cross-platform); their SHA-256 must agree
# (scripts/repro-check.sh; a few minutes on the 2-core machine; not in make test).
.PHONY: repro-check
repro-check:
	scripts/repro-check.sh

cross-screen:
	@command -v aarch64-linux-gnu-gcc >/dev/null && dpkg -s libgl1-mesa-dev:arm64 >/dev/null 2>&1 || \
		{ echo "cross-screen: the arm64 cross compiler or X11/GL libraries are missing: make deps-cross"; exit 1; }
	$(CROSS_SCREEN_ENV) $(GOBUILD_PINNED) -ldflags "$(LDFLAGS)" -o $(SCREEN_BIN)-arm64 ./cmd/egm-screen

# --- Buildroot (buildroot/README.md) ---
# The BR2_EXTERNAL tree checked offline against a Buildroot source tree kept
# outside the repository: `make buildroot-check BR=/path/to/buildroot` loads the
# three defconfigs, runs utils/check-package and make printvars, and compiles
# the cabinet's device-tree overlay with dtc. Not in `make test`: it needs that
# tree.
BUILDROOT_DEBS := make gcc python3-magic python3-flake8 shellcheck rsync device-tree-compiler
.PHONY: buildroot-check
buildroot-check:
	@if [ -z "$(BR)" ]; then echo "usage: make buildroot-check BR=/path/to/buildroot"; exit 2; fi
	@dpkg -s $(BUILDROOT_DEBS) >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(BUILDROOT_DEBS); }
	buildroot/check.sh "$(BR)"

# --- The test image (image/; docs/cabinet.md, Building) ---
# `make image`: Debian's arm64 kernel and busybox-static, the static arm64 platform
# and the rootfs overlay shared with buildroot/ (init, services) as an initramfs,
# and an ext4 data disk for /var/lib/egm, in image/out/ (kept; FRESH=1 makes it anew).
# `make boot`: boots it in qemu-system-aarch64 -M virt, the SAS UART on
# tcp:127.0.0.1:$(SAS_PORT) (AUTOPLAY=1: the lab's scripted player; never a cabinet).
# `make boot-test`: the board power-cut campaign, short (BOOT_CUTS cuts; .ci/run).
.PHONY: image boot boot-test
SAS_PORT ?= 5700
BOOT_CUTS ?= 5

image:
	LDFLAGS="$(LDFLAGS)" GO_RELEASE=$(GO_RELEASE) image/build.sh

boot:
	SAS_PORT=$(SAS_PORT) AUTOPLAY=$(AUTOPLAY) image/boot.sh

boot-test: image
	CGO_ENABLED=0 $(GO) build -o image/out/$(LAB_BIN) ./cmd/egm-lab
	image/out/egm-lab board-powerfail --cuts $(BOOT_CUTS) --image image/out --boot image/boot.sh
	image/out/egm-lab board-doors --kills 2 --openings 6 --screen-backoff 3s --image image/out --boot image/boot.sh

clean:
	rm -f $(BIN) $(SCREEN_BIN) $(LAB_BIN) $(FLOOR_BIN) $(BIN)-arm64 $(BIN)-armv7 $(SCREEN_BIN)-arm64
