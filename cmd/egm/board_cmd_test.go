package main

import (
	"bytes"
	"strings"
	"testing"
)

// `egm-lab board-powerfail` checks its flags, and says what to build when the
// test image is missing (the campaign itself runs in make boot-test).
func TestLabBoardPowerfailFlags(t *testing.T) {
	for _, tc := range []struct {
		args []string
		code int
		want string
	}{
		{[]string{"egm-lab", "board-powerfail", "--cuts", "0"}, 2, "--cuts must be at least 1"},
		{[]string{"egm-lab", "board-powerfail", "--max-up", "0s"}, 2, "--max-up positive"},
		{[]string{"egm-lab", "board-powerfail", "--cuts", "1", "--image", t.TempDir(), "--boot", "/nonexistent/boot.sh", "--dir", t.TempDir()}, 1, "make image"},
	} {
		var out, errOut bytes.Buffer
		code := runProgram(tc.args, &out, &errOut)
		if code != tc.code || !strings.Contains(out.String()+errOut.String(), tc.want) {
			t.Errorf("%v: exit %d, %q %q; want %d and %q", tc.args, code, out.String(), errOut.String(), tc.code, tc.want)
		}
	}
}
