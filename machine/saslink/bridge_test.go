package saslink

import (
	"context"
	"net"
	"testing"
	"time"

	"egm/floor"
	"egm/machine"
	"egm/machine/aft"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

func openMachine(t *testing.T, dir string) *machine.Machine {
	t.Helper()
	m, err := machine.Open(dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(7)}})
	if err != nil {
		t.Fatal(err)
	}
	return m
}

// serve links b at address 1 to a floor poller over a pipe.
func serve(t *testing.T, b *Bridge) *floor.Poller {
	t.Helper()
	x, y := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}).Serve(ctx, x); close(done) }()
	t.Cleanup(func() { cancel(); x.Close(); y.Close(); <-done })
	return &floor.Poller{Addr: 1, Host: &sas.Host{Port: y}}
}

func TestFloorReadsTheMachine(t *testing.T) {
	dir := t.TempDir()
	m := openMachine(t, dir)
	defer m.Close()
	b, err := New(m, "EGM-TEST", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serve(t, b)
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
	}
	must(machine.Input{Kind: machine.InTick})
	must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 10_000})
	for i := 0; i < 5; i++ {
		must(machine.Input{Kind: machine.InSpin})
		st := m.Status()
		for st.State == machine.GameInProgress {
			must(machine.Input{Kind: machine.InStepShown, Step: st.Step})
			st = m.Status()
		}
		if st.State == machine.GambleOffered {
			must(machine.Input{Kind: machine.InTakeWin})
		}
	}
	must(machine.Input{Kind: machine.InDoorOpen})
	must(machine.Input{Kind: machine.InDoorClose})

	got, err := p.Meters()
	if err != nil {
		t.Fatal(err)
	}
	var want floor.Meters
	for code, dst := range map[sas.MeterCode]*uint64{sas.MeterCoinIn: &want.CoinIn, sas.MeterCurrentCredits: &want.CurrentCredits,
		sas.MeterGamesPlayed: &want.GamesPlayed, sas.MeterGamesWon: &want.GamesWon, sas.MeterGamesLost: &want.GamesLost,
		sas.MeterJackpot: &want.Jackpot, sas.MeterHandpaidCancel: &want.Handpay, sas.MeterCoinOut: &want.CoinOut} {
		*dst, _ = b.Meter(0, code)
	}
	if got != want || got.GamesPlayed != 5 || got.CoinIn == 0 {
		t.Fatalf("floor read %+v\nmachine has %+v", got, want)
	}
	ex, err := p.Drain(64, zeroTime)
	if err != nil {
		t.Fatal(err)
	}
	seen := map[byte]int{}
	for _, e := range ex {
		seen[e.Code]++
	}
	if seen[sas.ExACPowerApplied] != 1 || seen[sas.ExGameStarted] != 5 || seen[sas.ExGameEnded] != 5 ||
		seen[sas.ExSlotDoorOpen] != 1 || seen[sas.ExSlotDoorClosed] != 1 {
		t.Fatalf("exceptions %v", seen)
	}
	if err := p.SetEnabled(false); err != nil {
		t.Fatal(err)
	}
	if st := m.Status(); !st.Disabled {
		t.Fatalf("disable over SAS left the machine %+v", st)
	}
	if err := m.Handle(machine.Input{Kind: machine.InSpin}); err == nil {
		t.Fatal("a disabled machine played")
	}
	if err := p.SetEnabled(true); err != nil || m.Status().Disabled {
		t.Fatalf("enable: %v", err)
	}
}

// Exceptions raised while nobody polls survive a restart of the machine.
func TestExceptionsSurviveARestart(t *testing.T) {
	dir := t.TempDir()
	m := openMachine(t, dir)
	b, err := New(m, "S", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	if err := m.Handle(machine.Input{Kind: machine.InDoorOpen}); err != nil {
		t.Fatal(err)
	}
	if b.Exception() != sas.ExACPowerApplied {
		t.Fatal("power applied is not at the head")
	}
	m.Close()

	m2 := openMachine(t, dir)
	defer m2.Close()
	b2, err := New(m2, "S", func() ([]byte, error) { return nil, nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serve(t, b2)
	ex, err := p.Drain(16, zeroTime)
	if err != nil {
		t.Fatal(err)
	}
	var codes []byte
	for _, e := range ex {
		codes = append(codes, e.Code)
	}
	// Power applied (first boot), the door opened before the restart, power applied
	// again: all delivered, in priority order.
	if string(codes) != string([]byte{sas.ExACPowerApplied, sas.ExACPowerApplied, sas.ExSlotDoorOpen}) {
		t.Fatalf("after restart: % X", codes)
	}
}

func TestROMSignatureAndGames(t *testing.T) {
	m := openMachine(t, t.TempDir())
	defer m.Close()
	b, err := New(m, "S", func() ([]byte, error) { return []byte("123456789"), nil })
	if err != nil {
		t.Fatal(err)
	}
	if s := b.ROMSignature(0); s != 0x2189 {
		t.Fatalf("signature with seed 0 = %04X, want the CRC of the program 2189", s)
	}
	if b.ROMSignature(1) == b.ROMSignature(0) {
		t.Fatal("the seed changes nothing")
	}
	gs := b.Games()
	if len(gs) != 30 || gs[0].Number != 1 || gs[0].GameID != "GL" || gs[24].GameID != "CC" || gs[0].BasePercent != "9400" ||
		gs[25].GameID != TableGameID || gs[29].Number != 30 {
		t.Fatalf("games %+v", gs[:2])
	}
	if b.SelectedGame() < 1 {
		t.Fatal("no selected game")
	}
}

var zeroTime = func() time.Time { return time.Time{} }

func TestExceptionMap(t *testing.T) {
	c := machine.Commit{GameStarted: true, GameEnded: true, Events: []meters.Event{
		{Kind: meters.EvDoorOpen}, {Kind: meters.EvTilt}, {Kind: meters.EvHandpay}, {Kind: meters.EvHandpayReset},
		{Kind: meters.EvConfigChange}, {Kind: meters.EvPowerDown}, {Kind: "cashout_request"}, {Kind: meters.EvAMLFlag},
		{Kind: aft.EvTransfer}, {Kind: machine.EvJackpotHit},
	}}
	want := []byte{sas.ExGameStarted, sas.ExSlotDoorOpen, sas.ExGeneralTilt, sas.ExHandpayPending, sas.ExHandpayReset,
		sas.ExOptionsChanged, sas.ExACPowerLost, sas.ExCashOutPressed, sas.ExAFTComplete, sas.ExLevelHit, sas.ExGameEnded}
	if got := exceptions(c); string(got) != string(want) {
		t.Fatalf("exceptions % X, want % X", got, want)
	}
}
