package sound

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
)

// List writes every cue with its length, one a line (`egm sounds`); with wavDir
// not "" it writes each cue there as a WAV file too (Cue-name.wav) and names the
// file on its line. The cabinet plays the cues from memory: nothing reads them
// back from disk.
func List(w io.Writer, wavDir string) error {
	if wavDir != "" {
		if err := os.MkdirAll(wavDir, 0o755); err != nil {
			return fmt.Errorf("sound: %w", err)
		}
	}
	for _, c := range All() {
		d, err := Duration(c)
		if err != nil {
			return err
		}
		loop := ""
		if c.Loops() {
			loop = " (loop)"
		}
		line := fmt.Sprintf("%-16s %5.2f s%s", c, d, loop)
		if wavDir != "" {
			b, err := WAV(c)
			if err != nil {
				return err
			}
			p := filepath.Join(wavDir, strings.ReplaceAll(c.String(), " ", "-")+".wav")
			if err := os.WriteFile(p, b, 0o644); err != nil {
				return fmt.Errorf("sound: %w", err)
			}
			line += "  " + p
		}
		fmt.Fprintln(w, line)
	}
	return nil
}
