package meters

import (
	"egm/money"
	"encoding/json"
	"strings"
	"testing"
)

func TestInvariant(t *testing.T) {
	cases := []struct {
		name string
		m    map[Meter]int64
		ok   bool
	}{
		{"zero", nil, true},
		{"deposit", map[Meter]int64{WalletIn: 5000, CurrentCredits: 5000}, true},
		{"bet, win, refund, cash-out", map[Meter]int64{WalletIn: 5000, CoinIn: 300, WonToCredits: 1000, VoidedRefund: 100, WalletOut: 2000, CurrentCredits: 3800}, true},
		{"one cent short", map[Meter]int64{WalletIn: 5000, CoinIn: 300, CurrentCredits: 4701}, false},
		{"handpay is not credits", map[Meter]int64{WalletIn: 5000, Handpay: 2_000_000, CurrentCredits: 5000}, true},
		{"across rollover", map[Meter]int64{WalletIn: 100, CoinIn: Modulus - 50, CurrentCredits: 150}, true},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var ms Meters
			for k, v := range tc.m {
				ms[k] = v
			}
			if err := ms.Invariant(); (err == nil) != tc.ok {
				t.Fatalf("Invariant: %v, want ok=%v", err, tc.ok)
			}
		})
	}
}

func TestRollover(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	// Bring coin in and wallet in to just below the width, then cross it.
	for _, big := range []int64{Modulus/2 - 1, Modulus/2 - 9} {
		if err := st.Update(func(tx *Tx) error {
			tx.Add(WalletIn, big)
			tx.Add(CoinIn, big)
			tx.Add(GamesPlayed, big)
			return tx.SetCredits(0)
		}); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.Update(func(tx *Tx) error {
		tx.Add(WalletIn, 100)
		tx.Add(CoinIn, 30)
		tx.Add(GamesPlayed, 30)
		return tx.SetCredits(70)
	}); err != nil {
		t.Fatalf("a commit across rollover: %v", err)
	}
	st.Close()
	st = mustOpen(t, dir, testOpts()) // the replay accepts the rollover too
	defer st.Close()
	m := st.Meters()
	if m[WalletIn] != 90 || m[CoinIn] != 20 || m[GamesPlayed] != 20 {
		t.Errorf("after rollover: wallet_in %d coin_in %d games %d, want 90 20 20", m[WalletIn], m[CoinIn], m[GamesPlayed])
	}
	if err := m.Invariant(); err != nil {
		t.Error(err)
	}
}

func TestMetersJSONKeys(t *testing.T) {
	var ms Meters
	for i := range ms {
		ms[i] = int64(i + 1)
	}
	b, err := json.Marshal(ms)
	if err != nil {
		t.Fatal(err)
	}
	// The names other tools rely on, verbatim.
	for _, k := range []string{"current_credits_cents", "wallet_in_cents", "wallet_out_cents", "coin_in_cents",
		"coin_out_cents", "won_to_credits_cents", "jackpot_cents", "handpay_cents", "cancelled_credits_cents",
		"voided_refund_cents", "games_played", "games_won", "games_lost", "games_voided", "door_opens", "power_ups"} {
		if !strings.Contains(string(b), `"`+k+`":`) {
			t.Errorf("key %s missing from %s", k, b)
		}
	}
	var back Meters
	if err := json.Unmarshal(b, &back); err != nil || back != ms {
		t.Fatalf("round trip: %v %v", back, err)
	}
	var plain map[string]any
	json.Unmarshal(b, &plain)
	if len(plain) != int(NumMeters) {
		t.Errorf("%d keys, want %d", len(plain), NumMeters)
	}
	for _, bad := range []string{`{"coin_in":1}`, `{"coin_in_cents":-1}`, `{"coin_in_cents":1.5}`} {
		if err := json.Unmarshal([]byte(bad), &back); err == nil {
			t.Errorf("Unmarshal(%s) accepted", bad)
		}
	}
}

func TestTotals(t *testing.T) {
	gs := []GameMeter{
		{Title: "a", DenomCents: 1, GamesPlayed: 2, CoinInCents: 100, WonCents: 90},
		{Title: "a", DenomCents: 5, GamesPlayed: 1, CoinInCents: 50, WonCents: 0},
		{Title: "b", DenomCents: 1, GamesPlayed: 4, CoinInCents: 200, WonCents: 300},
	}
	tt := TitleTotals(gs)
	if len(tt) != 2 || tt[0].CoinInCents != 150 || tt[1].WonCents != 300 {
		t.Errorf("title totals %+v", tt)
	}
	dt := DenomTotals(gs)
	if len(dt) != 2 || dt[0].DenomCents != 1 || dt[0].GamesPlayed != 6 || dt[1].CoinInCents != 50 {
		t.Errorf("denomination totals %+v", dt)
	}
}

func TestReportJSONIsFlat(t *testing.T) {
	var ms Meters
	ms[WalletIn], ms[CurrentCredits] = 700, 700
	b, err := json.Marshal(Report{Seq: 9, Meters: ms, Games: []GameMeter{{Title: "t", DenomCents: 5, GamesPlayed: 1}}})
	if err != nil {
		t.Fatal(err)
	}
	var got map[string]json.RawMessage
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatalf("%s: %v", b, err)
	}
	if string(got["current_credits_cents"]) != "700" || string(got["wallet_in_cents"]) != "700" || string(got["seq"]) != "9" {
		t.Errorf("report %s", b)
	}
	if string(got["counters"]) != "{}" {
		t.Errorf("counters: %s", got["counters"])
	}
	if string(got["currency"]) != `"EUR"` { // the zero Report's: a state without a record counts in euros
		t.Errorf("currency: %s", got["currency"])
	}
	if len(got) != int(NumMeters)+4 || !strings.HasPrefix(string(got["games"]), `[{"title":"t"`) {
		t.Errorf("report keys: %s", b)
	}
}

// The currency a state records is in its report, its view's wire form and its
// listing's amounts; a state without a record counts in euros.
func TestStateCurrency(t *testing.T) {
	dir := t.TempDir()
	st := mustOpen(t, dir, testOpts())
	var none bool
	st.View(func(v *Snapshot) { _, rec := v.Currency(); none = !rec })
	if !none {
		t.Fatal("a new state records a currency")
	}
	if err := st.Update(func(tx *Tx) error {
		tx.Add(WalletIn, 50_000)
		if err := tx.SetCredits(50_000); err != nil {
			return err
		}
		if err := tx.SetValue(durableTestKey, json.RawMessage(`{"x":1}`)); err != nil {
			return err
		}
		return tx.SetValue(CurrencyKey, CurrencyValue(money.KZT))
	}); err != nil {
		t.Fatal(err)
	}
	var rep []byte
	var wire []byte
	var l MetersListing
	st.View(func(v *Snapshot) {
		rep, _ = json.Marshal(v.Report())
		wire, _ = v.MarshalJSON()
		l = v.MetersListing()
	})
	if !strings.Contains(string(rep), `"currency":"KZT"`) {
		t.Errorf("report %s", rep)
	}
	w, err := DecodeSnapshot(wire)
	if err != nil {
		t.Fatal(err)
	}
	if c, rec := w.Currency(); c != money.KZT || !rec {
		t.Errorf("the wire form's currency: %v %v", c, rec)
	}
	if _, ok := w.Value(durableTestKey); ok {
		t.Error("the wire form carries a private value")
	}
	var b strings.Builder
	l.Print(&b, Units{Currency: money.KZT})
	if !strings.Contains(b.String(), "500.00 KZT") || strings.Contains(b.String(), "EUR") {
		t.Errorf("listing:\n%s", b.String())
	}
}

const durableTestKey = "machine"
