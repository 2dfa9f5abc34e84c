#!/bin/sh
# Post-build script of the EGM defconfigs: $1 is the target directory,
# $2 the board's directory name under board/egm (from
# BR2_ROOTFS_POST_SCRIPT_ARGS). Everything here is Buildroot-only; the
# init that starts the platform is in board/egm/rootfs-overlay.

set -eu

TARGET="$1"
BOARD_DIR="${BR2_EXTERNAL_EGM_PATH}/board/egm/$2"
# shellcheck source=/dev/null
. "${BOARD_DIR}/board.env"

# /var/lib/egm, the state directory (critical memory, boot.log), is its
# own partition (label egm-data, made by post-image.sh) on a read-only
# root: the overlay's /etc/init.d/S20egm-data mounts it with
# data=journal,sync,dirsync. Here only its mount point.
mkdir -p "${TARGET}/var/lib/egm"

# The SAS UART is /dev/sas, whatever the kernel calls it.
install -D -m 0644 "${BOARD_DIR}/99-egm-sas.rules" \
	"${TARGET}/etc/udev/rules.d/99-egm-sas.rules"

# The overlay's init starts the X server for the screen and restarts
# it: Buildroot's one-shot S40xorg would start a second one.
rm -f "${TARGET}/etc/init.d/S40xorg"
