//go:build cgo && !noscreen

package ui

import (
	"fmt"
	"regexp"
	"strings"
	"testing"

	"egm/games"
	"egm/machine"
)

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
	minScale   = float64(MinWindowW) / ScreenW
	minGlassPx = 8.0
)

var (
	requirementID = regexp.MustCompile(`R-[A-Z]+-\d`)
	devKey        = regexp.MustCompile(`\bF([1-9]|1[0-2])\b`)
)

// playerTexts enumerates every text of metered play the player reads: every
// refusal reason and state, every status line, every lockup, the banners, the
// attract mode's and the lobby's words for all titles, the QR panel and the
// help pages' paytable captions.
func playerTexts(t *testing.T) []playerText {
	t.Helper()
	const most = 99_999_999_99 // the largest amount the meters show
	var out []playerText
	// the status boxes: the table scenes', and the play scene's beside each reel
	// window the titles have
	boxes := map[string]statusBox{"tables": wideStatus}
	frames := map[string][4]float32{}
	all, err := games.All()
	if err != nil {
		t.Fatal(err)
	}
	for _, ti := range all {
		g := windowGeom(ti.Spec.Reels.Reels, ti.Spec.Reels.Rows)
		k := fmt.Sprintf("play %dx%d", g.reels, g.rows)
		boxes[k] = playStatus(g)
		frames[k] = [4]float32{g.x - 26, g.y - 26, g.w() + 52, g.h() + 52} // drawFrame's outer panel
	}
	status := func(where, s string) {
		for name, b := range boxes {
			// each line is a text of the box's width
			lines, size := b.layout(s)
			if len(lines) > b.lines {
				t.Errorf("%s: %q takes %d lines of the %s status box, at most %d", where, s, len(lines), name, b.lines)
			}
			x, y, w, h := b.rect(lines, size)
			if y < statusTop {
				t.Errorf("%s: the %s status box of %q reaches up to y=%v, above %d", where, name, s, y, statusTop)
			}
			if f, ok := frames[name]; ok && x < f[0]+f[2] && f[0] < x+w && y < f[1]+f[3] && f[1] < y+h {
				t.Errorf("%s: the %s status box of %q (%v,%v %vx%v) overlaps the reel frame (%v)", where, name, s, x, y, w, h, f)
			}
			for _, ln := range lines {
				out = append(out, playerText{where + " (" + name + " status box)", ln, float64(b.w - 2*statusPad), size, true, true, statusMinSize})
			}
		}
	}
	for _, r := range machine.SampleRefusals() {
		status(fmt.Sprintf("refusal %s %s", r.Reason, r.State), refusalText(r))
		if r.Reason == machine.RefusedRestricted {
			status("the wallet's refusal of a cash-in", walletRefusedText(r.Player))
		}
	}
	status("refusal without a sentence", refusalText(machine.ErrRefused))
	status("machine locked up", refusalText(fmt.Errorf("meters: disk full")))
	status("busy", busyText)
	status("cash-out on its way", cashoutText(most))
	status("mystery bonus", bonusText(most))
	status("demo play", demoText)
	status("nothing to gamble", "NOTHING TO GAMBLE")
	for _, codes := range []bool{false, true} {
		for _, key := range []bool{false, true} {
			status(fmt.Sprintf("no credit (codes %v, deposit key %v)", codes, key), noCreditText(codes, key, false, most))
		}
	}
	lockW := float64(ScreenW - 620) // the lockup panel's inner width
	for _, st := range lockupSamples() {
		title, detail := lockupWords(st)
		if title == "" || detail == "" {
			t.Errorf("lockup %s: no words", st.State)
		}
		out = append(out, playerText{"lockup title " + st.State.String(), title, lockW, 110, true, true, 56},
			playerText{"lockup detail " + st.State.String(), detail, lockW, 56, true, true, 24})
	}
	for _, st := range []machine.State{machine.Idle, machine.GameInProgress, machine.GambleOffered, machine.CashoutPending} {
		if title, detail := lockupWords(machine.Status{State: st}); title != "" || detail != "" {
			t.Errorf("state %s is no lockup but has the words %q %q", st, title, detail)
		}
	}
	const bannerW = 860 // banner(): the panel's inner width
	for _, s := range []string{"WIN", "BIG WIN", "MEGA WIN", "FREE GAMES WIN", "LOCK & SPIN WIN", "LOCK & SPIN", "MAGIC CLOVER ×5", "SCALE UP ×5"} {
		out = append(out, playerText{"banner title", s, bannerW, 76, true, true, 40})
	}
	for _, s := range []string{playerMoney(most), playerMoney(most) + "  +  GRAND + MAJOR JACKPOT", "every coin in view pays its value × 10"} {
		out = append(out, playerText{"banner line", s, bannerW, 54, true, true, 24})
	}
	out = append(out,
		playerText{"attract: touch to play (its panel)", "TOUCH TO PLAY", 1000 - 40, 70, true, false, 40},
		playerText{"attract: win meter of a metered cabinet", "NOT PLAYED FOR MONEY", 660 - 16, 38, true, true, 24},
		playerText{"attract: credit meter", playerMoney(most), 440 - 16, 38, true, true, 24},
		playerText{"lobby: the player's credit (between the jackpot panels)", "YOUR CREDIT " + playerMoney(most), 1400 - 528 - 40, 30, true, false, 20},
		playerText{"lobby: subtitle (between the jackpot panels)", lobbySubtitle, 1400 - 528 - 40, 22, false, false, 18},
		playerText{"QR panel: cash-in line", "SCAN WITH YOUR WALLET TO ADD CREDITS", qrPanelW - 48, 26, true, false, 20},
		playerText{"QR panel: the code's line", fmt.Sprintf("MACHINE %d · %s · CODE VALID %s", uint32(1<<32-1), machine.DefaultConfig().MachineID, countdown(59*60e9)), qrPanelW - 48, 24, false, true, 18},
		playerText{"QR panel: idle note", "AN UNPLAYED BALANCE RETURNS TO YOUR WALLET AFTER 60 MIN", qrPanelW - 48, 20, false, true, 16},
		playerText{"QR card: the code's line", fmt.Sprintf("No. %d · VALID %s", uint32(1<<32-1), countdown(59*60e9)), qrCardW - 16, 18, false, true, 16},
		playerText{"idle cash-out banner", fmt.Sprintf("NO PLAY: YOUR %s RETURNS TO YOUR WALLET IN %s", playerMoney(most), countdown(119e9)), 980 - 40, 30, true, true, 20},
	)
	out = append(out, tablePlayerTexts()...) // the table games (table_text_test.go)
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
		r, err := NewRules(ti)
		if err != nil {
			t.Fatal(err)
		}
		for _, p := range r.Paytable { // the paytable page's cells: 246 px right of the symbol
			out = append(out, playerText{"paytable symbol " + ti.Spec.ID, p.Symbol, 240, 26, true, true, 18})
			for k, n := range p.Counts {
				out = append(out, playerText{"paytable pay " + ti.Spec.ID, fmt.Sprintf("%d  —  %d × total bet", n, p.X[k]), 246, 22, false, false, 18})
			}
			for _, ln := range wrap(p.Note, 18, false, 236) {
				out = append(out, playerText{"paytable note " + ti.Spec.ID, ln, 246, 18, false, false, 16})
			}
		}
		foot := fmt.Sprintf("%s  ·  %d LINES  ·  BET %s – %s  ·  RTP %s", r.Family, len(r.Lines), playerMoney(r.MinBetCents), playerMoney(r.MaxBetCents), r.RTPText())
		out = append(out, playerText{"help page foot " + ti.Spec.ID, foot, ScreenW - 60 - 40, 24, false, false, 18})
		for _, f := range r.Features {
			for _, tx := range f.Text {
				for _, ln := range wrap(tx, 26, false, 1660) {
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
	for _, p := range texts {
		if requirementID.MatchString(p.s) || strings.Contains(strings.ToLower(p.s), "cents") || devKey.MatchString(p.s) {
			t.Errorf("%s: %q has a requirement id, cents or a development key", p.where, p.s)
		}
		if strings.Contains(p.s, "machine:") || strings.Contains(p.s, "ui:") || strings.Contains(p.s, "refused") {
			t.Errorf("%s: %q reads like an engineer's error", p.where, p.s)
		}
		size := p.size
		if p.fits {
			size = fitSize(p.s, p.size, p.bold, p.w)
		}
		if w := textWidth(p.s, size, p.bold); w > p.w+0.5 {
			t.Errorf("%s: %q is %.0f px wide at 1920×1080, its box %.0f", p.where, p.s, w, p.w)
		}
		if size < p.min || size*minScale < minGlassPx {
			t.Errorf("%s: %q is drawn at %.1f (%.1f px on a %d×%d window), smallest readable %.0f", p.where, p.s, size, size*minScale, MinWindowW, MinWindowH, max(p.min, minGlassPx/minScale))
		}
	}
}

// The development keys are named on the status line only in development mode.
func TestNoCreditTextDevKeys(t *testing.T) {
	tests := []struct {
		codes, key, dev bool
		want            string
	}{
		{false, false, false, "INSERT CREDITS"},
		{false, true, false, "INSERT CREDITS"},
		{true, true, false, "SCAN THE QR CODE TO PLAY"},
		{false, true, true, "INSERT CREDITS · F2: " + playerMoney(100_00) + " FROM THE TEST WALLET"},
		{true, true, true, "SCAN THE QR CODE TO PLAY · F2: " + playerMoney(100_00) + " FROM THE TEST WALLET · F3: SHOW THE CODE"},
		{true, false, true, "SCAN THE QR CODE TO PLAY · F3: SHOW THE CODE"},
	}
	for _, tc := range tests {
		if got := noCreditText(tc.codes, tc.key, tc.dev, 100_00); got != tc.want {
			t.Errorf("noCreditText(codes %v, key %v, dev %v) = %q, want %q", tc.codes, tc.key, tc.dev, got, tc.want)
		}
	}
}

// A refusal reaches the player as its sentence; the operator menu reads the
// engineers' detail.
func TestRefusalWords(t *testing.T) {
	r := &machine.Refusal{Reason: machine.RefusedBalance, Player: "Your credit of 1.00 EUR does not cover the bet of 2.00 EUR.",
		Detail: "bet 200 cents is more than the balance 100 cents (R-CASH-5)"}
	tests := []struct {
		err          error
		player, oper string
	}{
		{r, "YOUR CREDIT OF 1.00 EUR DOES NOT COVER THE BET OF 2.00 EUR", r.Detail},
		{fmt.Errorf("spin: %w", r), "YOUR CREDIT OF 1.00 EUR DOES NOT COVER THE BET OF 2.00 EUR", r.Detail},
		{machine.ErrRefused, notNowText, "machine: input refused"},
		{fmt.Errorf("meters: disk full"), "PLEASE CALL AN ATTENDANT", "meters: disk full"},
	}
	for _, tc := range tests {
		if got := refusalText(tc.err); got != tc.player {
			t.Errorf("refusalText(%v) = %q, want %q", tc.err, got, tc.player)
		}
		if got := refusalDetail(tc.err); got != tc.oper {
			t.Errorf("refusalDetail(%v) = %q, want %q", tc.err, got, tc.oper)
		}
	}
}
