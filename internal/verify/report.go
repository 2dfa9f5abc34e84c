package verify

import (
	"errors"
	"fmt"
)

// File is one file's line of the listing.
type File struct {
	Path string `json:"path"`
	Sum
}

// Report is the program set's listing: every file's digests in the set's order,
// and the set's: SHA-256 and HMAC-SHA1 over the files' bytes concatenated in
// that order (no names, no separators: `cat` of the files in order, piped to
// sha256sum or `openssl dgst -sha1 -hmac SEED`).
type Report struct {
	Files []File `json:"files"`
	Set   Sum    `json:"set"`
}

// Compute reads every file of es once. A file missing, unreadable or not a
// regular file is an error naming it; every such file is named, and no partial
// listing is returned.
func Compute(es []Entry, seed Seed) (Report, error) {
	if len(es) == 0 {
		return Report{}, errors.New("verify: no files to verify")
	}
	set := newSummer(seed)
	rep := Report{Files: make([]File, 0, len(es))}
	var errs []error
	for _, e := range es {
		s, err := hashFile(e.Disk, seed, set)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		rep.Files = append(rep.Files, File{Path: e.Path, Sum: s})
	}
	if len(errs) > 0 {
		return Report{}, fmt.Errorf("verify: %d of %d files could not be read: %w", len(errs), len(es), errors.Join(errs...))
	}
	rep.Set = set.sum()
	return rep, nil
}
