package checklist

import (
	"context"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"egm/floor"
	"egm/lab"
	"egm/lab/campaign"
	"egm/machine"
	"egm/machine/saslink"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// Cashless (15), the floor link (16) and program integrity (17).

func itemCashless(a *allRun, r *ItemResult) error {
	var l *campaign.AFTLedger
	err := a.campaign(r, "aft-powerfail", "AFT kills", a.sc.AFTKills, func(dir string, p campaign.Progress) (bool, error) {
		var err error
		l, err = campaign.AFTPowerfail(campaign.AFTPowerfailOptions{Egm: a.o.Egm, Kills: a.sc.AFTKills, Dir: dir, Seed: a.o.Seed, MaxTransfers: 3, MaxDelay: time.Duration(a.sc.CampaignMaxDelay), Progress: p})
		return true, err
	})
	seen := 0
	var in, out int64
	if l != nil {
		seen, in, out = l.Seen, l.In, l.Out
	}
	r.check("AFT under kill -9", err == nil && seen > 0, "%d kills: %d transfers complete, each id once, in %s, out %s; credits, AFT meters and the history reconciled after every restart: %s",
		a.sc.AFTKills, seen, lab.Euros(in), lab.Euros(out), errOrOK(err))
	var wr campaign.WalletFaultsReport
	werr := a.campaign(r, "wallet-faults", "wallet faults", a.sc.WalletKills, func(dir string, p campaign.Progress) (bool, error) {
		var err error
		wr, err = campaign.WalletFaults(campaign.WalletFaultsOptions{Egm: a.o.Egm, Kills: a.sc.WalletKills, Dir: dir, Seed: a.o.Seed, Progress: p})
		return len(wr.Violations) == 0, err
	})
	r.check("wallet transfers under faults", werr == nil && len(wr.Violations) == 0 && wr.Reconciled > 0,
		"%d faults (%d machine kills, %d floor kills, %d link cuts): %d cash-ins, %d cash-outs, %d left pending and resolved, %d reconciliations: %s",
		wr.Kills, wr.MachineKills, wr.FloorKills, wr.LinkCuts, wr.CashIns, wr.CashOuts, wr.Pending, wr.Reconciled, firstOr(append(wr.Violations, errStrings(werr)...), "no money lost or duplicated"))
	r.table("cashless campaigns", []string{"campaign", "faults", "transfers", "money", "result"}, [][]string{
		{"AFT (SAS long polls 72/74) kill -9", strconv.Itoa(a.sc.AFTKills), strconv.Itoa(seen), "in " + lab.Euros(in) + ", out " + lab.Euros(out), errOrOK(err)},
		{"wallet (floor ↔ machine) kill -9 and link cuts", strconv.Itoa(wr.Kills), strconv.Itoa(wr.CashIns + wr.CashOuts), "funded " + lab.Euros(wr.FundedCents) + ", wallets " + lab.Euros(wr.WalletsCents) + ", machine " + lab.Euros(wr.MachineCents), firstOr(wr.Violations, "reconciled")},
	})
	r.Summary = fmt.Sprintf("AFT: %d transfers over %d kills; wallet: %d transfers over %d faults; no loss or duplication", seen, a.sc.AFTKills, wr.CashIns+wr.CashOuts, wr.Kills)
	return nil
}

func errStrings(err error) []string {
	if err == nil {
		return nil
	}
	return []string{err.Error()}
}

// linked is a machine in process with its SAS bridge; link() connects a floor
// poller to it over a pipe, and the returned func cuts the link.
type linked struct {
	rg *rig
	b  *saslink.Bridge
}

func (l *linked) link() (*floor.Poller, func()) {
	x, y := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: l.b}}).Serve(ctx, x); close(done) }()
	// In process the reply is not on a wire: the host waits as long as a loaded
	// box takes to answer (SAS's 500 ms is a serial line's, not a scheduler's).
	return &floor.Poller{Addr: 1, Host: &sas.Host{Port: y, Timeout: 10 * time.Second}}, func() { cancel(); x.Close(); y.Close(); <-done }
}

func itemFloorLink(a *allRun, r *ItemResult) error {
	dir, done, err := tempDir("floor")
	if err != nil {
		return err
	}
	defer done()
	cfg := settings.DefaultConfig()
	cfg.Gamble.Enabled = false
	rg, err := newRig(dir, cfg, machine.Seeded{G: rng.NewSeeded(a.o.Seed + 160)})
	if err != nil {
		return err
	}
	defer func() { rg.close() }()
	prog := func() ([]byte, error) { return os.ReadFile(a.o.Egm.Path) }
	b, err := saslink.New(rg.m, "EGM-LAB", prog)
	if err != nil {
		return err
	}
	l := &linked{rg: rg, b: b}
	rg.m.Handle(machine.Input{Kind: machine.InTick})
	// The link is down: games, a door; the exceptions queue.
	const games = 12
	if err := rg.must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 20_000}); err != nil {
		return err
	}
	for i := 0; i < games; i++ {
		if err := rg.play(); err != nil {
			return err
		}
	}
	if err := rg.must(machine.Input{Kind: machine.InDoorOpen}); err != nil {
		return err
	}
	if err := rg.must(machine.Input{Kind: machine.InDoorClose}); err != nil {
		return err
	}
	// The link comes up: the host drains the queue and reads the meters.
	p, cut := l.link()
	ex, err := p.Drain(256, func() time.Time { return time.Time{} })
	if err != nil {
		cut()
		return err
	}
	queued := len(ex)
	seen := map[byte]int{}
	for _, e := range ex {
		seen[e.Code]++
	}
	r.check("exceptions queued while down, delivered later", seen[sas.ExGameStarted] == games && seen[sas.ExGameEnded] == games && seen[sas.ExSlotDoorOpen] == 1 && seen[sas.ExSlotDoorClosed] == 1,
		"%d exceptions drained after the link came up: %d game started, %d game ended, %d door open, %d door closed (want %d, %d, 1, 1)",
		len(ex), seen[sas.ExGameStarted], seen[sas.ExGameEnded], seen[sas.ExSlotDoorOpen], seen[sas.ExSlotDoorClosed], games, games)
	got, err := p.Meters()
	if err != nil {
		cut()
		return err
	}
	ms := rg.meters()
	want := floor.Meters{CoinIn: uint64(ms.Get(meters.CoinIn)), CurrentCredits: uint64(ms.Get(meters.CurrentCredits)), GamesPlayed: uint64(ms.Get(meters.GamesPlayed)),
		GamesWon: uint64(ms.Get(meters.GamesWon)), GamesLost: uint64(ms.Get(meters.GamesLost))}
	ok := got.CoinIn == want.CoinIn && got.CurrentCredits == want.CurrentCredits && got.GamesPlayed == want.GamesPlayed && got.GamesWon == want.GamesWon && got.GamesLost == want.GamesLost
	r.check("host meters equal the machine's", ok && got.GamesPlayed == games, "read over SAS: coin in %d, credits %d, games %d (won %d, lost %d); in critical memory (cents): %d, %d, %d (%d, %d)",
		got.CoinIn, got.CurrentCredits, got.GamesPlayed, got.GamesWon, got.GamesLost, want.CoinIn, want.CurrentCredits, want.GamesPlayed, want.GamesWon, want.GamesLost)
	r.table("meters: host against machine", []string{"meter", "read by the host (SAS)", "critical memory"}, [][]string{
		{"coin in", strconv.FormatUint(got.CoinIn, 10), strconv.FormatUint(want.CoinIn, 10)},
		{"current credits", strconv.FormatUint(got.CurrentCredits, 10), strconv.FormatUint(want.CurrentCredits, 10)},
		{"games played", strconv.FormatUint(got.GamesPlayed, 10), strconv.FormatUint(want.GamesPlayed, 10)},
		{"games won", strconv.FormatUint(got.GamesWon, 10), strconv.FormatUint(want.GamesWon, 10)},
		{"games lost", strconv.FormatUint(got.GamesLost, 10), strconv.FormatUint(want.GamesLost, 10)},
	})
	// Down again across a power cycle: a door opened while nobody polls survives
	// the restart and is delivered after it.
	cut()
	if err := rg.must(machine.Input{Kind: machine.InDoorOpen}); err != nil {
		return err
	}
	if err := rg.restart(); err != nil {
		return err
	}
	b2, err := saslink.New(rg.m, "EGM-LAB", prog)
	if err != nil {
		return err
	}
	l.b = b2
	p, cut = l.link()
	defer cut()
	ex, err = p.Drain(256, func() time.Time { return time.Time{} })
	if err != nil {
		return err
	}
	door := 0
	for _, e := range ex {
		if e.Code == sas.ExSlotDoorOpen {
			door++
		}
	}
	r.check("queued exceptions survive a power cycle", door == 1, "door opened with the link down, machine restarted: %d door-open exception delivered after the restart (%d in all)", door, len(ex))
	// Disable over the link stops play.
	if err := p.SetEnabled(false); err != nil {
		return err
	}
	disabled := rg.m.Status().Disabled
	if err := p.SetEnabled(true); err != nil {
		return err
	}
	r.check("host disable", disabled, "disable over SAS: the machine reports disabled %v", disabled)
	r.Summary = fmt.Sprintf("%d exceptions queued while the link was down delivered, one across a power cycle; host meters equal the machine's", queued)
	return nil
}

func itemIntegrity(a *allRun, r *ItemResult) error {
	prog, err := a.read(a.o.Egm.Path)
	if err != nil {
		return err
	}
	sum := sha256Hex(prog)
	// On request: `egm version` prints the SHA-256 the program computes of itself.
	out, err := a.o.Egm.Command("version").Output()
	if err != nil {
		return fmt.Errorf("egm version: %w", err)
	}
	said := ""
	for _, line := range strings.Split(string(out), "\n") {
		if f := strings.Fields(line); len(f) == 2 && f[0] == "sha256" {
			said = f[1]
		}
	}
	r.check("program SHA-256 on request", said == sum, "`egm version`: %s; the lab's own hash of %s: %s", said, a.o.Egm.Path, sum)
	// The SAS ROM signature (long poll 21) over the program, seeded by the host.
	dir, done, err := tempDir("rom")
	if err != nil {
		return err
	}
	defer done()
	rg, err := newRig(dir, settings.DefaultConfig(), machine.Seeded{G: rng.NewSeeded(1)})
	if err != nil {
		return err
	}
	defer func() { rg.close() }()
	b, err := saslink.New(rg.m, "EGM-LAB", func() ([]byte, error) { return os.ReadFile(a.o.Egm.Path) })
	if err != nil {
		return err
	}
	l := &linked{rg: rg, b: b}
	p, cut := l.link()
	defer cut()
	var rows [][]string
	allOK := true
	tampered := append([]byte(nil), prog...)
	tampered[len(tampered)/2] ^= 0x01
	tamperedSum := sha256Hex(tampered)
	for _, seed := range []uint16{0x0000, 0x1234, 0xBEEF} {
		// The machine computes the signature over its whole program at the host's
		// first request (tens of MB: longer than a SAS reply's timeout on a loaded
		// box); as a host does, the lab polls again until the answer comes (the
		// guard ends only a machine that never answers).
		var reply []byte
		for deadline := time.Now().Add(romGuard); ; time.Sleep(250 * time.Millisecond) {
			reply, err = p.Host.LongPoll(1, 0x21, []byte{byte(seed), byte(seed >> 8)}, true)
			if (err == nil && len(reply) >= 4) || time.Now().After(deadline) {
				break
			}
		}
		if err != nil || len(reply) < 4 {
			return fmt.Errorf("long poll 21: %v (reply % x)", err, reply)
		}
		got := uint16(reply[2]) | uint16(reply[3])<<8
		want := uint16(sas.CRC(seed).Update(prog))
		bad := uint16(sas.CRC(seed).Update(tampered))
		ok := got == want && bad != want
		allOK = allOK && ok
		rows = append(rows, []string{fmt.Sprintf("%04X", seed), fmt.Sprintf("%04X", got), fmt.Sprintf("%04X", want), fmt.Sprintf("%04X", bad), lab.Verdict(ok)})
	}
	r.table("SAS ROM signature (long poll 21, CRC-16/KERMIT over the program from the host's seed)", []string{"seed", "machine's answer", "lab's computation", "one bit changed", "verdict"}, rows)
	r.check("ROM signature", allOK, "the machine's signatures equal the lab's computation over the file for 3 seeds; a one-bit change alters each")
	r.check("a changed program is detected", tamperedSum != sum, "one bit flipped in a copy: SHA-256 %s… differs from %s…", tamperedSum[:16], sum[:16])
	refused, detail, err := refusesAnotherProgram(a, dir, tamperedSum)
	if err != nil {
		return err
	}
	r.check("a program other than the approved one does not play", refused, "%s", detail)
	r.Summary = "SHA-256 " + sum[:16] + "… on request; ROM signature answered over SAS; another program refused at power-on"
	return nil
}

// refusesAnotherProgram boots `egm run` with an approved SHA-256 (program_sha256)
// that is not the program's own: the power-on must fail with the program
// authentication, play disabled, and the machine never opened.
func refusesAnotherProgram(a *allRun, dir, approved string) (bool, string, error) {
	state := filepath.Join(dir, "approved-state")
	cfg := filepath.Join(dir, "approved.json")
	body := fmt.Sprintf(`{"state_dir":%q,"program_sha256":%q}`, state, approved)
	if err := os.WriteFile(cfg, []byte(body), 0o600); err != nil {
		return false, "", err
	}
	cmd := a.o.Egm.Command("run", "--config", cfg)
	out, err := cmd.Output()
	code := 0
	var ee *exec.ExitError
	if errors.As(err, &ee) {
		code = ee.ExitCode()
	} else if err != nil {
		return false, "", fmt.Errorf("egm run with another approved program: %w", err)
	}
	_, opened := os.Stat(filepath.Join(state, "critical-a.log"))
	ok := code == 1 && strings.Contains(string(out), "program authentication    FAIL") && opened != nil
	return ok, fmt.Sprintf("`egm run` with program_sha256 %s…: exit %d, program authentication %s, machine opened: %v",
		approved[:16], code, map[bool]string{true: "FAIL as it must", false: "not refused"}[strings.Contains(string(out), "program authentication    FAIL")], opened == nil), nil
}

// romGuard is how long the lab asks again for a ROM signature before it calls
// the machine silent: far above the seconds a loaded 2-core box takes.
const romGuard = 2 * time.Minute
