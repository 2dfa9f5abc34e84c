package saslink

import (
	"math/big"
	"strconv"
	"testing"

	"egm/machine"
	"egm/machine/settings"
	"egm/rng"
	"egm/sas"
	"egm/tables"
	"egm/tables/blackjack"
	"egm/tables/play"
	"egm/tables/puntobanco"
	"egm/tables/roulette"
	"egm/tables/threecard"
	"egm/tables/uth"
)

// TestTableBasePercents holds each table game's base % (1F/53) and paytable id to
// its sheet: 100% less the main bet's exact house edge, to the nearest hundredth.
func TestTableBasePercents(t *testing.T) {
	edge := func(s tables.Sheet, bet string) *big.Rat {
		t.Helper()
		for _, b := range s.Bets {
			if b.Name == bet {
				r, ok := new(big.Rat).SetString(b.Edge)
				if !ok {
					t.Fatalf("%s %s: edge %q", s.ID, bet, b.Edge)
				}
				return r
			}
		}
		t.Fatalf("%s: no bet %q on the sheet", s.ID, bet)
		return nil
	}
	rs, err := roulette.Sheet()
	if err != nil {
		t.Fatal(err)
	}
	pb, err := puntobanco.Sheet()
	if err != nil {
		t.Fatal(err)
	}
	bj, err := blackjack.HouseFigures()
	if err != nil {
		t.Fatal(err)
	}
	edges := map[string]*big.Rat{
		play.Roulette:   edge(rs, "straight"),
		play.ThreeCard:  edge(threecard.Sheet(threecard.Default), "Ante and Play (play Q-6-4 or better)"),
		play.PuntoBanco: edge(pb, "Banker (commission)"),
		play.Blackjack:  new(big.Rat).SetFloat64(bj.Edge),
		play.Holdem:     edge(uth.Sheet(), "Ante, Blind and Play (optimal strategy)"),
	}
	for _, g := range play.IDs() {
		ts, ok := tableGames[g]
		if !ok {
			t.Fatalf("%s has no SAS description", g)
		}
		// round(10000 × (1 − edge)), half up
		ret := new(big.Rat).Mul(new(big.Rat).Sub(big.NewRat(1, 1), edges[g]), big.NewRat(10_000, 1))
		ret.Add(ret, big.NewRat(1, 2))
		want := new(big.Int).Quo(ret.Num(), ret.Denom()).Int64()
		if got, err := strconv.Atoi(ts.base); err != nil || len(ts.base) != 4 || int64(got) != want {
			t.Errorf("%s: base %% %q, the sheet's main bet returns %d hundredths of a percent", g, ts.base, want)
		}
		if id := ts.initials + ts.base; len(id) != 6 {
			t.Errorf("%s: paytable id %q is not 6 characters", g, id)
		}
		if len(ts.name) == 0 || len(ts.name) > 20 {
			t.Errorf("%s: B5 name %q", g, ts.name)
		}
	}
}

// TestTableGamesOnTheLink: the table games are games 26..30 after the 25 titles,
// listed whether enabled or not, at 1 EUR in no progressive group; the long polls
// that list or describe games (51, 53, 55, 56, B1, B5) answer for all 30.
func TestTableGamesOnTheLink(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.Tables.Blackjack.Enabled = false
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(3)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	b, err := New(m, "EGM-TG", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	p := serve(t, b)
	gs := b.Games()
	if len(gs) != 30 {
		t.Fatalf("%d games, want 25 titles and 5 table games", len(gs))
	}
	for i, g := range play.IDs() {
		x := gs[25+i]
		want := sas.GameInfo{Number: 26 + i, GameID: "TG", AdditionalID: "0" + strconv.Itoa(26+i),
			DenomCents: 100, MaxBet: 100, Group: 0, PaytableID: tableGames[g].initials + tableGames[g].base,
			BasePercent: tableGames[g].base, Enabled: play.KindOf(g) != play.KindBlackjack, Name: tableGames[g].name, Levels: 0}
		if x.Number != want.Number || x.GameID != want.GameID || x.AdditionalID != want.AdditionalID || x.DenomCents != want.DenomCents ||
			x.MaxBet != want.MaxBet || x.Group != 0 || x.Levels != 0 || x.PaytableID != want.PaytableID || x.BasePercent != want.BasePercent ||
			x.Enabled != want.Enabled || x.Name != want.Name || len(x.Denoms) != 1 || x.Denoms[0] != 100 {
			t.Errorf("game %d (%s): %+v\nwant %+v", 26+i, g, x, want)
		}
		if id, ok := b.gameID(26 + i); !ok || id != g || b.gameNumber(g) != 26+i {
			t.Errorf("game %d: id %q %v, number of %s %d", 26+i, id, ok, g, b.gameNumber(g))
		}
	}
	for i := 0; i < 25; i++ {
		if gs[i].Group != 1 || gs[i].Levels != 0b11 {
			t.Errorf("title %d: group %d levels %b, want the linked group 1, levels 1 and 2", i+1, gs[i].Group, gs[i].Levels)
		}
	}
	if _, ok := b.gameID(31); ok {
		t.Error("a game 31")
	}
	if _, ok := b.Meter(31, sas.MeterCoinIn); ok {
		t.Error("meters of a game 31")
	}

	long := func(cmd byte, data []byte, crc bool) []byte {
		t.Helper()
		r, err := p.Host.LongPoll(1, cmd, data, crc)
		if err != nil || len(r) < 4 || r[0] != 1 || r[1] != cmd || !sas.CheckCRC(r) {
			t.Fatalf("%02X % X: % X %v", cmd, data, r, err)
		}
		return r
	}
	if r := long(0x51, nil, false); r[2] != 0x00 || r[3] != 0x30 {
		t.Errorf("51: % X, want 30 games", r)
	}
	// 56: the enabled games — 25 titles (those with a denomination) and four tables
	r := long(0x56, nil, false)
	enabled := map[uint64]bool{}
	for i := 0; i < int(r[3]); i++ {
		n, _ := sas.ParseBCD(r[4+2*i : 6+2*i])
		enabled[n] = true
	}
	for n := 26; n <= 30; n++ {
		if enabled[uint64(n)] != (n != 29) {
			t.Errorf("56: game %d enabled %v (blackjack, 29, is off)", n, enabled[uint64(n)])
		}
	}
	// 53 for game 26: id TG, additional 026, denom 1 EUR (06), max bet 100, group 0
	r = long(0x53, []byte{0x00, 0x26}, true)
	if string(r[4:6]) != "TG" || string(r[6:9]) != "026" || r[9] != sas.DenomCode(100) || r[10] != 100 || r[11] != 0 ||
		string(r[14:20]) != "RO9730" || string(r[20:24]) != "9730" {
		t.Errorf("53 game 26: % X", r)
	}
	// B5 for game 30: group 0, no levels
	r = long(0xB5, []byte{0x00, 0x30}, true)
	if r[3] != 0x00 || r[4] != 0x30 || r[7] != 0 || r[8]|r[9]|r[10]|r[11] != 0 {
		t.Errorf("B5 game 30: % X", r)
	}
	// a table round: 55 reports its game, B1 its denomination
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
	}
	must(machine.Input{Kind: machine.InTick})
	must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 100_000})
	must(machine.Input{Kind: machine.InTableDeal, Title: play.PuntoBanco, Table: tableStakes(play.PuntoBanco)})
	if r := long(0x55, nil, false); r[2] != 0x00 || r[3] != 0x28 {
		t.Errorf("55 during punto banco: % X, want game 28", r)
	}
	if r := long(0xB1, nil, false); r[2] != sas.DenomCode(100) {
		t.Errorf("B1 during punto banco: % X", r)
	}
	finishTable(t, m, play.PuntoBanco)
}

// tableStakes are bets that win above a 40 EUR handpay limit now and then.
func tableStakes(game string) *play.Bets {
	switch play.KindOf(game) {
	case play.KindRoulette:
		return &play.Bets{Roulette: []roulette.Bet{{Kind: roulette.Straight, Numbers: []int{17}, Stake: 300}, {Kind: roulette.Red, Stake: 500}}}
	case play.KindThreeCard:
		return &play.Bets{Spots: map[string]int64{play.SpotAnte: 2000, play.SpotPairPlus: 500}}
	case play.KindPuntoBanco:
		return &play.Bets{Spots: map[string]int64{"banker": 3000, "tie": 500}, Table: play.TableCommission}
	case play.KindBlackjack:
		return &play.Bets{Spots: map[string]int64{play.SpotMain: 3000}}
	}
	return &play.Bets{Spots: map[string]int64{play.SpotAnte: 1000, play.SpotTrips: 500}}
}

// playTable plays one round of game with the house strategy to its end (a
// handpay paid by the attendant) and returns what it handpaid.
func playTable(t testing.TB, m *machine.Machine, game string) (handpaid int64) {
	t.Helper()
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatalf("%s %+v: %v", game, in, err)
		}
	}
	must(machine.Input{Kind: machine.InTableDeal, Title: game, Table: tableStakes(game)})
	return finishTable(t, m, game)
}

// finishTable plays the round dealt to its end as playTable does.
func finishTable(t testing.TB, m *machine.Machine, game string) (handpaid int64) {
	t.Helper()
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatalf("%s %+v: %v", game, in, err)
		}
	}
	for {
		r, ok := m.TableRound()
		if !ok {
			t.Fatalf("%s: no round in progress", game)
		}
		if r.Done() {
			break
		}
		d, err := play.Auto(r)
		if err != nil {
			t.Fatal(err)
		}
		must(machine.Input{Kind: machine.InTableDecision, Decision: d})
	}
	must(machine.Input{Kind: machine.InStepShown, Step: 0})
	if s := m.Status(); s.State == machine.HandpayLockup {
		handpaid = s.WinCents
		must(machine.Input{Kind: machine.InAttendantKey})
	}
	if s := m.Status(); s.State != machine.Idle {
		t.Fatalf("%s: after the round %+v", game, s)
	}
	return handpaid
}

// TestGameMetersSumWithTableGames plays slot games and table rounds — wins
// credited and handpaid on both — and reads every game's meters as a host does
// (2F, 52 and 6F): games 1..30 add up to the machine (game 0) for 00 coin in, 01
// coin out, 02 jackpot and 05 games played; each table game reports its own
// rounds and handpays.
func TestGameMetersSumWithTableGames(t *testing.T) {
	cfg := settings.DefaultConfig()
	cfg.HandpayLimitCents = 4000
	cfg.Gamble.Enabled = false
	m, err := machine.Open(t.TempDir(), cfg, machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(5)}})
	if err != nil {
		t.Fatal(err)
	}
	defer m.Close()
	b, err := New(m, "EGM-SUM", func() ([]byte, error) { return []byte("program"), nil })
	if err != nil {
		t.Fatal(err)
	}
	m.SetJackpotsLinked(false) // no controller here
	p := serve(t, b)
	must := func(in machine.Input) {
		t.Helper()
		if err := m.Handle(in); err != nil {
			t.Fatalf("%+v: %v", in, err)
		}
	}
	must(machine.Input{Kind: machine.InTick})
	must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 1_000_000})
	topUp := func() {
		if m.Status().CreditsCents < 100_000 {
			must(machine.Input{Kind: machine.InDeposit, Wallet: "w1", Cents: 1_000_000})
		}
	}
	const rounds = 25
	tableHandpaid := map[string]int64{}
	titles := m.Titles()
	for _, ti := range []int{2, 11} {
		must(machine.Input{Kind: machine.InSelectTitle, Title: titles[ti].Spec.ID})
		s := m.Status()
		_, hi, _ := m.BetRange(s.Title, s.DenomCents)
		must(machine.Input{Kind: machine.InSetBet, Credits: hi})
		for range 60 {
			topUp()
			must(machine.Input{Kind: machine.InSpin})
			for s := m.Status(); s.State != machine.Idle; s = m.Status() {
				switch s.State {
				case machine.GameInProgress:
					must(machine.Input{Kind: machine.InStepShown, Step: s.Step})
				case machine.GambleOffered:
					must(machine.Input{Kind: machine.InTakeWin})
				case machine.HandpayLockup:
					must(machine.Input{Kind: machine.InAttendantKey})
				default:
					t.Fatalf("slot game: %+v", s)
				}
			}
		}
		for range rounds {
			for _, g := range play.IDs() {
				topUp()
				tableHandpaid[g] += playTable(t, m, g)
			}
		}
	}
	var anyHandpay int64
	for _, v := range tableHandpaid {
		anyHandpay += v
	}
	if anyHandpay == 0 {
		t.Fatal("no table round was handpaid: the play proves less than it should")
	}
	read2F := func(game int, code sas.MeterCode) uint64 {
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
	n := len(b.Games())
	if n != 30 {
		t.Fatalf("%d games", n)
	}
	for g := 1; g <= n; g++ {
		r, err := p.Host.LongPoll(1, 0x52, sas.AppendBCD(nil, uint64(g), 2), true)
		if err != nil || len(r) != 22 {
			t.Fatalf("52 game %d: % X %v", g, r, err)
		}
		ext, err := p.ExtendedMetersOf(g, codes...)
		if err != nil {
			t.Fatalf("6F game %d: %v", g, err)
		}
		for i, c := range codes {
			v, _ := sas.ParseBCD(r[4+4*i : 8+4*i])
			if two := read2F(g, c); two != v || ext[c] != v {
				t.Fatalf("game %d meter %02X: 2F %d, 52 %d, 6F %d", g, c, two, v, ext[c])
			}
			sum[c] += v
		}
		if g > 25 {
			game := play.IDs()[g-26]
			if ext[sas.MeterGamesPlayed] != 2*rounds || ext[sas.MeterCoinIn] == 0 {
				t.Errorf("game %d (%s): %d rounds, coin in %d; played %d", g, game, ext[sas.MeterGamesPlayed], ext[sas.MeterCoinIn], 2*rounds)
			}
			if ext[sas.MeterJackpot] != uint64(tableHandpaid[game]) {
				t.Errorf("game %d (%s): jackpot %d, handpaid %d", g, game, ext[sas.MeterJackpot], tableHandpaid[game])
			}
		}
	}
	for _, c := range codes {
		if whole := read2F(0, c); whole != sum[c] || whole == 0 {
			t.Errorf("meter %02X: the machine %d, its 30 games %d", c, whole, sum[c])
		}
	}
}
