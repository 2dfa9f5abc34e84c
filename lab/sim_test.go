package lab

import (
	"context"
	"strings"
	"testing"

	"egm/games"
	"egm/jurisdiction"
)

// A KZ simulation plays the EE games in tenge: the same measured RTP, hit
// frequency and jackpot hits from the same seed, the bet 500 times the euro's.
func TestSimulateInTenge(t *testing.T) {
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	ti := ts[0]
	par, err := ti.PAR()
	if err != nil {
		t.Fatal(err)
	}
	ee, err := SimulateIn(context.Background(), jurisdiction.EE, ti, par, 20_000, 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	kz, err := SimulateIn(context.Background(), jurisdiction.KZ, ti, par, 20_000, 9, nil)
	if err != nil {
		t.Fatal(err)
	}
	if kz.Measured != ee.Measured || kz.HitFrequency != ee.HitFrequency || kz.JackpotHits != ee.JackpotHits || kz.BetCents != 500*ee.BetCents {
		t.Fatalf("EE %+v\nKZ %+v", ee, kz)
	}
	var a, b strings.Builder
	ee.Print(&a)
	kz.Print(&b)
	if !strings.Contains(a.String(), " EUR,") || !strings.Contains(b.String(), " KZT,") {
		t.Fatalf("%s%s", a.String(), b.String())
	}
}
