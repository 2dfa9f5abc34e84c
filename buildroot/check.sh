#!/bin/bash
# Offline check of the BR2_EXTERNAL tree against a Buildroot source tree:
#
#   buildroot/check.sh BR_SRC_DIR
#
# For each configs/*_defconfig: loads it (make BR2_EXTERNAL=... NAME_defconfig
# in a scratch output directory) and checks that every symbol it sets is kept
# in the resulting .config with the same value, and that every line of the
# Buildroot board defconfig it names on its "# egm-base:" line is in it, bar
# the symbols its "# egm-overrides:" line lists. Then runs Buildroot's
# utils/check-package on the tree's files, shows the egm package's
# variables (make printvars), and compiles the cabinet's device-tree
# overlay as post-image.sh does (dtc -@). Nothing is downloaded or built.
# Needs: make, gcc, python3 with python3-magic and python3-flake8, dtc
# (Debian's device-tree-compiler) and the program shellcheck; make
# buildroot-check installs them.

set -euo pipefail

if [ $# -ne 1 ] || [ ! -f "$1/Makefile" ] || [ ! -x "$1/utils/check-package" ]; then
	echo "usage: $0 BUILDROOT_SOURCE_DIR" >&2
	exit 2
fi
BR="$(cd "$1" && pwd)"
EXT="$(cd "$(dirname "$0")" && pwd)"
WORK="$(mktemp -d)"
trap 'rm -rf "${WORK}"' EXIT
fail=0

echo "== Buildroot: ${BR} ($(git -C "${BR}" describe --always 2>/dev/null || \
	sed -n 's/^export BR2_VERSION := //p' "${BR}/Makefile"))"
echo "== BR2_EXTERNAL: ${EXT}"

for defconfig in "${EXT}"/configs/*_defconfig; do
	name="$(basename "${defconfig}")"
	out="${WORK}/${name%_defconfig}"
	if ! make -s -C "${BR}" O="${out}" BR2_EXTERNAL="${EXT}" "${name}" \
		> "${out}.log" 2>&1; then
		echo "FAIL ${name}: does not load"
		cat "${out}.log"
		fail=1
		continue
	fi
	if grep -i 'warning' "${out}.log"; then
		echo "FAIL ${name}: Kconfig warnings (above)"
		fail=1
	fi
	# Every symbol the defconfig sets, with its value, must be in .config.
	lost=0
	n=0
	while IFS= read -r line; do
		case "${line}" in
		BR2_*=*) sym="${line%%=*}" ;;
		"# BR2_"*" is not set") sym="${line#\# }"; sym="${sym%% *}" ;;
		*) continue ;;
		esac
		n=$((n + 1))
		got="$(grep -E "^(${sym}=|# ${sym} is not set$)" "${out}/.config" || true)"
		if [ "${got}" != "${line}" ]; then
			echo "FAIL ${name}: ${line}  ->  ${got:-(absent)}"
			lost=1
		fi
	done < "${defconfig}"
	# The Buildroot board defconfig it is built on: all its lines, bar the
	# symbols it overrides.
	base="$(sed -n 's/^# egm-base: //p' "${defconfig}")"
	overrides=" $(sed -n 's/^# egm-overrides: //p' "${defconfig}") "
	if [ -n "${base}" ]; then
		if [ ! -f "${BR}/configs/${base}" ]; then
			echo "FAIL ${name}: no ${base} in this Buildroot"
			lost=1
		else
			while IFS= read -r line; do
				case "${line}" in
				BR2_*=*) sym="${line%%=*}" ;;
				"# BR2_"*" is not set") sym="${line#\# }"; sym="${sym%% *}" ;;
				*) continue ;;
				esac
				case "${overrides}" in *" ${sym} "*) continue ;; esac
				if ! grep -qxF -- "${line}" "${defconfig}"; then
					echo "FAIL ${name}: drifted from ${base}: ${line}"
					lost=1
				fi
			done < "${BR}/configs/${base}"
		fi
	fi
	if [ "${lost}" = 0 ]; then
		echo "ok   ${name}: loads, keeps its ${n} symbols${base:+, built on ${base}}"
	else
		fail=1
	fi
done

echo "== utils/check-package -b"
# A python3 with the magic module (Debian's python3-magic), first on PATH.
py=""
for p in python3 /usr/bin/python3; do
	if command -v "${p}" > /dev/null && "${p}" -c 'import magic' 2> /dev/null; then
		py="${p}"
		break
	fi
done
if [ -z "${py}" ]; then
	echo "FAIL check-package: no python3 with the magic module (apt-get install python3-magic)"
	py=python3
fi
files=()
while IFS= read -r f; do files+=( "${f}" ); done < <(
	cd "${EXT}" && find . -path ./board/egm/rootfs-overlay -prune -o -type f \
		! -name '*.md' -print | sed 's|^\./||' | sort)
if (cd "${EXT}" && "${py}" "${BR}/utils/check-package" -b "${files[@]}"); then
	echo "ok   check-package: ${#files[@]} files, no warnings"
else
	echo "FAIL check-package"
	fail=1
fi

echo "== make printvars VARS='EGM_%' (egm_raspberrypi4_64_defconfig)"
out="${WORK}/egm_raspberrypi4_64"
if [ -f "${out}/.config" ] && make -s -C "${BR}" O="${out}" printvars \
	VARS='EGM_%' QUOTED_VARS=YES > "${WORK}/printvars" 2>&1 &&
	grep -q '^EGM_GOMOD=' "${WORK}/printvars"; then
	echo "($(grep -c '^EGM_' "${WORK}/printvars") variables; these among them)"
	grep -E '^EGM_(SITE|SITE_METHOD|VERSION|GOMOD|BUILD_TARGETS|INSTALL_BINS|FINAL_DEPENDENCIES|LDFLAGS|BUILD_OPTS|LICENSE)=' \
		"${WORK}/printvars"
	for want in "EGM_GOMOD='egm'" "EGM_SITE_METHOD='local'"; do
		grep -qxF "${want}" "${WORK}/printvars" || {
			echo "FAIL printvars: no ${want}"
			fail=1
		}
	done
	grep -q "^EGM_INSTALL_BINS='egm egm-screen'" "${WORK}/printvars" || {
		echo "FAIL printvars: egm does not install egm and egm-screen"
		fail=1
	}
	grep -q '^EGM_FINAL_DEPENDENCIES=.*host-go' "${WORK}/printvars" || {
		echo "FAIL printvars: egm does not depend on host-go"
		fail=1
	}
else
	echo "FAIL printvars"
	cat "${WORK}/printvars" 2>/dev/null || true
	fail=1
fi

echo "== dtc -@: board/egm/common/egm-cabinet-overlay.dts"
# As post-image.sh compiles it for the Raspberry Pi images, warnings
# counted as failures; then read back: an overlay (its fragments' target
# resolved at load, __fixups__) with the devices the wiring names
# (cabinet/default.json; the Go test cabinet/overlay_test.go holds every
# code and LED to it).
dts="${EXT}/board/egm/common/egm-cabinet-overlay.dts"
if ! command -v dtc > /dev/null; then
	echo "FAIL dtc: not installed (apt-get install device-tree-compiler)"
	fail=1
elif ! dtc -@ -I dts -O dtb -o "${WORK}/egm-cabinet.dtbo" "${dts}" \
	2> "${WORK}/dtc.log" || [ -s "${WORK}/dtc.log" ]; then
	echo "FAIL dtc: egm-cabinet-overlay.dts"
	cat "${WORK}/dtc.log"
	fail=1
else
	missing=""
	for path in /__fixups__ /fragment@1/__overlay__/egm-switches \
		/fragment@1/__overlay__/egm-deck /fragment@1/__overlay__/egm-lamps; do
		fdtget -l "${WORK}/egm-cabinet.dtbo" "${path}" > /dev/null 2>&1 ||
			missing="${missing} ${path}"
	done
	if [ -n "${missing}" ]; then
		echo "FAIL dtc: egm-cabinet.dtbo lacks${missing}"
		fail=1
	else
		echo "ok   dtc: egm-cabinet.dtbo, $(wc -c < "${WORK}/egm-cabinet.dtbo") bytes, no warnings"
	fi
fi

if [ "${fail}" = 0 ]; then
	echo "== buildroot check: ok"
else
	echo "== buildroot check: FAILED"
fi
exit "${fail}"
