// Package board is the lab's campaigns on the emulated board: the test image
// (image/, `make image`) booted in QEMU, watched over SAS and its data disk read
// after the run.
//
// It owns Powerfail (powerfail.go, `egm-lab board-powerfail`): the image's power
// cut by SIGKILL of the emulator at random instants, the data disk checked after
// every cut with lab/campaign's PowerfailChecker (the disk as the next boot finds
// it, its journal replayed by e2fsck), no meter the floor had read over SAS gone
// back, the resumed game's outcome unchanged, and a linked floor paying the
// board's Grand and Major hits meanwhile (floor.go); and Doors (doors*.go,
// `egm-lab board-doors`): the image with its test kit (internal/testkit), the
// screen killed while the doors open and close, every opening read over SAS and
// found counted and logged on the data disk, the lamps following the machine.
// Each returns its report (PowerfailReport, DoorsReport) with Print; progress
// goes to a campaign.Progress; the options' Context stops a run (the board's
// power is cut).
//
// It must not touch lab/checklist (nothing here is an item of `egm-lab all`) or
// the machine's code in the image: it drives the board only as a test lab would,
// through the emulator's power, the kit's control channel and SAS, and reads the
// data disk only after the power is off.
package board
