package verify

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// Entry is one file of the program set: Path as the cabinet names it (what the
// listing shows and the order sorts), Disk where it is read.
type Entry struct {
	Path string
	Disk string
}

// The board's program set, relative to its root: what image/build.sh and
// buildroot/ (package/egm, board/egm/rootfs-overlay, common/post-build.sh)
// install. A board is a root that has BoardMarker.
const BoardMarker = "usr/libexec/egm/egm-service"

// boardRequired must all be there: the platform and the overlay's init,
// services and udev rule (the overlay's every file; a test holds the two equal).
var boardRequired = []string{
	"etc/egm/README",
	"etc/init.d/S01egm-modules",
	"etc/init.d/S20egm-data",
	"etc/init.d/S21egm-sas",
	"etc/init.d/rcS",
	"etc/inittab",
	"etc/udev/rules.d/70-egm-sas.rules",
	"usr/bin/egm",
	"usr/libexec/egm/egm-service",
	"usr/libexec/egm/egm-stop",
}

// boardOptional are in the set when present: the screen (Buildroot's image has
// it, the test image does not) and the board's own SAS udev rule (Buildroot).
var boardOptional = []string{
	"etc/udev/rules.d/99-egm-sas.rules",
	"usr/bin/egm-screen",
}

// boardDirs are in the set with every file under them: the configuration
// (/etc/egm: the wiring file, the test image's lab marker and lab.json), the
// services and the test image's kernel modules.
var boardDirs = []string{"etc/egm", "lib/modules/egm", "usr/libexec/egm"}

// IsBoard says whether root is a board's root file system.
func IsBoard(root string) bool {
	_, err := os.Stat(filepath.Join(root, BoardMarker))
	return err == nil
}

// Board lists the program set of the board whose root file system is root,
// sorted by cabinet path (byte order). Every required file missing is named.
func Board(root string) ([]Entry, error) {
	if !IsBoard(root) {
		return nil, fmt.Errorf("verify: %s is not a board's root file system (no %s)", root, BoardMarker)
	}
	seen := map[string]bool{}
	var out []Entry
	add := func(rel string) {
		if !seen[rel] {
			seen[rel] = true
			out = append(out, Entry{Path: "/" + rel, Disk: filepath.Join(root, filepath.FromSlash(rel))})
		}
	}
	var errs []error
	for _, rel := range boardRequired {
		if _, err := os.Stat(filepath.Join(root, rel)); err != nil {
			errs = append(errs, fmt.Errorf("verify: /%s of the program set is missing or unreadable under %s: %w", rel, root, err))
			continue
		}
		add(rel)
	}
	for _, rel := range boardOptional {
		if _, err := os.Lstat(filepath.Join(root, rel)); err == nil {
			add(rel)
		}
	}
	for _, dir := range boardDirs {
		base := filepath.Join(root, dir)
		err := filepath.WalkDir(base, func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				if errors.Is(err, fs.ErrNotExist) && p == base {
					return fs.SkipDir
				}
				return err
			}
			if d.IsDir() {
				return nil
			}
			rel, err := filepath.Rel(root, p)
			if err != nil {
				return err
			}
			add(filepath.ToSlash(rel))
			return nil
		})
		if err != nil {
			errs = append(errs, fmt.Errorf("verify: list /%s under %s: %w", dir, root, err))
		}
	}
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	sortEntries(out)
	return out, nil
}

// Beside lists the program set of a development or packaged install: the
// platform program exe and the screen, egm-screen, beside it (both required),
// by absolute path, sorted.
func Beside(exe string) ([]Entry, error) {
	abs, err := filepath.Abs(exe)
	if err != nil {
		return nil, fmt.Errorf("verify: %w", err)
	}
	screen := filepath.Join(filepath.Dir(abs), "egm-screen")
	if _, err := os.Stat(screen); err != nil {
		return nil, fmt.Errorf("verify: the screen program is not beside the platform (%s): %w (make build builds both)", screen, err)
	}
	out := []Entry{{Path: abs, Disk: abs}, {Path: screen, Disk: screen}}
	sortEntries(out)
	return out, nil
}

// Files is an explicit list, in the order given (a lab's own selection).
func Files(paths []string) []Entry {
	out := make([]Entry, len(paths))
	for i, p := range paths {
		out[i] = Entry{Path: p, Disk: p}
	}
	return out
}

// sortEntries puts the set in the signature's order: by cabinet path, byte order
// (as `LC_ALL=C sort` does).
func sortEntries(es []Entry) {
	sort.Slice(es, func(i, j int) bool { return strings.Compare(es[i].Path, es[j].Path) < 0 })
}
