package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"golang.org/x/sys/unix"

	"egm/internal/testkit"
)

// serve makes the devices, writes the wiring file and answers the host.
func serve(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("egm-testkit serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	port := fs.String("port", "egm.testkit", "the virtio-serial port's name (image/boot.sh's DOORS_PORT)")
	dir := fs.String("run", runDir, "the wiring file's and the screen's status file's directory")
	owner := fs.String("user", "egm", "the platform's user: it reads the devices and writes the lamps")
	if err := fs.Parse(args); err != nil {
		return 2
	}
	say := func(format string, a ...any) { fmt.Fprintf(stdout, "egm-testkit: "+format+"\n", a...) }
	failed := func(err error) int { fmt.Fprintf(stderr, "egm-testkit: %v\n", err); return 1 }
	uid, gid, err := ids(*owner)
	if err != nil {
		return failed(err)
	}
	if err := os.MkdirAll(*dir, 0o755); err != nil {
		return failed(err)
	}
	if err := os.Chown(*dir, uid, gid); err != nil {
		return failed(err)
	}
	sw, err := testkit.CreateUinput(testkit.SwitchesName, testkit.SwitchCodes())
	if err != nil {
		return failed(err)
	}
	deck, err := testkit.CreateUinput(testkit.DeckName, testkit.DeckCodes())
	if err != nil {
		return failed(err)
	}
	var nodes []string
	for _, u := range []*testkit.Uinput{sw, deck} {
		node, err := u.EventNode()
		if err == nil {
			err = errors.Join(os.Chown(node, uid, gid), os.Chmod(node, 0o640))
		}
		if err != nil {
			return failed(err)
		}
		nodes = append(nodes, fmt.Sprintf("%s %s (%s)", u.Name, u.Sysname, node))
	}
	// The lamps: the deck's LEDs as input-leds made them. A keyboard LED's
	// default trigger (kbd-numlock …) would drive it from the console's
	// keyboard state: none, so that only the platform writes them.
	for _, lamp := range testkit.Lamps() {
		led, _ := testkit.LEDName(deck.Sysname, lamp)
		d := filepath.Join("/sys/class/leds", led)
		if err := os.WriteFile(filepath.Join(d, "trigger"), []byte("none"), 0); err != nil {
			return failed(fmt.Errorf("lamp %s: %w", lamp, err))
		}
		if err := os.Chown(filepath.Join(d, "brightness"), uid, gid); err != nil {
			return failed(fmt.Errorf("lamp %s: %w", lamp, err))
		}
	}
	wiring, err := testkit.WiringJSON(deck.Sysname)
	if err != nil {
		return failed(err)
	}
	wpath := filepath.Join(*dir, "wiring.json")
	if err := os.WriteFile(wpath+".new", wiring, 0o644); err != nil {
		return failed(err)
	}
	if err := os.Rename(wpath+".new", wpath); err != nil {
		return failed(err)
	}
	kit := &testkit.Kit{Switches: sw, Deck: deck, DeckSys: deck.Sysname, RunDir: *dir,
		Kill:     func(pid int) error { return unix.Kill(pid, unix.SIGKILL) },
		Poweroff: func() error { return exec.Command("/sbin/poweroff").Run() }}
	go func() {
		if err := deck.ReadLEDs(kit.LEDEvent); err != nil {
			fmt.Fprintf(stderr, "egm-testkit: the deck's lamps: %v\n", err)
		}
	}()
	dev, err := portDevice("/sys/class/virtio-ports", *port)
	if err != nil {
		return failed(err)
	}
	say("%s; %d lamps; wiring %s; commands on %s", strings.Join(nodes, ", "), len(testkit.Lamps()), wpath, dev)
	for {
		f, err := os.OpenFile(dev, os.O_RDWR, 0)
		if err != nil {
			return failed(err)
		}
		// A virtio-serial port reads end-of-file while the host's end is not
		// connected: open it again a little later.
		if err := kit.Serve(f, f); err != nil {
			fmt.Fprintf(stderr, "egm-testkit: %v\n", err)
		}
		f.Close()
		time.Sleep(250 * time.Millisecond)
	}
}

// ids are the user's uid and gid.
func ids(name string) (int, int, error) {
	u, err := user.Lookup(name)
	if err != nil {
		return 0, 0, fmt.Errorf("the platform's user: %w", err)
	}
	uid, err1 := strconv.Atoi(u.Uid)
	gid, err2 := strconv.Atoi(u.Gid)
	if err := errors.Join(err1, err2); err != nil {
		return 0, 0, fmt.Errorf("the platform's user %s: %w", name, err)
	}
	return uid, gid, nil
}

// portDevice is the device of the virtio-serial port named name
// (/sys/class/virtio-ports/vportNpM/name).
func portDevice(class, name string) (string, error) {
	var seen []string
	for range 50 { // the port appears once virtio_console has probed
		m, _ := filepath.Glob(filepath.Join(class, "*", "name"))
		seen = seen[:0]
		for _, f := range m {
			b, err := os.ReadFile(f)
			if err != nil {
				continue
			}
			n := strings.TrimSpace(string(b))
			if n == name {
				return filepath.Join("/dev", filepath.Base(filepath.Dir(f))), nil
			}
			seen = append(seen, n)
		}
		time.Sleep(100 * time.Millisecond)
	}
	return "", fmt.Errorf("no virtio-serial port named %q (there are %q; image/boot.sh adds it when DOORS_PORT is set)", name, seen)
}
