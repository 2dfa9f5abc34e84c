package labcli

import (
	"io"
	"time"

	"egm/lab/board"
	"egm/lab/campaign"
)

// boardPowerfail is the board power-cut campaign (board.Powerfail): the
// test image booted in QEMU with the lab autoplay mode, its power cut by SIGKILL
// of the emulator, the data disk and the SAS line checked after every cut.
func (l Lab) boardPowerfail(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("board-powerfail", "board-powerfail --cuts N [--image DIR] [--boot SCRIPT] [--dir DIR] [--seed S] [--max-up D] [--json]", stderr)
	cuts := fs.Int("cuts", 100, "number of power cuts (each followed by a boot; one more boot after the last)")
	image := fs.String("image", "image/out", "the test image `make image` built (vmlinuz, initrd.cpio.gz, data-empty.img: the fresh data disk, copied)")
	boot := fs.String("boot", "image/boot.sh", "the script that boots the image in QEMU (make boot's)")
	dir := fs.String("dir", "", "working directory (default: a new temporary one, removed after a clean run)")
	seed := fs.Uint64("seed", 1, "seed of the cut instants")
	maxUp := fs.Duration("max-up", 8*time.Second, "a cut falls at a random instant up to this long after SAS first answers")
	bootTimeout := fs.Duration("boot-timeout", 3*time.Minute, "longest wait from power-on to SAS answering")
	asJSON := fs.Bool("json", false, "JSON summary")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *cuts < 1 || *maxUp <= 0 {
		return prog.BadUsage(fs, "--cuts must be at least 1 and --max-up positive")
	}
	c := &killFlags{Kills: cuts, Dir: dir, prefix: "board-powerfail"}
	return c.run(stdout, stderr, "power cuts", *asJSON, func(egm campaign.Egm, d string, p func(int)) (any, func(io.Writer), bool, error) {
		rep, err := board.Powerfail(board.PowerfailOptions{Boot: *boot, Image: *image, Dir: d, Cuts: *cuts,
			Seed: *seed, MaxUp: *maxUp, BootTimeout: *bootTimeout, Progress: p, Context: egm.Context})
		// A short run may see no cut inside a game (Print says so): only a
		// violation or a game never resumed fails it.
		return rep, rep.Print, len(rep.Violations) == 0 && rep.Unverified == 0, err
	})
}
