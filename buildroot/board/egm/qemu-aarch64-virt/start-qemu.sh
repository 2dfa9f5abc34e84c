#!/bin/sh
# Starts the emulated cabinet from output/images (post-image.sh copies
# this script there). The SAS line is a PCI 16550 in the guest
# (/dev/sas) behind a TCP server on the build machine: poll it with
# egm-floor run --connect tcp:127.0.0.1:${SAS_PORT}. The watchdog is an
# i6300esb; the screen is on the virtio GPU (VNC on :0 unless
# DISPLAY_ARGS says otherwise).
set -eu
cd "$(dirname "$0")"
SAS_PORT="${SAS_PORT:-7700}"
DISPLAY_ARGS="${DISPLAY_ARGS:--display none -vnc :0}"
# shellcheck disable=SC2086 # DISPLAY_ARGS is a list of arguments
exec qemu-system-aarch64 -M virt -cpu cortex-a53 -smp 2 -m 1024 \
	-kernel Image \
	-append "root=/dev/vda1 rootfstype=ext4 rootwait ro console=ttyAMA0" \
	-drive file=disk.img,if=none,format=raw,id=hd0 \
	-device virtio-blk-device,drive=hd0 \
	-netdev user,id=eth0 -device virtio-net-device,netdev=eth0 \
	-device virtio-gpu-pci -device virtio-keyboard-pci \
	-device virtio-tablet-pci \
	-chardev socket,id=sas,host=127.0.0.1,port="${SAS_PORT}",server=on,wait=off \
	-device pci-serial,chardev=sas \
	-device i6300esb -action watchdog=reset \
	-serial stdio ${DISPLAY_ARGS}
