package jackpots

import (
	"context"
	"net"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"egm/floor"
	"egm/floor/floortest"
	"egm/floor/pgtest"
	"egm/jackpot"
	"egm/rng"
	"egm/sas"
)

// gamesEGM is a machine with games in and out of the linked group, per-game
// coin-in, and a progressive win queue.
type gamesEGM struct {
	*floortest.EGM
	mu       sync.Mutex
	games    []sas.GameInfo
	perGame  map[int]uint64 // coin-in by game (a game missing: not kept)
	hits     []sas.ProgressiveHit
	selected int
}

func (g *gamesEGM) Meter(game int, c sas.MeterCode) (uint64, bool) {
	if game == 0 {
		return g.EGM.Meter(0, c)
	}
	g.mu.Lock()
	defer g.mu.Unlock()
	v, ok := g.perGame[game]
	return v, ok && c == sas.MeterCoinIn
}
func (g *gamesEGM) Games() []sas.GameInfo { return g.games }
func (g *gamesEGM) SelectedGame() int     { g.mu.Lock(); defer g.mu.Unlock(); return g.selected }
func (g *gamesEGM) ProgressiveHits() (byte, []sas.ProgressiveHit) {
	g.mu.Lock()
	defer g.mu.Unlock()
	return floor.ProgressiveGroup, append([]sas.ProgressiveHit(nil), g.hits...)
}
func (g *gamesEGM) ProgressiveAward(group, level byte, cents uint64) (bool, error) {
	g.mu.Lock()
	defer g.mu.Unlock()
	if len(g.hits) == 0 {
		return false, nil
	}
	g.hits = g.hits[1:] // paid at once
	return true, nil
}
func (g *gamesEGM) LastProgressiveWin() (byte, byte, uint64, bool) { return 0, 0, 0, false }
func (g *gamesEGM) LegacyBonus(uint64, byte) error                 { return nil }
func (g *gamesEGM) BonusMeters(int) (uint64, uint64, uint64, bool) { return 0, 0, 0, true }

// play moves the machine's coin-in to total, game's to gameCoinIn.
func (g *gamesEGM) play(total uint64, game int, gameCoinIn uint64) {
	g.EGM.Mu.Lock()
	g.EGM.Meters[sas.MeterCoinIn] = total
	g.EGM.Meters[sas.MeterGamesPlayed]++
	g.EGM.Mu.Unlock()
	g.mu.Lock()
	if _, ok := g.perGame[game]; ok {
		g.perGame[game] = gameCoinIn
	}
	g.mu.Unlock()
}

// dropping answers every long poll but those drop says (at the time) to ignore.
type dropping struct {
	*sas.Responder
	mu   sync.Mutex
	drop func(p sas.Poll) bool
}

func (d *dropping) LongPoll(p sas.Poll, out []byte) ([]byte, sas.Response) {
	d.mu.Lock()
	drop := d.drop != nil && d.drop(p)
	d.mu.Unlock()
	if drop {
		return out, sas.NoResponse
	}
	return d.Responder.LongPoll(p, out)
}

func linkedGames(group0 ...int) []sas.GameInfo {
	gs := []sas.GameInfo{{Number: 1, Enabled: true, Group: floor.ProgressiveGroup, Levels: 0b11}}
	for _, n := range group0 {
		gs = append(gs, sas.GameInfo{Number: n, Enabled: true})
	}
	return gs
}

// TestLinkedGamesContribute: only the linked games' coin-in is contributed; a
// machine that does not say which games are linked contributes its whole coin-in
// (after no6FAfter silences in a row when it is silent), logged once; a machine
// that answered per-game reads before and misses one contributes nothing that
// cycle and all of it the next; the floor's restart (a new poller) keeps the books.
func TestLinkedGamesContribute(t *testing.T) {
	type step struct {
		total, game2 uint64 // the machine's coin-in, game 2's
		drop         func(p sas.Poll) bool
		newPoller    bool
		counted      int64 // the controller's count after the cycle
	}
	silent51 := func(p sas.Poll) bool { return p.Cmd == 0x51 }
	silent6FGame2 := func(p sas.Poll) bool { return p.Cmd == 0x6F && len(p.Data) > 1 && p.Data[0] == 0 && p.Data[1] == 0x02 }
	for _, tc := range []struct {
		name    string
		games   []sas.GameInfo
		perGame map[int]uint64
		steps   []step
		log     string // logged once per link ("": nothing logged)
		links   int
	}{
		{"an unlinked game", linkedGames(2), map[int]uint64{1: 0, 2: 300}, []step{
			{total: 1000, game2: 300, counted: 0}, // baseline 700
			{total: 5000, game2: 1300, counted: 3000},
			{total: 5000, game2: 1300, counted: 3000},
			{total: 5600, game2: 1300, newPoller: true, counted: 3600},
			{total: 6000, game2: 1700, counted: 3600},
		}, "", 0},
		{"a missed per-game read", linkedGames(2), map[int]uint64{1: 0, 2: 0}, []step{
			{total: 1000, counted: 0},
			{total: 2000, game2: 500, drop: silent6FGame2, counted: 0},
			{total: 3000, game2: 500, counted: 1500},
		}, "", 0},
		{"no game in the group", []sas.GameInfo{{Number: 1, Enabled: true}}, map[int]uint64{1: 0}, []step{
			{total: 1000, counted: 0},
			{total: 5000, counted: 4000},
			{total: 6000, newPoller: true, counted: 5000},
		}, "none of its 1 games is in progressive group 1: its whole coin-in", 2},
		{"silent to 51", linkedGames(2), map[int]uint64{1: 0, 2: 0}, []step{
			{total: 1000, drop: silent51, counted: 0},
			{total: 1000, drop: silent51, counted: 0},
			{total: 1000, drop: silent51, counted: 0}, // the third silence: whole coin-in, baseline 1000
			{total: 5000, game2: 700, drop: silent51, counted: 4000},
		}, "it does not answer 51 or B5 (floor: no reply to 51 from machine 1): its whole coin-in", 1},
		{"no per-game coin-in", linkedGames(2), map[int]uint64{1: 0}, []step{
			{total: 1000, counted: 0},
			{total: 5000, counted: 4000},
		}, "it keeps no coin-in for game 2: its whole coin-in", 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			m := &gamesEGM{EGM: &floortest.EGM{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 0, sas.MeterGamesPlayed: 0, sas.MeterCurrentCredits: 0,
				sas.MeterCoinOut: 0, sas.MeterJackpot: 0, sas.MeterHandpaidCancel: 0, sas.MeterCancelledCredits: 0, sas.MeterGamesWon: 0, sas.MeterGamesLost: 0}},
				games: tc.games, perGame: tc.perGame, selected: 1}
			h := &dropping{Responder: &sas.Responder{M: m}}
			host := pipeHost(t, h)
			l, logs := openTestLinked(t)
			p := &floor.Poller{Addr: 1, Host: host}
			for i, s := range tc.steps {
				m.play(s.total, 2, s.game2)
				h.mu.Lock()
				h.drop = s.drop
				h.mu.Unlock()
				if s.newPoller {
					p = &floor.Poller{Addr: 1, Host: host}
				}
				mt, err := p.Meters()
				if err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				if err := l.Cycle(p, mt); err != nil {
					t.Fatalf("step %d: %v", i, err)
				}
				acct, err := l.C.Account(MachineID(1))
				if err != nil || acct.CoinInCents != s.counted {
					t.Fatalf("step %d: counted %d %v, want %d", i, acct.CoinInCents, err, s.counted)
				}
			}
			n := 0
			for _, s := range *logs {
				if strings.Contains(s, tc.log) {
					n++
				}
			}
			whole := 0
			for _, s := range *logs {
				if strings.Contains(s, "whole coin-in") {
					whole++
				}
			}
			if n != tc.links || whole != tc.links || (tc.log == "" && len(*logs) > 0) {
				t.Errorf("%q logged %d times, want once per link (%d): %q", tc.log, n, tc.links, *logs)
			}
		})
	}
}

// TestHitOnAnUnlinkedGame: a hit waiting while the player is on a game outside
// the linked group is refused; on a linked game it is paid.
func TestHitOnAnUnlinkedGame(t *testing.T) {
	for _, tc := range []struct {
		selected int
		refused  bool
	}{{2, true}, {1, false}} {
		m := &gamesEGM{EGM: &floortest.EGM{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 0, sas.MeterGamesPlayed: 3, sas.MeterCurrentCredits: 0,
			sas.MeterCoinOut: 0, sas.MeterJackpot: 0, sas.MeterHandpaidCancel: 0, sas.MeterCancelledCredits: 0, sas.MeterGamesWon: 0, sas.MeterGamesLost: 0}},
			games: linkedGames(2), perGame: map[int]uint64{1: 0, 2: 0}, selected: tc.selected,
			hits: []sas.ProgressiveHit{{Level: 2}}}
		p := &floor.Poller{Addr: 1, Host: pipeHost(t, &sas.Responder{M: m})}
		l, _ := openTestLinked(t)
		mt, err := p.Meters()
		if err != nil {
			t.Fatal(err)
		}
		err = l.Cycle(p, mt)
		if tc.refused != (err != nil) || (err != nil && !strings.Contains(err.Error(), "game 2, which is outside the linked group")) {
			t.Fatalf("selected %d: %v", tc.selected, err)
		}
		if _, hits := m.ProgressiveHits(); (len(hits) == 0) == tc.refused {
			t.Fatalf("selected %d: hits left %v", tc.selected, hits)
		}
	}
}

// pipeHost serves h at address 1 over a pipe and returns the host's end.
func pipeHost(t *testing.T, h sas.Handler) *sas.Host {
	t.Helper()
	a, b := net.Pipe()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { (&sas.Link{Addr: 1, Handler: h}).Serve(ctx, a); close(done) }()
	t.Cleanup(func() { cancel(); a.Close(); b.Close(); <-done })
	return &sas.Host{Port: b, Timeout: 50 * time.Millisecond}
}

func openTestLinked(t *testing.T) (*Linked, *[]string) {
	t.Helper()
	c, err := jackpot.Open(filepath.Join(t.TempDir(), "jackpot.db"), jackpot.Options{RNG: rng.NewSeeded(1)})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	st, err := floor.OpenStore(filepath.Join(t.TempDir(), "floor.db"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { st.Close() })
	var logs []string
	l := &Linked{C: c, Store: st, Log: func(s string) { logs = append(logs, s) }}
	if err := l.Register(1); err != nil {
		t.Fatal(err)
	}
	return l, &logs
}

func TestGameList(t *testing.T) {
	if s := gameList([]int{3, 7, 8, 9, 26, 27, 28, 29, 30}); s != "3, 7-9, 26-30" {
		t.Errorf("gameList %q", s)
	}
}

// TestLinkedWithout6FFromItsFirstPoll: a machine silent to 6F (read with 2F)
// that plays from the floor's first poll, while the floor learns it has no 6F
// (no6FAfter cycles): its whole coin-in after the link's first meter read is
// contributed, exactly once, also when the floor restarts while it learns.
func TestLinkedWithout6FFromItsFirstPoll(t *testing.T) {
	for _, b := range backends {
		t.Run(b.name, func(t *testing.T) { testLinkedWithout6FFromItsFirstPoll(t, b.spec(t)) })
	}
}

func testLinkedWithout6FFromItsFirstPoll(t *testing.T, spec string) {
	silent6F := func(p sas.Poll) bool { return p.Cmd == 0x6F }
	silent6Fand51 := func(p sas.Poll) bool { return p.Cmd == 0x6F || p.Cmd == 0x51 }
	for _, tc := range []struct {
		name    string
		games   []sas.GameInfo
		drop    func(p sas.Poll) bool
		restart int // the floor restarts before this cycle (0: never)
	}{
		{"silent to 6F and 51", linkedGames(2), silent6Fand51, 0},
		{"silent to 6F, a game outside the group", linkedGames(2), silent6F, 0},
		{"silent to 6F, all games linked", linkedGames(), silent6F, 0},
		{"silent to 6F and 51, the floor restarts while it learns", linkedGames(2), silent6Fand51, 2},
		{"silent to 6F, restart after the baseline", linkedGames(2), silent6F, 4},
	} {
		t.Run(tc.name, func(t *testing.T) {
			spec := spec
			if strings.HasPrefix(spec, "postgres") {
				spec = pgtest.URL(t) // a database of each case's own
			}
			m := &gamesEGM{EGM: &floortest.EGM{Meters: map[sas.MeterCode]uint64{sas.MeterCoinIn: 0, sas.MeterGamesPlayed: 0, sas.MeterCurrentCredits: 0,
				sas.MeterCoinOut: 0, sas.MeterJackpot: 0, sas.MeterHandpaidCancel: 0, sas.MeterCancelledCredits: 0, sas.MeterGamesWon: 0, sas.MeterGamesLost: 0}},
				games: tc.games, perGame: map[int]uint64{1: 0, 2: 0}, selected: 1}
			host := pipeHost(t, &dropping{Responder: &sas.Responder{M: m}, drop: tc.drop})
			dir := t.TempDir()
			l, closeLinked := openLinkedAt(t, dir, spec)
			defer func() { closeLinked() }()
			p := &floor.Poller{Addr: 1, Host: host}
			const first = 1000 // its coin-in at the first read
			total := uint64(first)
			for i := range 8 {
				if i == tc.restart && i > 0 {
					closeLinked()
					l, closeLinked = openLinkedAt(t, dir, spec)
					p = &floor.Poller{Addr: 1, Host: host}
				}
				m.play(total, 1, 0)
				mt, err := p.Meters()
				if err != nil || mt.CoinIn != total {
					t.Fatalf("cycle %d: meters %+v %v", i, mt, err)
				}
				if err := l.Cycle(p, mt); err != nil {
					t.Fatalf("cycle %d: %v", i, err)
				}
				acct, err := l.C.Account(MachineID(1))
				if err != nil || acct.CoinInCents > int64(total-first) {
					t.Fatalf("cycle %d: counted %d %v, more than the %d played", i, acct.CoinInCents, err, total-first)
				}
				total += 1_394_189 // plays between each two polls
			}
			total -= 1_394_189
			if !p.Without6F() {
				t.Fatal("the floor did not take it for a machine without 6F")
			}
			acct, err := l.C.Account(MachineID(1))
			if err != nil || acct.CoinInCents != int64(total-first) {
				t.Errorf("counted %d %v, want all %d played after the first read", acct.CoinInCents, err, total-first)
			}
			if b, ok, err := BaselineOf(l.Store, 1); err != nil || !ok || b != first {
				t.Errorf("baseline %d %v %v, want %d", b, ok, err, first)
			}
		})
	}
}

// openLinkedAt opens a Linked on the floor database spec ("bbolt:" alone: one in
// dir) with its controller — on PostgreSQL the wide-area one in that database,
// on bbolt its own file in dir — machine 1 registered, and returns it with the
// function that closes both.
func openLinkedAt(t *testing.T, dir, spec string) (*Linked, func()) {
	t.Helper()
	if strings.HasPrefix(spec, "bbolt:") {
		spec = "bbolt:" + filepath.Join(dir, "floor.db")
	}
	st, err := floor.OpenDB(spec, floor.DBOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var c *jackpot.Controller
	if st.OnPostgres() {
		c, err = jackpot.OpenPostgres(st, jackpot.Options{RNG: rng.NewSeeded(1)})
	} else {
		c, err = jackpot.Open(filepath.Join(dir, "jackpot.db"), jackpot.Options{RNG: rng.NewSeeded(1)})
	}
	if err != nil {
		st.Close()
		t.Fatal(err)
	}
	l := &Linked{C: c, Store: st}
	if err := l.Register(1); err != nil {
		t.Fatal(err)
	}
	closed := false
	return l, func() {
		if !closed {
			closed = true
			st.Close()
			c.Close()
		}
	}
}
