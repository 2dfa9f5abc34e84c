package saslink

import (
	"testing"

	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// TestGameMetersSumToTheMachine plays games on several titles — wins credited,
// wins handpaid, a floor bonus — and reads the meters as a SAS host does, over
// the link: for every meter the machine reports both machine-wide and per game
// (00 coin in, 01 coin out, 02 jackpot, 05 games played; through 2F and 52), the
// games add up to the machine; coin out equals the credits the games and the
// bonus paid to the credit meter (counted from the balance, not the meters); 02
// the handpaid wins; long poll 18 counts the games since power-up and since the
// door closed.
func TestGameMetersSumToTheMachine(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = 4000 // the lowest allowed: at the maximum bet some wins are handpays
	cfg.Gamble.Enabled = false
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(11)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	b, err := New(m, "EGM-SUM", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	m.SetJackpotsLinked(false) // no controller here: the machine pays its levels
	p := serve(t, b)
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
	}
	must(machine.Input{Kind: machine.InTick})
	must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 1_000_000})
	var credited, handpaid int64
	played := 0
	titles := m.Titles()
	for i, ti := range []int{0, 3, 7} {
		must(machine.Input{Kind: machine.InSelectTitle, Title: titles[ti].Spec.ID})
		s := m.Status()
		_, hi, _ := m.BetRange(s.Title, s.DenomCents)
		must(machine.Input{Kind: machine.InSetBet, Credits: hi})
		if i == 1 {
			before := m.Status().CreditsCents
			if err := b.LegacyBonus(250, 0); err != nil {
				t.Fatal(err)
			}
			credited += m.Status().CreditsCents - before
		}
		for range 150 {
			s := m.Status()
			if s.CreditsCents < s.BetCents {
				must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 1_000_000})
				s = m.Status()
			}
			before, bet := s.CreditsCents, s.BetCents
			must(machine.Input{Kind: machine.InSpin})
			played++
			for {
				s = m.Status()
				switch s.State {
				case machine.GameInProgress:
					must(machine.Input{Kind: machine.InStepShown, Step: s.Step})
					continue
				case machine.GambleOffered:
					must(machine.Input{Kind: machine.InTakeWin})
					continue
				case machine.HandpayLockup:
					handpaid += s.WinCents
					must(machine.Input{Kind: machine.InAttendantKey})
					continue
				}
				break
			}
			credited += m.Status().CreditsCents - (before - bet)
		}
	}
	if handpaid == 0 || credited == 0 {
		t.Fatalf("the play proves nothing: credited %d, handpaid %d", credited, handpaid)
	}
	read := func(game int, code sas.MeterCode) uint64 {
		t.Helper()
		data := append(append([]byte{3}, sas.AppendBCD(nil, uint64(game), 2)...), byte(code))
		r, err := p.Host.LongPoll(1, 0x2F, data, true)
		if err != nil || len(r) != 3+2+1+4+2 {
			t.Fatalf("2F game %d meter %02X: % X %v", game, code, r, err)
		}
		v, _ := sas.ParseBCD(r[6:10])
		return v
	}
	codes := []sas.MeterCode{sas.MeterCoinIn, sas.MeterCoinOut, sas.MeterJackpot, sas.MeterGamesPlayed}
	sum := map[sas.MeterCode]uint64{}
	for g := 1; g <= len(titles); g++ {
		r, err := p.Host.LongPoll(1, 0x52, sas.AppendBCD(nil, uint64(g), 2), true)
		if err != nil || len(r) != 22 {
			t.Fatalf("52 game %d: % X %v", g, r, err)
		}
		for i, c := range codes {
			v, _ := sas.ParseBCD(r[4+4*i : 8+4*i])
			if two := read(g, c); two != v {
				t.Fatalf("game %d meter %02X: 2F %d, 52 %d", g, c, two, v)
			}
			sum[c] += v
		}
	}
	for _, c := range codes {
		if whole := read(0, c); whole != sum[c] {
			t.Errorf("meter %02X: the machine %d, its games %d", c, whole, sum[c])
		}
	}
	if got := read(0, sas.MeterCoinOut); got != uint64(credited) {
		t.Errorf("coin out %d, the credits won %d", got, credited)
	}
	if got := read(0, sas.MeterJackpot); got != uint64(handpaid) {
		t.Errorf("jackpot %d, the handpaid wins %d", got, handpaid)
	}
	var won int64
	m.View(func(s *meters.Snapshot) { won = s.Meters().Get(meters.WonToCredits) })
	if uint64(won) != uint64(credited) {
		t.Errorf("won_to_credits %d, credited %d", won, credited)
	}
	games18 := func() (uint64, uint64) {
		r, err := p.Host.LongPoll(1, 0x18, nil, false)
		if err != nil || len(r) != 8 {
			t.Fatalf("18: % X %v", r, err)
		}
		a, _ := sas.ParseBCD(r[2:4])
		d, _ := sas.ParseBCD(r[4:6])
		return a, d
	}
	if a, d := games18(); a != uint64(played) || d != uint64(played) {
		t.Fatalf("18: %d since power-up, %d since the door; played %d", a, d, played)
	}
	must(machine.Input{Kind: machine.InDoorOpen})
	must(machine.Input{Kind: machine.InDoorClose})
	must(machine.Input{Kind: machine.InSpin})
	for s := m.Status(); s.State == machine.GameInProgress || s.State == machine.GambleOffered || s.State == machine.HandpayLockup; s = m.Status() {
		switch s.State {
		case machine.GameInProgress:
			must(machine.Input{Kind: machine.InStepShown, Step: s.Step})
		case machine.GambleOffered:
			must(machine.Input{Kind: machine.InTakeWin})
		default:
			must(machine.Input{Kind: machine.InAttendantKey})
		}
	}
	if a, d := games18(); a != uint64(played+1) || d != 1 {
		t.Fatalf("18 after the door: %d, %d; want %d, 1", a, d, played+1)
	}
}
