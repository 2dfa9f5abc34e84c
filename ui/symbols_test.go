//go:build cgo && !noscreen

package ui

import (
	"strings"
	"testing"

	"egm/games"
	"egm/reels"
	"egm/ui/internal/slotscene"
)

// A wild's or scatter's caption says what the symbol does, unless its name
// already does: no symbol reads the same word twice.
func TestRoleCaption(t *testing.T) {
	for _, c := range []struct{ name, role, want string }{
		{"WILD", "WILD", ""},
		{"wild", "WILD", ""},
		{"GOLDEN WILD", "WILD", ""},
		{"WILD-7", "WILD", ""},
		{"BOOK", "WILD", "WILD"},
		{"WILDCAT", "WILD", "WILD"}, // a word of its own, not a wild said twice
		{"SECRET", "SCATTER", "SCATTER"},
		{"SCATTER", "SCATTER", ""},
	} {
		if got := slotscene.RoleCaption(c.name, c.role); got != c.want {
			t.Errorf("roleCaption(%q, %q) = %q, want %q", c.name, c.role, got, c.want)
		}
	}
	titles, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range titles {
		for _, s := range ti.Spec.Reels.Symbols {
			role := map[reels.Kind]string{reels.Wild: "WILD", reels.Scatter: "SCATTER"}[s.Kind]
			if role == "" {
				continue
			}
			words := strings.Fields(strings.ToUpper(s.Name) + " " + slotscene.RoleCaption(s.Name, role))
			seen := map[string]bool{}
			for _, w := range words {
				if seen[w] {
					t.Errorf("%s: the %s symbol reads %q twice (%q)", ti.Spec.ID, role, w, strings.Join(words, " / "))
				}
				seen[w] = true
			}
		}
	}
}
