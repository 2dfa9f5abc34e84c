package cabinet

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// LEDs writes lamps through the LED class: DIR/NAME/brightness, "0" for off and
// the LED's max_brightness for on.
type LEDs struct {
	Dir string // "": /sys/class/leds
	max map[string]string
}

func (l *LEDs) dir() string {
	if l.Dir == "" {
		return "/sys/class/leds"
	}
	return l.Dir
}

// Check says whether every LED of the wiring is there.
func (l *LEDs) Check(lamps []Lamp) error {
	var missing []string
	for _, lp := range lamps {
		if _, err := os.Stat(filepath.Join(l.dir(), lp.LED, "brightness")); err != nil {
			missing = append(missing, fmt.Sprintf("%s (%s)", lp.LED, lp.Name))
		}
	}
	if len(missing) > 0 {
		return fmt.Errorf("cabinet: no LED %s in %s", strings.Join(missing, ", "), l.dir())
	}
	return nil
}

// Set lights or darkens one LED.
func (l *LEDs) Set(led string, on bool) error {
	v := "0"
	if on {
		v = l.maxOf(led)
	}
	if err := os.WriteFile(filepath.Join(l.dir(), led, "brightness"), []byte(v+"\n"), 0o644); err != nil {
		return fmt.Errorf("cabinet: lamp %s: %w", led, err)
	}
	return nil
}

// Get reads one LED's brightness (on: above 0).
func (l *LEDs) Get(led string) (bool, error) {
	b, err := os.ReadFile(filepath.Join(l.dir(), led, "brightness"))
	if err != nil {
		return false, fmt.Errorf("cabinet: lamp %s: %w", led, err)
	}
	n, err := strconv.Atoi(strings.TrimSpace(string(b)))
	if err != nil {
		return false, fmt.Errorf("cabinet: lamp %s: brightness %q", led, strings.TrimSpace(string(b)))
	}
	return n > 0, nil
}

func (l *LEDs) maxOf(led string) string {
	if v, ok := l.max[led]; ok {
		return v
	}
	v := "1"
	if b, err := os.ReadFile(filepath.Join(l.dir(), led, "max_brightness")); err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(b))); err == nil && n > 0 {
			v = strconv.Itoa(n)
		}
	}
	if l.max == nil {
		l.max = map[string]string{}
	}
	l.max[led] = v
	return v
}
