#!/usr/bin/env bash
# Builds the test image in image/out/ (make image): Debian's arm64 kernel, the
# busybox-static applets, the kernel modules for virtio PCI/block, ext4 and the
# watchdog, the static arm64 platform (egm), and the rootfs overlay shared with
# the Buildroot tree (buildroot/board/egm/rootfs-overlay: init, services, udev
# rule), as an initramfs; and an ext4 disk for /var/lib/egm (label egm-data).
# What only the test image has: the lab marker and configuration, and the test
# kit (image/testkit), which stands in for the cabinet's doors, deck, lamps and
# screen: a second archive, appended to the first only for the boots that use
# it (the kernel unpacks concatenated archives in order, a later file over an
# earlier one), so the other boots unpack what they always did.
#   out/vmlinuz        the kernel (Debian linux-image-*-arm64)
#   out/initrd.cpio.gz the root file system (read-only once booted)
#   out/initrd-testkit.cpio.gz  the same with the test kit's archive appended:
#                      egm-testkit, its init script (S30egm-testkit) and headless
#                      screen, and the modules it needs (evdev, uinput,
#                      virtio_console) with a load list naming them after the
#                      board's (boot.sh boots it when DOORS_PORT is set)
#   out/data.img       /var/lib/egm, 64 MiB ext4, make boot's (kept between builds)
#   out/data-empty.img the same, empty (the power-cut campaign starts from it)
# Needs root or sudo only to install missing Debian packages (deps.sh).
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
repo=$(dirname "$here")
out=${OUT:-$here/out}
GO=${GO:-go}
"$here/deps.sh"
mkdir -p "$out/debs"
cd "$out/debs"
# The kernel: the versioned package linux-image-arm64 depends on.
if ! ls linux-image-[0-9]*-arm64_*_arm64.deb >/dev/null 2>&1; then
	kpkg=$(apt-cache depends linux-image-arm64:arm64 | awk '/Depends: linux-image-[0-9]/{print $2; exit}')
	kpkg=${kpkg%:arm64}
	apt-get download "$kpkg:arm64"
fi
ls busybox-static_*_arm64.deb >/dev/null 2>&1 || apt-get download busybox-static:arm64
kdeb=$(ls linux-image-[0-9]*-arm64_*_arm64.deb | head -1)
bdeb=$(ls busybox-static_*_arm64.deb | head -1)
rm -rf "$out/kernel" "$out/busybox" "$out/root"
dpkg-deb -x "$kdeb" "$out/kernel"
dpkg-deb -x "$bdeb" "$out/busybox"
kver=$(ls "$out/kernel/lib/modules" | head -1)
cp "$out/kernel/boot/vmlinuz-$kver" "$out/vmlinuz"

root=$out/root
mkdir -p "$root"/{bin,sbin,usr/bin,usr/sbin,usr/libexec/egm,etc/egm,proc,sys,dev,tmp,run,var/lib/egm,var/log,root,lib/modules/egm}
cp "$out/busybox/bin/busybox" "$root/bin/busybox"
# Every applet as a link (the list from the arm64 binary's own --list when it
# runs here under qemu-user, else the usual ones).
applets=$( (command -v qemu-aarch64 >/dev/null && qemu-aarch64 "$root/bin/busybox" --list) 2>/dev/null || true)
[ -n "$applets" ] || applets="sh ash cat chmod chown cut echo findfs grep insmod kill ln ls mkdir mount pidof printf readlink rm setpriv sleep su sync umount init poweroff reboot halt dmesg uptime ps"
for a in $applets; do
	[ "$a" = busybox ] && continue
	case "$a" in init|insmod|mount|umount|poweroff|reboot|halt|mdev|findfs|switch_root) ln -sf /bin/busybox "$root/sbin/$a" ;;
	*) ln -sf busybox "$root/bin/$a" ;; esac
done
ln -sf /sbin/init "$root/init"

# The modules, in load order (S01egm-modules loads them), into root DIR.
modules() {
	local dir=$1 m f
	shift
	mkdir -p "$dir/lib/modules/egm"
	for m in "$@"; do
		f=$(find "$out/kernel/lib/modules/$kver/kernel" -name "$m.ko" -o -name "$m.ko.xz" | head -1)
		[ -n "$f" ] || { echo "image: module $m not in $kdeb" >&2; exit 1; }
		case "$f" in *.xz) xz -dc "$f" >"$dir/lib/modules/egm/$m.ko" ;; *) cp "$f" "$dir/lib/modules/egm/$m.ko" ;; esac
	done
}
mods="virtio_pci_legacy_dev virtio_pci_modern_dev virtio_pci virtio_blk crc16 mbcache jbd2 crc32c_generic libcrc32c ext4 i6300esb"
modules "$root" $mods
printf '%s\n' $mods >"$root/lib/modules/egm/load"

# The platform: static, for arm64, as `make cross-platform` builds egm-arm64 (the
# same bytes: docs/lab.md, Reproducible builds).
(cd "$repo" && CGO_ENABLED=0 GOOS=linux GOARCH=arm64 GOARM64=v8.0 GOFLAGS= \
	GOTOOLCHAIN="${GO_RELEASE:-go1.26.8}" $GO build -trimpath -buildvcs=false \
	-ldflags "${LDFLAGS:-}" -o "$root/usr/bin/egm" ./cmd/egm)

# The overlay shared with Buildroot, then what only the test image has.
cp -a "$repo/buildroot/board/egm/rootfs-overlay/." "$root/"
cat >"$root/etc/passwd" <<'P'
root:x:0:0:root:/root:/bin/sh
egm:x:1000:1000:EGM platform:/var/lib/egm:/bin/false
P
cat >"$root/etc/group" <<'P'
root:x:0:
egm:x:1000:
P
echo "egm-test" >"$root/etc/hostname"
: >"$root/etc/egm/lab" # this image may run the lab autoplay mode
# The lab's configuration, as `egm-lab powerfail`: handpays and gambles happen.
cat >"$root/etc/egm/lab.json" <<'P'
{"state_dir": "/var/lib/egm", "handpay_limit_cents": 20000, "gamble": {"enabled": true, "max_attempts": 5, "max_win": 20000}}
P
archive() { (cd "$1" && find . -print0 | LC_ALL=C sort -z | cpio --null -o -H newc --owner=0:0 --quiet) | gzip -6; }
archive "$root" >"$out/initrd.cpio.gz"

# The test kit's archive (image/testkit): egm-testkit, static for arm64 and pure
# Go, its init script and screen program, and its modules: evdev
# (/dev/input/event*), uinput (its doors and deck) and virtio_console (its
# control channel), loaded after the board's (its load list replaces the
# first). Debian's kernel has no uleds (CONFIG_LEDS_USER is off): the kit's
# lamps are its deck's LEDs, which the built-in input-leds handler puts in the
# LED class.
kitroot=$out/root-testkit
rm -rf "$kitroot"
mkdir -p "$kitroot/usr/bin"
(cd "$repo" && CGO_ENABLED=0 GOOS=linux GOARCH=arm64 GOARM64=v8.0 GOFLAGS= \
	GOTOOLCHAIN="${GO_RELEASE:-go1.26.8}" $GO build -trimpath -buildvcs=false \
	-ldflags "-s -w" -o "$kitroot/usr/bin/egm-testkit" ./image/testkit)
cp -a "$here/testkit/overlay/." "$kitroot/"
kitmods="evdev uinput virtio_console"
modules "$kitroot" $kitmods
printf '%s\n' $mods $kitmods >"$kitroot/lib/modules/egm/load"
archive "$kitroot" >"$out/testkit.cpio.gz"
cat "$out/initrd.cpio.gz" "$out/testkit.cpio.gz" >"$out/initrd-testkit.cpio.gz"
rm -f "$out/testkit.cpio.gz"

# /var/lib/egm: an empty ext4 file system owned by egm, with a journal
# (data-empty.img, which the power-cut campaign copies); data.img, make boot's,
# is kept when it exists (the machine's meters live there), anew with FRESH=1.
rm -f "$out/data-empty.img"
mkfs.ext4 -q -F -L egm-data -E root_owner=1000:1000 -O has_journal "$out/data-empty.img" 64M
[ "${FRESH:-}" = 1 ] && rm -f "$out/data.img"
[ -f "$out/data.img" ] || cp --sparse=always "$out/data-empty.img" "$out/data.img"
echo "image: $out/vmlinuz ($kver), $out/initrd.cpio.gz ($(du -k "$out/initrd.cpio.gz" | cut -f1) KiB; with the test kit $(du -k "$out/initrd-testkit.cpio.gz" | cut -f1) KiB), $out/data.img"
