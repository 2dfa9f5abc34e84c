package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"egm/lab"
)

// TestLabTablesCommand: `egm-lab tables` refuses bad flags with exit 2, and a short
// run of one game prints its bets as JSON (exit 0) or as the text table.
func TestLabTablesCommand(t *testing.T) {
	tests := []struct {
		args []string
		code int
		want string // in stdout (or stderr for exit 2)
	}{
		{[]string{"egm-lab", "tables", "--rounds", "10"}, 2, "--rounds must be at least 1000"},
		{[]string{"egm-lab", "tables", "--game", "baccarat"}, 2, `no table game "baccarat"`},
		{[]string{"egm-lab", "tables", "--rounds", "2000", "--game", "ultimate-texas-holdem"}, 0, "Trips"},
		{[]string{"egm-lab", "tables", "--rounds", "2000", "--game", "three-card-poker", "--json"}, 0, `"measured_edge"`},
	}
	for _, tc := range tests {
		var out, errOut bytes.Buffer
		code := runProgram(tc.args, &out, &errOut)
		got := out.String()
		if tc.code == 2 {
			got = errOut.String()
		}
		if code != tc.code || !strings.Contains(got, tc.want) {
			t.Errorf("%v: exit %d (want %d), output %q; stderr %s", tc.args, code, tc.code, got, errOut.String())
			continue
		}
		if strings.Contains(strings.Join(tc.args, " "), "--json") {
			var reps []lab.TablesSimReport
			if err := json.Unmarshal(out.Bytes(), &reps); err != nil || len(reps) != 1 || len(reps[0].Bets) != 3 || reps[0].Bets[0].N != 2000 {
				t.Errorf("JSON: %v, %+v", err, reps)
			}
		}
	}
}
