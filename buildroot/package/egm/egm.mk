################################################################################
#
# egm
#
################################################################################

# The source is this repository, the parent of the BR2_EXTERNAL tree:
# Buildroot rsyncs it into the build directory (without .git, the
# BR2_EXTERNAL tree itself, built binaries and development state).
EGM_VERSION = local
EGM_SITE = $(BR2_EXTERNAL_EGM_PATH)/..
EGM_SITE_METHOD = local
EGM_OVERRIDE_SRCDIR_RSYNC_EXCLUSIONS = \
	--exclude /buildroot --exclude /var --exclude /output \
	--exclude /egm --exclude /egm-screen --exclude '/egm-arm*' \
	--exclude '/egm-screen-arm*'
EGM_LICENSE = PROPRIETARY
EGM_GOMOD = egm

# Both programs, installed to /usr/bin (the platform finds egm-screen
# next to itself).
EGM_BUILD_TARGETS = cmd/egm cmd/egm-screen
EGM_DEPENDENCIES = \
	host-pkgconf \
	alsa-lib \
	libgl \
	xlib_libX11 \
	xlib_libXcursor \
	xlib_libXi \
	xlib_libXinerama \
	xlib_libXrandr \
	xlib_libXxf86vm

# The version and commit egm version prints, from the repository the
# tree lives in (the rsynced copy has no .git).
EGM_GIT = git -C $(BR2_EXTERNAL_EGM_PATH)/..
EGM_BUILDINFO_VERSION = \
	$(shell $(EGM_GIT) describe --tags --always --dirty 2>/dev/null || echo dev)
EGM_BUILDINFO_COMMIT = \
	$(shell $(EGM_GIT) rev-parse --short=12 HEAD 2>/dev/null || echo unknown)
EGM_LDFLAGS = \
	-X egm/internal/buildinfo.Version=$(EGM_BUILDINFO_VERSION) \
	-X egm/internal/buildinfo.Commit=$(EGM_BUILDINFO_COMMIT)

# As the golang-package infrastructure does for its own build commands:
# Go would force the gold linker on aarch64, which Buildroot's
# toolchains may lack. Only the cgo build (egm-screen) links externally.
ifeq ($(BR2_aarch64),y)
EGM_LDFLAGS += -extldflags '-fuse-ld=bfd'
endif

EGM_GO_ENV = PKG_CONFIG="$(PKG_CONFIG_HOST_BINARY)"

# A local source is not downloaded, so the golang-package download step
# never vendors its modules: vendor them here, with host-go built, from
# the module proxy (needs the network; a source tree that already has an
# up-to-date vendor/ directory builds offline).
EGM_GOPROXY = https://proxy.golang.org,direct
define EGM_GO_MOD_VENDOR
	if [ ! -d $(@D)/vendor ]; then \
		cd $(@D) && $(HOST_GO_COMMON_ENV) GOPROXY=$(EGM_GOPROXY) \
			$(GO_BIN) mod vendor -modcacherw; \
	fi
endef
EGM_PRE_CONFIGURE_HOOKS += EGM_GO_MOD_VENDOR

# The platform is built with cgo disabled (it has no cgo and must not
# link libc's resolver); the screen needs cgo (GLFW, X11, ALSA).
define EGM_BUILD_CMDS
	cd $(@D); $(HOST_GO_TARGET_ENV) $(EGM_GO_ENV) CGO_ENABLED=0 \
		$(GO_BIN) build -v $(EGM_BUILD_OPTS) \
		-o $(@D)/bin/egm $(EGM_GOMOD)/cmd/egm
	cd $(@D); $(HOST_GO_TARGET_ENV) $(EGM_GO_ENV) CGO_ENABLED=1 \
		$(GO_BIN) build -v $(EGM_BUILD_OPTS) \
		-o $(@D)/bin/egm-screen $(EGM_GOMOD)/cmd/egm-screen
endef

$(eval $(golang-package))
