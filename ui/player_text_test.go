//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"egm/games"
	"egm/jurisdiction"
	"egm/locale"
	"egm/machine"
	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/tables/play"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
	"egm/ui/internal/qrpanel"
	"egm/ui/internal/slotscene"
)

// tablePlayLimits are the table games' limits the lobby states by default.
func tablePlayLimits() play.Limits { return play.DefaultLimits }

// playerText is one text the player can read and the box it is drawn in: the
// width it must fit at 1920×1080 (its box's inner width, in the 1920×1080 layout),
// the size it is drawn at, whether the screen shrinks it to fit (fitSize), and the
// smallest size it may be shrunk to and stay readable.
type playerText struct {
	where string // what it is and which box holds it
	s     string
	w     float64
	size  float64
	bold  bool
	fits  bool // drawn at fitSize(s, size, bold, w)
	min   float64
}

// The smallest window the screen supports (run.go) shows the 1920×1080 layout
// scaled by minScale: every width scales alike, so a text that fits its box at
// 1920×1080 fits it there too; what differs is the height of its letters on the
// glass, which must stay at least minGlassPx pixels.
const (
	minScale   = float64(minWindowW) / paint.ScreenW
	minGlassPx = 8.0
)

var (
	requirementID = regexp.MustCompile(`R-[A-Z]+-\d`)
	devKey        = regexp.MustCompile(`\bF([1-9]|1[0-2])\b`)
)

// playerTexts enumerates every text of metered play the player reads: the slot
// side's (slotPlayerTexts), the table games' and the help pages'.
func playerTexts(t *testing.T) []playerText {
	t.Helper()
	out := slotPlayerTexts(t)
	out = append(out, tablePlayerTexts()...) // the table games (table_text_test.go)
	return append(out, helpPlayerTexts(t)...)
}

// slotPlayerTexts enumerates the slot side's texts: every refusal reason and
// state, every status line, every lockup, the meters, buttons and banners, the
// free games', Lock & Spin's and the gamble's words, the attract mode's and the
// lobby's words for all titles and table games, and the QR panel and card.
func slotPlayerTexts(t *testing.T) []playerText {
	t.Helper()
	const most = 99_999_999_99 // the largest amount the meters show
	var out []playerText
	// the status boxes: the table scenes', and the play scene's beside each reel
	// window the titles have
	boxes := map[string]slotscene.StatusBox{"tables": slotscene.WideStatus}
	frames := map[string][4]float32{}
	all, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range all {
		g := slotscene.WindowGeom(ti.Spec.Reels.Reels, ti.Spec.Reels.Rows)
		k := fmt.Sprintf("play %dx%d", g.Reels, g.Rows)
		boxes[k] = slotscene.PlayStatus(g)
		frames[k] = [4]float32{g.X - 26, g.Y - 26, g.W() + 52, g.H() + 52} // drawFrame's outer panel
	}
	status := func(where, s string) {
		for name, b := range boxes {
			// each line is a text of the box's width
			lines, size := b.Layout(s)
			if len(lines) > b.Lines {
				t.Errorf("%s: %q takes %d lines of the %s status box, at most %d", where, s, len(lines), name, b.Lines)
			}
			x, y, w, h := b.Rect(lines, size)
			if y < slotscene.StatusTop {
				t.Errorf("%s: the %s status box of %q reaches up to y=%v, above %d", where, name, s, y, slotscene.StatusTop)
			}
			if f, ok := frames[name]; ok && x < f[0]+f[2] && f[0] < x+w && y < f[1]+f[3] && f[1] < y+h {
				t.Errorf("%s: the %s status box of %q (%v,%v %vx%v) overlaps the reel frame (%v)", where, name, s, x, y, w, h, f)
			}
			for _, ln := range lines {
				out = append(out, playerText{where + " (" + name + " status box)", ln, float64(b.W - 2*slotscene.StatusPad), size, true, true, slotscene.StatusMinSize})
			}
		}
	}
	for _, r := range refusal.SampleRefusals() {
		status(fmt.Sprintf("refusal %s %s", r.Reason, r.State), kit.RefusalText(r))
		if r.Reason == refusal.RefusedRestricted {
			status("the wallet's refusal of a cash-in", kit.WalletRefusedText())
		}
	}
	status("refusal without a sentence", kit.RefusalText(machine.ErrRefused))
	status("machine locked up", kit.RefusalText(fmt.Errorf("meters: disk full")))
	status("busy", kit.BusyText())
	status("cash-out on its way", kit.CashoutText(most))
	status("mystery bonus", kit.BonusText(most))
	status("demo play", slotscene.DemoText())
	status("max bet question", slotscene.TrMoney("play.status.max_bet_ask", most))
	for _, id := range []string{"play.status.nothing_to_gamble", "play.status.no_gamble", "play.status.demo_no_cashout"} {
		status(id, kit.Tr(id))
	}
	for _, codes := range []bool{false, true} {
		for _, key := range []bool{false, true} {
			status(fmt.Sprintf("no credit (codes %v, deposit key %v)", codes, key), kit.NoCreditText(codes, key, false, most))
		}
	}
	lockW := float64(paint.ScreenW - 620) // the lockup panel's inner width
	for _, st := range kit.LockupSamples() {
		title, detail := kit.LockupWords(st)
		if title == "" || detail == "" {
			t.Errorf("lockup %s: no words", st.State)
		}
		out = append(out, playerText{"lockup title " + st.State.String(), title, lockW, 110, true, true, 56},
			playerText{"lockup detail " + st.State.String(), detail, lockW, 56, true, true, 24})
	}
	for _, st := range []machine.State{machine.Idle, machine.GameInProgress, machine.GambleOffered, machine.CashoutPending} {
		if title, detail := kit.LockupWords(machine.Status{State: st}); title != "" || detail != "" {
			t.Errorf("state %s is no lockup but has the words %q %q", st, title, detail)
		}
	}
	const bannerW = 860 // banner(): the panel's inner width
	for _, s := range []string{kit.Tr("play.banner.win"), kit.Tr("play.banner.big_win"), kit.Tr("play.banner.mega_win"), kit.Tr("play.banner.free_games_win"),
		kit.Tr("play.banner.lock_win"), "LOCK & SPIN", "MAGIC CLOVER ×5", "SCALE UP ×5", slotscene.TrNameX("play.banner.colors", slotscene.ColourWord("green"), 3)} {
		out = append(out, playerText{"banner title", s, bannerW, 76, true, true, 40})
	}
	for _, s := range []string{kit.PlayerMoney(most), slotscene.JackpotBannerLine(most, []string{"Grand", "Major"}, true), slotscene.JackpotBannerLine(most, []string{"Grand", "Major"}, false),
		slotscene.TrX("play.banner.colors_line", 10), kit.Tr("play.banner.clover_line"), kit.Tr("play.banner.scale_line"), slotscene.TrOf("play.banner.lock_line", 15, 3)} {
		out = append(out, playerText{"banner line", s, bannerW, 54, true, true, 24})
	}
	// the meters (hud.go: meterBox's caption, amount and second line)
	for i, caption := range []string{kit.Tr("play.meter.credit"), kit.Tr("play.meter.bet"), kit.Tr("play.meter.denom"), kit.Tr("play.meter.win"), kit.Tr("play.meter.your_credit"), kit.Tr("play.meter.demo_game")} {
		box := []int{slotscene.BoxCredit, slotscene.BoxBet, slotscene.BoxDenom, slotscene.BoxWin, slotscene.BoxCredit, slotscene.BoxWin}[i]
		out = append(out, playerText{"meter caption", caption, float64(slotscene.MeterBoxes[box][1] - 16), 20, true, false, 20})
	}
	out = append(out,
		playerText{"bet meter: credits and lines", slotscene.BetLine(most, 1, 50), float64(slotscene.MeterBoxes[slotscene.BoxBet][1] - 16), 20, false, true, 16},
		playerText{"denomination meter: per credit", slotscene.PerCredit(), float64(slotscene.MeterBoxes[slotscene.BoxDenom][1] - 16), 20, false, false, 20},
	)
	// the buttons (drawButton: the name fits the button less 20 px)
	for _, deck := range [][]slotscene.Button{slotscene.Buttons, slotscene.GambleButtons, {lobbyPageButton, {Name: "SLOT GAMES", W: lobbyPageButton.W}}} {
		for _, b := range deck {
			out = append(out, playerText{"button " + b.Name, slotscene.ButtonWords(b.Name), float64(b.W - 20), 30, true, true, 18})
		}
	}
	// the free games, Lock & Spin and the gamble
	out = append(out,
		playerText{"free games intro", slotscene.TrCount("play.free.awarded", 25), 860, 84, true, true, 40},
		playerText{"free games counter", slotscene.TrOf("play.free.game_of", 25, 25), 660, 46, true, true, 30},
		playerText{"free games won", slotscene.TrMoney("play.free.won", most), 800 - 140, 24, true, false, 24},
		playerText{"expanding symbol caption", kit.Tr("play.free.expanding"), 280, 26, true, true, 18},
		playerText{"expanding symbol pays", slotscene.TrNameMoney("play.free.expanding_pays", "PHARAOH", most), 660, 26, true, true, 18},
		playerText{"Lock & Spin total", slotscene.TrMoney("play.lock.total", most), 560, 28, true, false, 28},
		playerText{"Lock & Spin respins caption", kit.Tr("play.lock.respins"), 200, 22, true, false, 22},
		playerText{"gamble: attempts", slotscene.TrOf("play.gamble.attempts", 5, 5), 480, 24, false, true, 18},
		playerText{"gamble: limit", slotscene.TrMoney("play.gamble.limit", most), 480, 24, false, true, 18},
		playerText{"gamble: a right colour wins", kit.Tr("play.gamble.colour_wins"), 480, 26, true, true, 18},
		playerText{"gamble: last cards", kit.Tr("play.gamble.last_cards"), 340, 26, true, true, 18},
		playerText{"gamble: won", kit.Tr("play.gamble.won"), 600, 56, true, false, 56},
		playerText{"gamble: lost", kit.Tr("play.gamble.lost"), 600, 56, true, false, 56},
	)
	out = append(out,
		playerText{"attract: touch to play (its panel)", kit.Tr("play.attract.touch"), 1000 - 40, 70, true, true, 40},
		playerText{"attract: win meter of a metered cabinet", kit.Tr("play.meter.not_for_money"), 660 - 16, 38, true, true, 24},
		playerText{"attract: credit meter", kit.PlayerMoney(most), 440 - 16, 38, true, true, 24},
		playerText{"jackpot: the mystery's level (between the jackpot panels)", slotscene.TrMoney("play.jackpot.mystery", most), lobbyMidW, 24, true, false, 24},
		playerText{"bonus jackpot: its amount (under the GRAND panel)", slotscene.TrMoney("play.jackpot.bonus", most), 440, 34, true, true, 22},
		playerText{"bonus jackpot: its ceiling (under the GRAND panel)", slotscene.TrMoney("play.jackpot.bonus_by", most), 440, 22, true, true, 16},
		playerText{"lobby: heading (between the jackpot panels)", kit.Tr("play.lobby.choose"), lobbyMidW, 44, true, true, 30},
		playerText{"lobby: the player's credit (between the jackpot panels)", slotscene.TrMoney("play.lobby.credit", most), lobbyMidW, 30, true, true, 20},
		playerText{"lobby: subtitle (between the jackpot panels)", lobbySubtitle(25), lobbyMidW, 22, false, true, 18},
		playerText{"QR panel: title", kit.Tr("play.qr.scan_to_cash_out"), qrpanel.QrPanelW - 48, 54, true, true, 30},
		playerText{"QR panel: cash-in line", kit.Tr("play.qr.add_credits"), qrpanel.QrPanelW - 48, 26, true, true, 20},
		playerText{"QR panel: the code's line", qrpanel.QrCodeLine(1<<32-1, settings.DefaultConfig().MachineID, 59*60e9), qrpanel.QrPanelW - 48, 24, false, true, 18},
		playerText{"QR panel: idle note", slotscene.TrCount("play.qr.idle_note", 60), qrpanel.QrPanelW - 48, 20, false, true, 16},
		playerText{"QR panel: cash-out note", kit.Tr("play.qr.cash_out_note"), qrpanel.QrPanelW - 48, 20, false, true, 16},
		playerText{"QR card: title", kit.Tr("play.qr.scan_to_play"), qrpanel.QrCardW - 16, 34, true, true, 20},
		playerText{"QR card: under the code", kit.Tr("play.qr.with_wallet"), qrpanel.QrCardW - 16, 22, true, true, 16},
		playerText{"QR card: the code's line", qrpanel.QrCardLine(1<<32-1, 59*60e9), qrpanel.QrCardW - 16, 18, false, true, 16},
		playerText{"idle cash-out banner", qrpanel.IdleText(most, 119e9), 980 - 40, 30, true, true, 20},
	)
	for _, g := range []string{"roulette", "three-card-poker", "punto-banco", "blackjack", "ultimate-texas-holdem"} {
		name, blurb, bets, side := tableTileWords(g, tablePlayLimits())
		if len(name) > 3 {
			t.Errorf("table tile %s: the name takes %d lines", g, len(name))
		}
		out = append(out, playerText{"table tile blurb " + g, blurb, tableTileW - 30, 22, true, true, 16},
			playerText{"table tile bets " + g, bets, tableTileW - 30, 22, true, true, 16},
			playerText{"table tile side bets " + g, side, tableTileW - 30, 20, false, true, 16})
	}
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range ts {
		name, size, info, feat := tileTexts(ti)
		if len(name) > 2 {
			t.Errorf("tile %s: the name takes %d lines", ti.Spec.ID, len(name))
		}
		for _, ln := range name {
			out = append(out, playerText{"lobby tile name " + ti.Spec.ID, ln, tileTextW, size, true, true, 20})
		}
		out = append(out, playerText{"lobby tile reels " + ti.Spec.ID, info, tileTextW, tileInfoSize, false, true, 16},
			playerText{"lobby tile features " + ti.Spec.ID, feat, tileFeatW, tileFeatSize, true, true, 16})
	}
	return out
}

// helpPlayerTexts are the help pages' texts of every title: the paytable's
// cells, the page's foot and the features' texts.
func helpPlayerTexts(t *testing.T) []playerText {
	t.Helper()
	var out []playerText
	ts, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range ts {
		r, err := kit.NewRules(ti)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Paytable { // the paytable page's cells: 246 px right of the symbol
			out = append(out, playerText{"paytable symbol " + ti.Spec.ID, p.Symbol, 240, 26, true, true, 18})
			for k, n := range p.Counts {
				out = append(out, playerText{"paytable pay " + ti.Spec.ID, fmt.Sprintf("%d  —  %d × total bet", n, p.X[k]), 246, 22, false, false, 18})
			}
			for _, ln := range slotscene.Wrap(p.Note, 18, false, 236) {
				out = append(out, playerText{"paytable note " + ti.Spec.ID, ln, 246, 18, false, false, 16})
			}
		}
		foot := fmt.Sprintf("%s  ·  %d LINES  ·  BET %s – %s  ·  RTP %s", r.Family, len(r.Lines), kit.PlayerMoney(r.MinBetCents), kit.PlayerMoney(r.MaxBetCents), r.RTPText())
		out = append(out, playerText{"help page foot " + ti.Spec.ID, foot, paint.ScreenW - 60 - 40, 24, false, false, 18})
		for _, f := range r.Features {
			for _, tx := range f.Text {
				for _, ln := range slotscene.Wrap(tx, 26, false, 1660) {
					out = append(out, playerText{"help feature text " + ti.Spec.ID, ln, 1660, 26, false, false, 18})
				}
			}
		}
	}
	return out
}

// TestPlayerTexts reads every text of metered play as a player would: no
// requirement id, no cents, no key of the development keyboard, no text wider than
// its box at 1920×1080, and none shrunk so far that its letters are smaller than
// minGlassPx pixels on the smallest supported window.
func TestPlayerTexts(t *testing.T) {
	texts := playerTexts(t)
	if len(texts) < 200 {
		t.Fatalf("only %d texts enumerated", len(texts))
	}
	checkPlayerTexts(t, "", texts)
}

// checkPlayerTexts reads texts as a player would (TestPlayerTexts); lang names
// the language in the errors.
func checkPlayerTexts(t *testing.T, lang string, texts []playerText) {
	t.Helper()
	for _, p := range texts {
		if lang != "" {
			p.where = lang + ": " + p.where
		}
		if requirementID.MatchString(p.s) || strings.Contains(strings.ToLower(p.s), "cents") || devKey.MatchString(p.s) {
			t.Errorf("%s: %q has a requirement id, cents or a development key", p.where, p.s)
		}
		if strings.Contains(p.s, "machine:") || strings.Contains(p.s, "ui:") || strings.Contains(p.s, "refused") {
			t.Errorf("%s: %q reads like an engineer's error", p.where, p.s)
		}
		size := p.size
		if p.fits {
			size = paint.FitSize(p.s, p.size, p.bold, p.w)
		}
		if w := paint.TextWidth(p.s, size, p.bold); w > p.w+0.5 {
			t.Errorf("%s: %q is %.0f px wide at 1920×1080, its box %.0f", p.where, p.s, w, p.w)
		}
		if size < p.min || size*minScale < minGlassPx {
			t.Errorf("%s: %q is drawn at %.1f (%.1f px on a %d×%d window), smallest readable %.0f", p.where, p.s, size, size*minScale, minWindowW, minWindowH, max(p.min, minGlassPx/minScale))
		}
	}
}

// The development keys are named on the status line only in development mode.
func TestNoCreditTextDevKeys(t *testing.T) {
	insert, scan := kit.Tr("play.status.insert_credits"), kit.Tr("play.status.scan_to_play")
	tests := []struct {
		codes, key, dev bool
		want            string
	}{
		{false, false, false, insert},
		{false, true, false, insert},
		{true, true, false, scan},
		{false, true, true, insert + " · F2: " + kit.PlayerMoney(100_00) + " FROM THE TEST WALLET"},
		{true, true, true, scan + " · F2: " + kit.PlayerMoney(100_00) + " FROM THE TEST WALLET · F3: SHOW THE CODE"},
		{true, false, true, scan + " · F3: SHOW THE CODE"},
	}
	for _, tc := range tests {
		if got := kit.NoCreditText(tc.codes, tc.key, tc.dev, 100_00); got != tc.want {
			t.Errorf("noCreditText(codes %v, key %v, dev %v) = %q, want %q", tc.codes, tc.key, tc.dev, got, tc.want)
		}
	}
}

// A refusal reaches the player as its message, worded in the player's language
// with the amounts in the player's currency; the operator menu reads the
// engineers' detail.
func TestRefusalWords(t *testing.T) {
	r := &refusal.Refusal{Reason: refusal.RefusedBalance, Msg: "play.refused.balance",
		Values: refusal.Values{Amounts: map[string]int64{"Credit": 100, "Bet": 200}},
		Detail: "bet 200 cents is more than the balance 100 cents (R-CASH-5)"}
	bet := &refusal.Refusal{Reason: refusal.RefusedBet, Msg: "play.refused.bet", Values: refusal.Values{Counts: map[string]int64{"Min": 1, "N": 5}}, Detail: "d"}
	defer kit.ResetPlayerLang()
	want := map[string]struct{ balance, bet string }{
		"et": {"TEIE KREDIIT 1,00 € EI KATA PANUST 2,00 €", "PANUS JOONE KOHTA ON 1 KUNI 5 KREDIITI"},
		"ru": {"ВАШЕГО КРЕДИТА 1,00 € НЕ ХВАТАЕТ НА СТАВКУ 2,00 €", "СТАВКА НА ЛИНИЮ — ОТ 1 ДО 5 КРЕДИТОВ"},
		"en": {"YOUR CREDIT OF €1.00 DOES NOT COVER THE BET OF €2.00", "THE BET PER LINE GOES FROM 1 TO 5 CREDITS"},
	}
	for _, lang := range kit.PlayerLangs() {
		kit.SetPlayerLang(lang)
		w, ok := want[string(lang)]
		if !ok {
			t.Fatalf("no expected words for %s", lang)
		}
		tests := []struct {
			err          error
			player, oper string
		}{
			{r, w.balance, r.Detail},
			{fmt.Errorf("spin: %w", r), w.balance, r.Detail},
			{bet, w.bet, "d"},
			{machine.ErrRefused, kit.StatusCase(kit.Tr("play.refused.other")), "machine: input refused"},
			{fmt.Errorf("meters: disk full"), kit.Tr("play.status.call_attendant"), "meters: disk full"},
		}
		for _, tc := range tests {
			if got := kit.RefusalText(tc.err); got != tc.player {
				t.Errorf("%s: refusalText(%v) = %q, want %q", lang, tc.err, got, tc.player)
			}
			if got := kit.RefusalDetail(tc.err); got != tc.oper {
				t.Errorf("%s: refusalDetail(%v) = %q, want %q", lang, tc.err, got, tc.oper)
			}
		}
	}
}

// TestRefusalMessagesWorded: every message a refusal can give the player is in
// the catalogue of every language, its values filled in (no placeholder, no
// missing id left in the words).
func TestRefusalMessagesWorded(t *testing.T) {
	defer kit.ResetPlayerLang()
	for _, lang := range []locale.Lang{locale.ET, locale.RU, locale.KK, locale.EN} {
		kit.ScreenLang.Player = kit.ScreenLang.Printers[lang]
		for _, r := range refusal.SampleRefusals() {
			s := kit.RefusalText(r)
			if s == "" || strings.ContainsAny(s, "‹›{}") || strings.Contains(s, "<no value>") {
				t.Errorf("%s: refusal %s (%s): %q", lang, r.Reason, r.Msg, s)
			}
		}
		for _, st := range kit.LockupSamples() {
			title, detail := kit.LockupWords(st)
			if strings.ContainsAny(title+detail, "‹›{}") || strings.Contains(title+detail, "<no value>") {
				t.Errorf("%s: lockup %s: %q %q", lang, st.State, title, detail)
			}
		}
	}
}

// TestSlotTextsEveryLanguage reads the slot side's texts in every language the
// catalogues have, as TestPlayerTexts reads them in the default one: each must
// fit its box, no placeholder or missing id left.
func TestSlotTextsEveryLanguage(t *testing.T) {
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	for _, prof := range []jurisdiction.Profile{jurisdiction.EE, jurisdiction.KZ} {
		kit.SetJurisdiction(prof, "")
		// every language in the profile's currency (English too: a visitor's)
		for _, lang := range locale.All() {
			kit.ScreenLang.Player = kit.ScreenLang.Printers[lang]
			texts := slotPlayerTexts(t)
			for _, p := range texts {
				if strings.ContainsAny(p.s, "‹›{}") || strings.Contains(p.s, "<no value>") {
					t.Errorf("%s %s: %s: %q is not worded", prof.Code, lang, p.where, p.s)
				}
			}
			checkPlayerTexts(t, prof.Code+" "+string(lang), texts)
		}
	}
}
