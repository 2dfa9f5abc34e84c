package labcli

import (
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"

	"egm/internal/cli"
	"egm/lab/campaign"
)

// prog is egm-lab: its commands' usage lines and messages carry its name.
var prog = cli.Program{Name: "egm-lab"}

// Lab is the program egm-lab. Programs gives the machine's programs its
// campaigns run as children; nil finds them as a lab installs them (programs).
type Lab struct {
	Programs func() (campaign.Egm, error)
}

// Run runs `egm-lab ARGS…` as installed and returns the exit code.
func Run(args []string, stdout, stderr io.Writer) int { return Lab{}.Run(args, stdout, stderr) }

// Run runs `egm-lab ARGS…` and returns the exit code.
func (l Lab) Run(args []string, stdout, stderr io.Writer) int {
	return prog.Main(l.commands(), args, stdout, stderr)
}

// commands are egm-lab's: the checklist's checks and campaigns, the simulations
// and the PAR sheets.
func (l Lab) commands() map[string]cli.Command {
	return map[string]cli.Command{
		"rng-stream":      {Summary: "raw DRBG output to stdout (for dieharder -g 200, ent)", Run: cmdLabRNGStream},
		"rng":             {Summary: "statistical battery on raw and scaled RNG output", Run: cmdLabRNG},
		"rtp":             {Summary: "simulate every title through Play and check each exact RTP", Run: cmdLabRTP},
		"jackpot-rtp":     {Summary: "linked play of several machines at the maximum bet: the measured jackpot return against the PAR's, with its confidence interval", Run: cmdLabJackpotRTP},
		"tables":          {Summary: "deal every bet of the table games through the machine's round engine (seeded) against each exact house edge", Run: cmdLabTables},
		"sim":             {Summary: "simulate a title through Play and check the exact RTP", Run: cmdSim},
		"par":             {Summary: "a title's or a table game's exact PAR sheet (--title ID | --all | --tables) [--json|--html]", Run: cmdPar},
		"all":             {Summary: "the whole lab checklist (17 items and the table games): report.html with plots, PAR sheets and hashes, summary.json", Run: l.all},
		"powerfail":       {Summary: "kill -9 the headless machine at random instants; check critical memory after each restart", Run: l.powerfail},
		"aft-powerfail":   {Summary: "kill -9 a machine moving money by AFT at random instants; reconcile after each restart", Run: l.aftPowerfail},
		"wallet-faults":   {Summary: "kill -9 the machine and the floor at random instants of wallet transfers; the money must stay whole", Run: l.walletFaults},
		"floor-load":      {Summary: "machines on several floor hosts on one PostgreSQL, a floor host killed and PostgreSQL restarted; poll cycle, rates, money, contributions, AFT and register checked", Run: l.floorLoad},
		"jackpot-faults":  {Summary: "machines, the floor and its jackpot controller on loopback, kill -9 at random instants; every award paid once, meters reconciled to the cent", Run: l.jackpotFaults},
		"board-powerfail": {Summary: "boot the test image (make image) in QEMU with autoplay, cut its power at random instants; check the disk and SAS after each cut", Run: l.boardPowerfail},
		"board-doors":     {Summary: "boot the test image (make image) with its test kit; kill the screen again and again, open and close doors meanwhile; every opening seen over SAS, counted and logged", Run: l.boardDoors},
	}
}

// programs are the campaigns' children: l.Programs, else egm and egm-floor beside
// this program (a build tree, an installed lab), else on PATH, and this program
// itself for the lab's child modes.
func (l Lab) programs() (campaign.Egm, error) {
	if l.Programs != nil {
		return l.Programs()
	}
	self, err := os.Executable()
	if err != nil {
		return campaign.Egm{}, fmt.Errorf("egm-lab: where is this program: %w", err)
	}
	find := func(name string) (string, error) {
		beside := filepath.Join(filepath.Dir(self), name)
		if st, err := os.Stat(beside); err == nil && !st.IsDir() {
			return beside, nil
		}
		if p, err := exec.LookPath(name); err == nil {
			return p, nil
		}
		return "", fmt.Errorf("egm-lab: the campaign runs %s, which is neither beside %s nor on PATH (make build puts the three programs side by side)", name, self)
	}
	egm, err := find("egm")
	if err != nil {
		return campaign.Egm{}, err
	}
	floor, err := find("egm-floor")
	if err != nil {
		return campaign.Egm{}, err
	}
	return campaign.Egm{Path: egm, Lab: campaign.Program{Path: self}, Floor: campaign.Program{Path: floor}}, nil
}
