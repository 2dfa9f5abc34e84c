//go:build cgo && !noscreen

package ui

import (
	"context"
	"net"
	"testing"

	"egm/floor"
	"egm/machine"
	"egm/machine/saslink"
	"egm/sas"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/scene"
)

// The metered cabinet on the SAS link: the levels the floor broadcasts show on the
// jackpot meters, 01 covers the game with DISABLED BY HOST and 02 lifts it, 03 and
// 04 switch the sound off and on.
func TestCabinetOnTheFloorLink(t *testing.T) {
	m := openScriptMachine(t, t.TempDir())
	defer m.Close()
	b, err := saslink.New(m, "EGM-TEST", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	x, y := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: &sas.Responder{M: b}}).Serve(ctx, x); close(done) }()
	defer func() { cancel(); x.Close(); y.Close(); <-done }()
	p := &floor.Poller{Addr: 1, Host: &sas.Host{Port: y}}

	snd, err := scene.NewSound(scene.SoundOptions{Off: true})
	if err != nil {
		t.Fatal(err)
	}
	b.OnSound(snd.SetHostSound)
	c, err := newCabinet(m, m.Titles(), CabinetOptions{Options: Options{Scene: "play"},
		Levels: func() (int64, int64, int64, bool) { l := b.Levels(); return l.Grand, l.Major, l.Mystery, l.OK }})
	if err != nil {
		t.Fatal(err)
	}
	defer c.s.Close()
	mgr := scene.NewManager(c)
	mgr.SetSound(snd)

	if err := p.Broadcast([]floor.LevelAmount{{Level: saslink.LevelGrand, Cents: 612_345}, {Level: saslink.LevelMajor, Cents: 45_678}}); err != nil {
		t.Fatal(err)
	}
	if err := p.SetEnabled(false); err != nil {
		t.Fatal(err)
	}
	if err := p.SetSound(false); err != nil {
		t.Fatal(err)
	}
	c.s.Flush()
	img := runManager(mgr, 3)
	// The levels count as arriving for saslink.NoDataAfter after a broadcast: the
	// floor broadcasts again before the look, however long the frames took on a
	// loaded machine.
	if err := p.Broadcast([]floor.LevelAmount{{Level: saslink.LevelGrand, Cents: 612_345}, {Level: saslink.LevelMajor, Cents: 45_678}}); err != nil {
		t.Fatal(err)
	}
	snap := c.s.Snapshot()
	if snap.Lockup != kit.Tr("play.lockup.closed") || snap.Grand != 612_345 || snap.Major != 45_678 {
		t.Errorf("snapshot: lockup %q, grand %d, major %d", snap.Lockup, snap.Grand, snap.Major)
	}
	if px := img.RGBAAt(paint.ScreenW/2, 700); px.R < 100 || px.B > 80 {
		t.Errorf("no lockup panel in the middle of the screen: %v", px)
	}
	if snd.HostSound() {
		t.Error("03 did not switch the sound off")
	}
	if err := p.SetEnabled(true); err != nil {
		t.Fatal(err)
	}
	if err := p.SetSound(true); err != nil {
		t.Fatal(err)
	}
	c.s.Flush()
	runManager(mgr, 2)
	if st := m.Status().State; st == machine.Disabled || c.s.Snapshot().Lockup != "" || !snd.HostSound() {
		t.Errorf("after 02 and 04: state %v, lockup %q, host sound %v", st, c.s.Snapshot().Lockup, snd.HostSound())
	}
}
