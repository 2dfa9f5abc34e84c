package script

import (
	"strings"
	"testing"

	"egm/tables/play"
)

// The table commands: a table game's id, a chip in whole euros, a decision by
// its name; anything else fails at its line before the script runs.
func TestParseTables(t *testing.T) {
	s, err := Parse(strings.NewReader("table blackjack\nchip 500\nbet 21+3\nclear\ndeal\nwait idle\ndecide double\nlobby\n"), "t")
	if err != nil {
		t.Fatal(err)
	}
	if len(s.Cmds) != 8 || play.KindOf(s.Cmds[0].Arg) != play.KindBlackjack || s.Cmds[1].Cents != 500 || s.Cmds[2].Arg != "21+3" || s.Cmds[6].Arg != "double" {
		t.Fatalf("%+v", s.Cmds)
	}
	for _, bad := range []string{"table baccarat", "chip 150", "chip five", "decide surrender", "deal now", "bet", "lobby 1"} {
		if _, err := Parse(strings.NewReader(bad+"\n"), "t"); err == nil || !strings.Contains(err.Error(), "t:1:") {
			t.Errorf("%q: %v", bad, err)
		}
	}
}
