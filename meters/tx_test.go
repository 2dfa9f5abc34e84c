package meters

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"
	"time"
)

func TestTxRefusals(t *testing.T) {
	cases := []struct {
		name string
		fn   func(tx *Tx) error
		want string
	}{
		{"negative add", func(tx *Tx) error { tx.Add(CoinIn, -1); return nil }, "never decreases"},
		{"add to credits", func(tx *Tx) error { tx.Add(CurrentCredits, 5); return nil }, "use SetCredits"},
		{"unknown meter", func(tx *Tx) error { tx.Add(NumMeters, 5); return nil }, "unknown meter"},
		{"add over the width", func(tx *Tx) error { tx.Add(CoinIn, Modulus); return nil }, "over half the meter width"},
		{"credits below zero", func(tx *Tx) error { tx.SetCredits(-1); return nil }, "outside 0.."},
		{"credits without money in", func(tx *Tx) error { tx.SetCredits(500); return nil }, "credits invariant broken"},
		{"bet not taken from credits", func(tx *Tx) error { tx.Add(CoinIn, 100); return nil }, "credits invariant broken"},
		{"negative game meter", func(tx *Tx) error { tx.AddGame("t", 10, 1, -5, 0); return nil }, "never decreases"},
		{"game meter without title", func(tx *Tx) error { tx.AddGame("", 10, 1, 5, 0); return nil }, "needs a title"},
		{"outcome not JSON", func(tx *Tx) error { tx.SetGame(GameInProgress{Outcome: json.RawMessage("{")}); return nil }, "not valid JSON"},
		{"recall outcome not JSON", func(tx *Tx) error { tx.AppendRecall(RecallEntry{Outcome: json.RawMessage("[1,")}); return nil }, "not valid JSON"},
		{"step without game", func(tx *Tx) error { tx.SetGameStep(3); return nil }, "no game in progress"},
		{"finish without game", func(tx *Tx) error { tx.FinishGame(RecallEntry{}); return nil }, "no game in progress"},
		{"second game over one in progress", func(tx *Tx) error {
			tx.SetGame(GameInProgress{Number: 98, Outcome: json.RawMessage(`1`)})
			tx.SetGame(GameInProgress{Number: 99, Outcome: json.RawMessage(`2`)})
			return nil
		}, "still in progress"},
		{"phase without game", func(tx *Tx) error { tx.SetGamePhase("gamble", nil); return nil }, "no game in progress"},
		{"negative counter", func(tx *Tx) error { tx.AddCounter("jackpot_grand_cents", -1); return nil }, "never decreases"},
		{"counter named like a meter", func(tx *Tx) error { tx.AddCounter("coin_in_cents", 1); return nil }, "is a meter"},
		{"value not JSON", func(tx *Tx) error { tx.SetValue("k", json.RawMessage("nope")); return nil }, "not valid JSON"},
		{"empty value key", func(tx *Tx) error { tx.SetValue("", json.RawMessage("1")); return nil }, "empty key"},
		{"function error", func(tx *Tx) error { tx.Add(DoorOpens, 1); return errors.New("machine says no") }, "machine says no"},
	}
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	defer st.Close()
	playGame(t, st, 1, 100, 0)
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			before, seq := st.Meters(), st.Seq()
			err := st.Update(tc.fn)
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("Update: %v, want an error containing %q", err, tc.want)
			}
			if tc.want != "machine says no" && !errors.Is(err, ErrRefused) {
				t.Errorf("Update: %v, want errors.Is ErrRefused", err)
			}
			if !strings.HasPrefix(err.Error(), "meters: ") && tc.want != "machine says no" {
				t.Errorf("error %q lacks the package prefix", err)
			}
			if st.Meters() != before || st.Seq() != seq {
				t.Error("a refused transaction changed the store")
			}
			if st.Err() != nil {
				t.Errorf("a refused transaction stopped the store: %v", st.Err())
			}
		})
	}
}

func TestTxReadsItsOwnWrites(t *testing.T) {
	st := mustOpen(t, t.TempDir(), testOpts())
	defer st.Close()
	err := st.Update(func(tx *Tx) error {
		tx.Add(WalletIn, 1000)
		tx.SetCredits(1000)
		tx.SetValue("config", json.RawMessage(`{"handpay_limit_cents":1000000}`))
		if tx.Meter(WalletIn) != 1000 || tx.Meter(CurrentCredits) != 1000 {
			t.Errorf("meters inside the tx: %v", tx.Meters())
		}
		if v, ok := tx.Value("config"); !ok || !strings.Contains(string(v), "handpay") {
			t.Errorf("value inside the tx: %s %v", v, ok)
		}
		tx.SetGame(GameInProgress{Number: 1, Outcome: json.RawMessage(`{"x":1}`)})
		tx.SetGameStep(2)
		if g, ok := tx.Game(); !ok || g.Step != 2 {
			t.Errorf("game inside the tx: %+v %v", g, ok)
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(tx *Tx) error {
		return tx.SetGamePhase("gamble", json.RawMessage(`{"steps":["red"]}`))
	}); err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(tx *Tx) error { return tx.SetValue("config", nil) }); err != nil {
		t.Fatal(err)
	}
	st.View(func(v *Snapshot) {
		if _, ok := v.Value("config"); ok {
			t.Error("a deleted value is still there")
		}
		if g, ok := v.Game(); !ok || g.Step != 2 || string(g.Outcome) != `{"x":1}` || g.Phase != "gamble" || string(g.Data) != `{"steps":["red"]}` {
			t.Errorf("game after commit: %+v", g)
		}
	})
	if err := st.Update(func(tx *Tx) error { return tx.FinishGame(RecallEntry{Number: 1}) }); err != nil {
		t.Fatal(err)
	}
	st.View(func(v *Snapshot) {
		if r := v.Recall(); len(r) != 1 || string(r[0].Data) != `{"steps":["red"]}` || string(r[0].Outcome) != `{"x":1}` {
			t.Errorf("recall keeps the game's outcome and data: %+v", r)
		}
	})
}

func TestRecallKeepsLast100NewestFirst(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	for n := uint64(1); n <= 130; n++ {
		playGame(t, st, n, 100, int64(n%4)*100)
	}
	st.Close()
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	st.View(func(v *Snapshot) {
		r := v.Recall()
		if len(r) != RecallDepth {
			t.Fatalf("%d recall entries, want %d", len(r), RecallDepth)
		}
		for i, e := range r {
			if want := uint64(130 - i); e.Number != want {
				t.Fatalf("recall[%d] is game %d, want %d", i, e.Number, want)
			}
			if want := outcome(e.Number, 1500); string(e.Outcome) != string(want) {
				t.Fatalf("recall[%d] outcome is not the game's", i)
			}
			if e.CreditsAfterCents != e.CreditsBeforeCents-e.BetCents+e.WinCents {
				t.Errorf("recall[%d]: credits %d → %d with bet %d, win %d", i, e.CreditsBeforeCents, e.CreditsAfterCents, e.BetCents, e.WinCents)
			}
		}
		gs := v.Games()
		if len(gs) != 1 || gs[0].GamesPlayed != 130 || gs[0].CoinInCents != 13000 {
			t.Errorf("game meters: %+v", gs)
		}
	})
}

func TestEventTailIsAnchored(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, Options{Now: fixedClock(), CompactBytes: 64 << 10})
	const total = EventTail + 250
	for i := 0; i < total; i += 10 {
		if err := st.Update(func(tx *Tx) error {
			for j := 0; j < 10; j++ {
				tx.Event(EvHostCommand, time.Time{}, "poll")
			}
			return nil
		}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	evs, anchor := []Event(nil), Anchor{}
	st.View(func(v *Snapshot) { evs, anchor = v.Events() })
	if len(evs) != EventTail {
		t.Fatalf("%d events kept, want %d", len(evs), EventTail)
	}
	if last := evs[len(evs)-1].Seq; last != total+1 { // +1: memory_init
		t.Errorf("last event seq %d, want %d", last, total+1)
	}
	if anchor.Seq != evs[0].Seq-1 || anchor.Hash == genesisHash {
		t.Errorf("anchor %+v before event %d", anchor, evs[0].Seq)
	}
	if err := VerifyChain(anchor, evs); err != nil {
		t.Fatal(err)
	}
}

func TestCounters(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	for i := 0; i < 3; i++ {
		if err := st.Update(func(tx *Tx) error {
			tx.AddCounter("jackpot_grand_cents", 1_000_000)
			return tx.AddCounter("aft_in_count", 1)
		}); err != nil {
			t.Fatal(err)
		}
	}
	st.Close()
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	st.View(func(v *Snapshot) {
		c := v.Counters()
		if c["jackpot_grand_cents"] != 3_000_000 || c["aft_in_count"] != 3 || len(c) != 2 {
			t.Errorf("counters after reopen: %v", c)
		}
	})
}

// TestVoidedGame voids a game after its outcome was stored (R-FAULT-1): the stake
// comes back through voided_refund_cents, no win is paid, and recall says so.
func TestVoidedGame(t *testing.T) {
	st := mustOpen(t, t.TempDir(), testOpts())
	defer st.Close()
	if err := st.Update(func(tx *Tx) error {
		tx.Add(WalletIn, 1000)
		tx.SetCredits(1000 - 200)
		tx.Add(CoinIn, 200)
		tx.Add(GamesPlayed, 1)
		return tx.SetGame(GameInProgress{Number: 1, Title: "t", DenomCents: 10, BetCents: 200, CreditsBeforeCents: 1000, Outcome: json.RawMessage(`{"win":5000}`)})
	}); err != nil {
		t.Fatal(err)
	}
	if err := st.Update(func(tx *Tx) error {
		g, _ := tx.Game()
		tx.Add(VoidedRefund, g.BetCents)
		tx.Add(GamesVoided, 1)
		tx.SetCredits(tx.Meter(CurrentCredits) + g.BetCents)
		tx.Event(EvGameVoided, time.Time{}, "RNG health failure during game 1")
		return tx.FinishGame(RecallEntry{Number: 1, Title: g.Title, BetCents: g.BetCents, CreditsBeforeCents: 1000,
			CreditsAfterCents: 1000, Voided: true, VoidReason: "RNG health failure"})
	}); err != nil {
		t.Fatal(err)
	}
	m := st.Meters()
	if m[CurrentCredits] != 1000 || m[WonToCredits] != 0 || m[VoidedRefund] != 200 || m[GamesVoided] != 1 {
		t.Errorf("after the void: %v", m)
	}
	st.View(func(v *Snapshot) {
		r := v.Recall()
		if len(r) != 1 || !r[0].Voided || string(r[0].Outcome) != `{"win":5000}` {
			t.Errorf("recall of the voided game: %+v", r)
		}
	})
}

// TestStoredJSONKeepsItsBytes: what View shows before a restart is byte for byte
// what it shows after (compacted once, never HTML-escaped on the way to disk).
func TestStoredJSONKeepsItsBytes(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	raw := json.RawMessage("{ \"symbols\": [\"<wild>\", \"A&K\"],\n  \"win\": 5 }")
	if err := st.Update(func(tx *Tx) error {
		tx.SetValue("cfg", json.RawMessage(` {"title": "Queen <of> the Night"} `))
		return tx.SetGame(GameInProgress{Number: 1, Outcome: raw, Data: json.RawMessage(" [1, 2] ")})
	}); err != nil {
		t.Fatal(err)
	}
	snap := func(st *Store) (out, data, cfg string) {
		st.View(func(v *Snapshot) {
			g, _ := v.Game()
			c, _ := v.Value("cfg")
			out, data, cfg = string(g.Outcome), string(g.Data), string(c)
		})
		return
	}
	o1, d1, c1 := snap(st)
	if o1 != `{"symbols":["<wild>","A&K"],"win":5}` || d1 != `[1,2]` || c1 != `{"title":"Queen <of> the Night"}` {
		t.Errorf("before restart: %s %s %s", o1, d1, c1)
	}
	st.Close()
	st = mustOpen(t, dir, testOpts())
	defer st.Close()
	if o2, d2, c2 := snap(st); o2 != o1 || d2 != d1 || c2 != c1 {
		t.Errorf("after restart: %s %s %s, before: %s %s %s", o2, d2, c2, o1, d1, c1)
	}
}
