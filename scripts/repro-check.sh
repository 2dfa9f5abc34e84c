#!/usr/bin/env bash
# make repro-check: the cabinet's platform builds are reproducible. Two clean
# clones of this repository's HEAD, at two different paths (different lengths
# and depths) and each with a Go build cache of its own, build egm-arm64 and
# egm-armv7 with `make cross-platform`; the SHA-256 of each pair must agree.
# Only the module cache is shared (its files are checked against go.sum).
# Prints the hashes and the time taken; exit 1 if a pair differs.
#   KEEP=1    keep the clones (the directory is printed)
#   SHARED_CACHE=1  use the usual Go build cache (faster; a weaker check)
set -euo pipefail
repo=$(git rev-parse --show-toplevel)
head=$(git -C "$repo" rev-parse HEAD)
if [ -n "$(git -C "$repo" status --porcelain --untracked-files=no)" ]; then
	echo "repro-check: the work tree has uncommitted changes; checking the commit HEAD ($head) only"
fi
work=$(mktemp -d "${TMPDIR:-/tmp}/egm-repro.XXXXXX")
if [ "${KEEP:-}" = 1 ]; then echo "repro-check: clones kept in $work"; else trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT; fi
clones=("$work/a" "$work/second-clone/at/another/depth/egm")
start=$(date +%s)
i=0
for d in "${clones[@]}"; do
	i=$((i + 1))
	mkdir -p "$d"
	git -C "$d" init -q
	git -C "$d" fetch -q --tags "$repo" HEAD
	git -C "$d" checkout -q --detach FETCH_HEAD
	cache=$work/gocache-$i
	[ "${SHARED_CACHE:-}" = 1 ] && cache=$(go env GOCACHE)
	t0=$(date +%s)
	echo "repro-check: building clone $i in $d"
	GOCACHE=$cache make -C "$d" --no-print-directory -s cross-platform
	echo "repro-check: clone $i built in $(($(date +%s) - t0)) s"
done
status=0
for bin in egm-arm64 egm-armv7; do
	h1=$(sha256sum "${clones[0]}/$bin" | cut -d' ' -f1)
	h2=$(sha256sum "${clones[1]}/$bin" | cut -d' ' -f1)
	if [ "$h1" = "$h2" ]; then
		echo "repro-check: $bin identical: sha256 $h1 ($(stat -c %s "${clones[0]}/$bin") bytes)"
	else
		echo "repro-check: $bin DIFFERS: $h1 (clone 1) and $h2 (clone 2)"
		status=1
	fi
done
echo "repro-check: commit $head, $(go version | cut -d' ' -f3-), $(($(date +%s) - start)) s in all"
[ $status = 0 ] || echo "repro-check: FAILED: compare the two with \`go version -m\` and diffoscope (KEEP=1 keeps them)"
exit $status
