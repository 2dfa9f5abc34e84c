package machine

import (
	"strings"
	"testing"

	"egm/machine/aft"
	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/meters"
	"egm/sas"
)

// TestAFTDeclined: the floor's wallet declines a live cash-in code (player
// protection) with a zero-amount 72: the code is spent, nothing moves, the reply
// is status 80 (cancelled by the host), an aft_declined event is logged, and the
// player reads it on the screen for DeclineShown. A resend is answered alike; a
// zero-amount request that names no live cash-in code is refused as before (83),
// and a balance on the machine is untouched.
func TestAFTDeclined(t *testing.T) {
	r := newRig(t, settings.DefaultConfig(), 1)
	r.register()
	in := r.code(aft.CodeCashIn)
	if rep := r.xfer(sas.AFTInHouseToMachine, in.ID, 20_00); rep.Status != sas.AFTStatusFull {
		t.Fatalf("deposit: %v", rep.Status)
	}
	r.interrogate(sas.AFTInterrogate, 0)
	c := r.code(aft.CodeCashIn)
	cases := []struct {
		name   string
		id     string
		key    [sas.AFTKeyLen]byte
		status sas.AFTStatus
	}{
		{"wrong key", c.ID, [sas.AFTKeyLen]byte{9}, sas.AFTStatusWrongKey},
		{"unknown code", "NOSUCHCODE0000000000", aftTestKey, sas.AFTStatusBadAmount},
		{"the live code", c.ID, aftTestKey, sas.AFTStatusCancelled},
		{"the same again", c.ID, aftTestKey, sas.AFTStatusCancelled},
	}
	for _, tc := range cases {
		rep := r.m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTFullOnly, Type: sas.AFTInHouseToMachine, Asset: r.cfg.AssetNumber, Key: tc.key, ID: tc.id})
		r.checkInvariant()
		if rep.Status != tc.status || rep.Cashable != 0 {
			t.Fatalf("%s: status %v, %d cents; want %v", tc.name, rep.Status, rep.Cashable, tc.status)
		}
	}
	st := r.m.Status()
	if st.CreditsCents != 20_00 || r.meters().Get(meters.WalletIn) != 20_00 {
		t.Fatalf("money moved: credits %d", st.CreditsCents)
	}
	if !strings.Contains(r.lastEvent(aft.EvDeclined), c.ID) || strings.Count(eventKinds(r), string(aft.EvDeclined)) != 1 {
		t.Fatalf("aft_declined events: %s", eventKinds(r))
	}
	if st.WalletRefused == "" || st.WalletRefused != refusal.Msg(refusal.RefusedRestricted) {
		t.Fatalf("the screen's sentence: %q", st.WalletRefused)
	}
	// The code is spent: a deposit with it is refused as a replay or unknown.
	if rep := r.xfer(sas.AFTInHouseToMachine, c.ID, 10_00); rep.Status.OK() {
		t.Fatalf("deposit with a declined code: %v", rep.Status)
	}
	// The sentence goes after DeclineShown; the balance still cashes out.
	r.clock.Add(DeclineShown)
	if s := r.m.Status().WalletRefused; s != "" {
		t.Fatalf("still shown: %q", s)
	}
	r.must(Input{Kind: InCashout})
	out := r.m.Status().AFTCashout
	if out == nil {
		t.Fatal("no cash-out code")
	}
	r.interrogate(sas.AFTInterrogate, 0)
	rep := r.m.AFTTransfer(sas.AFTTransfer{Code: sas.AFTFullOnly, Type: sas.AFTInHouseToHost, Cashable: 20_00, Flags: sas.AFTFlagCashoutRequest,
		Asset: r.cfg.AssetNumber, Key: aftTestKey, ID: out.ID})
	if rep.Status != sas.AFTStatusFull || r.m.Status().CreditsCents != 0 {
		t.Fatalf("cash-out after a decline: %v", rep.Status)
	}
	// The sentence is kept in memory only: a restart does not bring it back.
	r.restart()
	if s := r.m.Status().WalletRefused; s != "" {
		t.Fatalf("shown after a restart: %q", s)
	}
}

func eventKinds(r *rig) string {
	var b strings.Builder
	for _, e := range r.events() {
		b.WriteString(string(e.Kind) + " ")
	}
	return b.String()
}
