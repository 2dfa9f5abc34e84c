# The EGM's build. `make test` is the one test command (CI runs exactly it);
# `make run` starts the cabinet. Both install missing Debian packages first.
# Two programs: egm, the platform (pure Go, no display, CGO_ENABLED=0 builds it),
# and egm-screen, the screen (Ebiten, cgo), which egm starts and supervises.
SHELL := /bin/bash
GO ?= go
VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
COMMIT ?= $(shell git rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
LDFLAGS := -X egm/internal/buildinfo.Version=$(VERSION) -X egm/internal/buildinfo.Commit=$(COMMIT)
BIN := egm
SCREEN_BIN := egm-screen

# Debian packages: Ebiten under Xvfb, ARM emulation, RNG batteries, QR decoding.
DEBS := gcc libc6-dev pkg-config libgl1-mesa-dev libxcursor-dev libxi-dev \
	libxinerama-dev libxrandr-dev libxxf86vm-dev libasound2-dev xvfb xauth \
	libgl1-mesa-dri qemu-user dieharder ent zbar-tools
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: deps build run demo test bench lint cross clean

deps:
	@if dpkg -s $(DEBS) >/dev/null 2>&1; then echo "deps: all Debian packages present"; else \
		$(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(DEBS); fi

build:
	$(GO) build -ldflags "$(LDFLAGS)" -o $(BIN) ./cmd/egm
	$(GO) build -ldflags "$(LDFLAGS)" -o $(SCREEN_BIN) ./cmd/egm-screen

# The platform starts the screen next to it (under xvfb-run where there is no
# display). Ctrl-C stops both in order.
run: deps build
	./$(BIN) run

demo: deps build
	./$(BIN) demo

# Tests run under Xvfb when there is no display (the UI tests need one).
test: deps lint
	@if [ -z "$${DISPLAY:-}" ]; then \
		xvfb-run -a $(GO) test -count=1 ./... ; \
	else $(GO) test -count=1 ./... ; fi

bench:
	$(GO) test -run '^$$' -bench . -benchtime 1s ./...

lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' 2>/dev/null || find . -name '*.go')); \
		if [ -n "$$out" ]; then echo "gofmt needed:"; echo "$$out"; exit 1; fi
	$(GO) vet ./...
	@bad=$$($(GO) list -f '{{.ImportPath}} {{join .Imports " "}} {{join .TestImports " "}}' ./... \
		| grep 'hajimehoshi/ebiten' | awk '{print $$1}' | grep -v -E '^egm/(ui|cmd/egm-screen)$$' || true); \
		if [ -n "$$bad" ]; then echo "Ebiten imported outside ui/ and cmd/egm-screen: $$bad"; exit 1; fi
	@if $(GO) list -deps ./cmd/egm | grep -q 'hajimehoshi/ebiten'; then \
		echo "the platform program (cmd/egm) links Ebiten"; exit 1; fi
	CGO_ENABLED=0 $(GO) build -o /dev/null ./cmd/egm
	CGO_ENABLED=0 GOOS=linux GOARCH=arm GOARM=7 $(GO) build -o /dev/null ./cmd/egm
	@echo "lint: ok (the platform builds without cgo, for amd64 and 32-bit ARM)"

# The platform for the cabinet's ARM boards (the screen's cgo build comes with buildroot/).
cross:
	CGO_ENABLED=0 GOOS=linux GOARCH=arm64 $(GO) build -ldflags "$(LDFLAGS)" -o $(BIN)-arm64 ./cmd/egm
	CGO_ENABLED=0 GOOS=linux GOARCH=arm GOARM=7 $(GO) build -ldflags "$(LDFLAGS)" -o $(BIN)-armv7 ./cmd/egm

# --- Buildroot (buildroot/README.md) ---
# The BR2_EXTERNAL tree checked offline against a Buildroot source tree kept
# outside the repository: `make buildroot-check BR=/path/to/buildroot` loads the
# three defconfigs, runs utils/check-package and make printvars. Not in `make
# test`: it needs that tree.
BUILDROOT_DEBS := make gcc python3-magic shellcheck rsync
.PHONY: buildroot-check
buildroot-check:
	@if [ -z "$(BR)" ]; then echo "usage: make buildroot-check BR=/path/to/buildroot"; exit 2; fi
	@dpkg -s $(BUILDROOT_DEBS) >/dev/null 2>&1 || { $(SUDO) apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $(BUILDROOT_DEBS); }
	buildroot/check.sh "$(BR)"

clean:
	rm -f $(BIN) $(SCREEN_BIN) $(BIN)-arm64 $(BIN)-armv7
