#!/bin/bash
# Post-image script of the EGM defconfigs: $1 is the images directory,
# $2 the board's directory name under board/egm. Makes the empty
# /var/lib/egm file system (owned by the egm user, uid 1000 in
# users.table), on a Raspberry Pi the cabinet's device-tree overlay, and
# the board's disk image with genimage.

set -eu

BOARD_DIR="${BR2_EXTERNAL_EGM_PATH}/board/egm/$2"
COMMON_DIR="${BR2_EXTERNAL_EGM_PATH}/board/egm/common"
# shellcheck source=/dev/null
. "${BOARD_DIR}/board.env"

rm -f "${BINARIES_DIR}/egm-data.ext4"
"${HOST_DIR}/sbin/mkfs.ext4" -q -F -L egm-data -J size=16 \
	-E root_owner=1000:1000 "${BINARIES_DIR}/egm-data.ext4" "${EGM_DATA_SIZE}"

case "$2" in
raspberrypi*)
	# The cabinet's doors, key switches, button deck and lamps as
	# gpio-keys and gpio-leds (cabinet/default.json names the same
	# devices, codes and LEDs): compiled with Buildroot's host dtc
	# (BR2_PACKAGE_HOST_DTC) beside the firmware's overlays, so the boot
	# partition carries overlays/egm-cabinet.dtbo for config.txt's
	# dtoverlay=egm-cabinet.
	mkdir -p "${BINARIES_DIR}/rpi-firmware/overlays"
	"${HOST_DIR}/bin/dtc" -@ -I dts -O dtb \
		-o "${BINARIES_DIR}/rpi-firmware/overlays/egm-cabinet.dtbo" \
		"${COMMON_DIR}/egm-cabinet-overlay.dts"
	# As Buildroot's board/raspberrypi/post-image.sh: the boot
	# partition holds the DTBs, the firmware (its overlays/ directory
	# among it) and the kernel.
	GENIMAGE_CFG="${BINARIES_DIR}/genimage.cfg"
	FILES=()
	for i in "${BINARIES_DIR}"/*.dtb "${BINARIES_DIR}"/rpi-firmware/*; do
		FILES+=( "${i#"${BINARIES_DIR}"/}" )
	done
	KERNEL=$(sed -n 's/^kernel=//p' "${BINARIES_DIR}/rpi-firmware/config.txt")
	FILES+=( "${KERNEL}" )
	BOOT_FILES=$(printf '\\t\\t\\t"%s",\\n' "${FILES[@]}")
	sed "s|#BOOT_FILES#|${BOOT_FILES}|" "${COMMON_DIR}/genimage-rpi.cfg.in" \
		> "${GENIMAGE_CFG}"
	;;
*)
	GENIMAGE_CFG="${BOARD_DIR}/genimage.cfg"
	install -m 0755 "${BOARD_DIR}/start-qemu.sh" "${BINARIES_DIR}/start-qemu.sh"
	;;
esac

GENIMAGE_TMP="${BUILD_DIR}/genimage.tmp"
ROOTPATH_TMP="$(mktemp -d)"
trap 'rm -rf "${ROOTPATH_TMP}"' EXIT
rm -rf "${GENIMAGE_TMP}"
genimage \
	--rootpath "${ROOTPATH_TMP}" \
	--tmppath "${GENIMAGE_TMP}" \
	--inputpath "${BINARIES_DIR}" \
	--outputpath "${BINARIES_DIR}" \
	--config "${GENIMAGE_CFG}"
