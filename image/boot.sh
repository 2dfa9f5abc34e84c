#!/usr/bin/env bash
# Boots the test image (make boot): qemu-system-aarch64 -M virt, Debian's kernel
# and the initramfs from image/out, the data disk as a virtio block device, an
# i6300esb watchdog, no network (-nic none: the cabinet has none, and QEMU's
# default NIC would want an option ROM that not every host installs), and the SAS
# line on a 16550 UART on the PCI bus whose other end is a TCP port on the build
# machine:
#   egm-floor run --connect tcp:127.0.0.1:$SAS_PORT --once --json --db floor.db
# The console (the kernel's and the platform's output) is this terminal; Ctrl-A X
# quits QEMU (a power cut: the guest's page cache is lost).
#   SAS_PORT  host TCP port of the SAS UART (default 5700)
#   DOORS_PORT host TCP port of the test kit's control channel (a virtio-serial
#             port named egm.testkit; none when unset), and the initramfs with
#             the test kit (initrd-testkit.cpio.gz): with egm.testkit=1 in EXTRA
#             the board's doors, deck, lamps and screen are the test kit's
#             (image/testkit, `egm-lab board-doors`)
#   AUTOPLAY  1: the lab autoplay mode (egm.autoplay=1 on the kernel command line)
#   DATA      the data disk (default image/out/data.img)
#   SMP, MEM  the board's CPUs (2) and memory in MiB (512)
#   EXTRA     more kernel command-line arguments
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
out=${OUT:-$here/out}
port=${SAS_PORT:-5700}
data=${DATA:-$out/data.img}
initrd=$out/initrd.cpio.gz
[ -n "${DOORS_PORT:-}" ] && initrd=$out/initrd-testkit.cpio.gz
for f in "$out/vmlinuz" "$initrd" "$data"; do
	[ -f "$f" ] || { echo "boot: $f missing: run make image first" >&2; exit 1; }
done
cmdline="console=ttyAMA0 quiet egm.sasline=tty ${EXTRA:-}"
[ "${AUTOPLAY:-0}" != 0 ] && cmdline="$cmdline egm.autoplay=${AUTOPLAY}"
kit=()
if [ -n "${DOORS_PORT:-}" ]; then
	kit=(-device virtio-serial-pci
		-chardev "socket,id=kit,host=127.0.0.1,port=$DOORS_PORT,server=on,wait=off"
		-device virtserialport,chardev=kit,name=egm.testkit)
	echo "boot: the test kit's control channel on tcp:127.0.0.1:$DOORS_PORT" >&2
fi
echo "boot: SAS UART on tcp:127.0.0.1:$port (egm-floor run --connect tcp:127.0.0.1:$port --once --json --db FILE)" >&2
exec qemu-system-aarch64 -M virt -cpu cortex-a57 -smp "${SMP:-2}" -m "${MEM:-512}" \
	-nographic -no-reboot -nic none \
	-kernel "$out/vmlinuz" -initrd "$initrd" -append "$cmdline" \
	-drive "file=$data,if=none,format=raw,id=data,cache=${CACHE:-none},aio=threads" \
	-device virtio-blk-pci,drive=data \
	-chardev "socket,id=sas,host=127.0.0.1,port=$port,server=on,wait=off" \
	-device pci-serial,chardev=sas \
	-device i6300esb -action watchdog=reset "${kit[@]}"
