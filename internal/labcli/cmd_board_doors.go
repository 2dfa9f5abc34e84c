package labcli

import (
	"io"
	"time"

	"egm/lab/board"
	"egm/lab/campaign"
)

// boardDoors is the board door campaign (board.Doors): the test image
// booted in QEMU with its test kit, the headless screen killed again and again,
// doors opened and closed while no screen is connected and once it is back;
// every opening seen over SAS, counted and logged.
func (l Lab) boardDoors(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("board-doors", "board-doors [--kills N] [--openings M] [--image DIR] [--boot SCRIPT] [--dir DIR] [--screen-backoff D] [--json]", stderr)
	kills := fs.Int("kills", 10, "screen kills (SIGKILL of the test kit's headless screen; the platform's supervisor restarts it)")
	openings := fs.Int("openings", 50, "door openings, spread over the kills (at least one each with no screen) and the three doors")
	image := fs.String("image", "image/out", "the test image `make image` built (vmlinuz, initrd.cpio.gz, data-empty.img: the fresh data disk, copied)")
	boot := fs.String("boot", "image/boot.sh", "the script that boots the image in QEMU (make boot's)")
	dir := fs.String("dir", "", "working directory (default: a new temporary one, removed after a clean run)")
	backoff := fs.Duration("screen-backoff", 5*time.Second, "the platform's screen restart back-off: how long the killed screen has no process (the restarted one waits, unconnected, until the campaign releases it)")
	bootTimeout := fs.Duration("boot-timeout", 3*time.Minute, "longest wait from power-on to SAS and the test kit answering")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *kills < 1 || *openings < *kills || *backoff <= 0 {
		return prog.BadUsage(fs, "--kills must be at least 1, --openings at least --kills, --screen-backoff positive")
	}
	c := &killFlags{Kills: kills, Dir: dir, prefix: "board-doors"}
	return c.run(stdout, stderr, "screen kills", *asJSON, func(egm campaign.Egm, d string, p func(int)) (any, func(io.Writer), bool, error) {
		rep, err := board.Doors(board.DoorsOptions{Boot: *boot, Image: *image, Dir: d, Kills: *kills, Openings: *openings,
			ScreenBackoff: *backoff, BootTimeout: *bootTimeout, Progress: p, Context: egm.Context})
		return rep, rep.Print, rep.Clean(), err
	})
}
