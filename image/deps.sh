#!/usr/bin/env bash
# The build machine's packages for the test image: QEMU for arm64 boards, ext4
# tools (mkfs.ext4, debugfs), cpio, qemu-user (to list busybox's applets), and
# the arm64 architecture for apt-get download of Debian's arm64 kernel and
# busybox-static. Installs only what is missing (apt-get update once).
set -euo pipefail
SUDO=$([ "$(id -u)" = 0 ] || echo sudo)
debs="qemu-system-arm qemu-user e2fsprogs cpio xz-utils"
if ! dpkg --print-foreign-architectures | grep -qx arm64; then
	$SUDO dpkg --add-architecture arm64
	updated=
else updated=1; fi
if ! dpkg -s $debs >/dev/null 2>&1 || [ -z "$updated" ]; then
	$SUDO apt-get update -qq
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq --no-install-recommends $debs >/dev/null
fi
