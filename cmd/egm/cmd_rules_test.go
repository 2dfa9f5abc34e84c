package main

import (
	"bytes"
	"html"
	"strings"
	"testing"

	"egm/games"
	"egm/locale"
)

// The exported rules carry every paytable symbol of the title (R-HELP-2).
func TestRulesHTML(t *testing.T) {
	for _, id := range []string{"gems-secrets", "hot-twins", "roll-on-fire"} {
		var out, errOut bytes.Buffer
		if code := runProgram([]string{"rules", "--title", id, "--html", "--lang", "en"}, &out, &errOut); code != 0 {
			t.Fatalf("%s: exit %d: %s", id, code, errOut.String())
		}
		page := out.String()
		ti, err := games.ByID(id)
		if err != nil {
			t.Fatal(err)
		}
		if !strings.Contains(page, "<h1>"+ti.Spec.Name+"</h1>") {
			t.Errorf("%s: no title heading", id)
		}
		for _, s := range ti.Spec.Reels.Symbols {
			if !strings.Contains(page, "<td>"+s.Name+"</td>") {
				t.Errorf("%s: symbol %s missing from the rules", id, s.Name)
			}
		}
		for _, want := range []string{`<html lang="en">`, "Total bet", "€40.00", "Lock &amp; Spin", "%"} {
			if !strings.Contains(page, want) {
				t.Errorf("%s: %q missing", id, want)
			}
		}
	}
}

// TestRulesLanguages: `egm rules` prints every title's and table game's rules in
// each of the four languages, text and HTML, with the amounts in the
// jurisdiction's currency: words of the language (its catalogue's headings), no
// English heading left, no message missing.
func TestRulesLanguages(t *testing.T) {
	// a heading or phrase each page carries, per language; and the English ones
	// that must not show in a translation
	slotWords := map[locale.Lang][]string{
		locale.ET: {"Kogupanus", "Üldist"},
		locale.RU: {"Общая ставка", "Общие правила"},
		locale.KK: {"Жалпы мөлшерлеме", "Жалпы ережелер"},
		locale.EN: {"Total bet", "General"},
	}
	tableWords := map[locale.Lang][]string{
		locale.ET: {"Ühe nulliga rulett", "Mängulaud", "Panused"},
		locale.RU: {"Рулетка с одним зеро", "Игровое поле", "Ставки"},
		locale.KK: {"Бір нөлді рулетка", "Ойын өрісі", "Мөлшерлемелер"},
		locale.EN: {"Single-zero roulette", "The layout", "Bets"},
	}
	english := []string{"Total bet", "Paytable", "General", "Jackpots", "Lines", "The layout", "The race track", "Return to player", "Bets:", " pays "}
	for _, c := range []struct {
		id, jur, sign string
		words         map[locale.Lang][]string
	}{
		{"gems-secrets", "EE", "€", slotWords},
		{"gems-secrets", "KZ", "₸", slotWords},
		{"roulette", "EE", "", tableWords},
		{"roulette", "KZ", "", tableWords},
	} {
		for _, lang := range locale.All() {
			for _, asHTML := range []bool{false, true} {
				args := []string{"rules", "--title", c.id, "--lang", string(lang), "--jurisdiction", c.jur}
				if asHTML {
					args = append(args, "--html")
				}
				var out, errOut bytes.Buffer
				if code := runProgram(args, &out, &errOut); code != 0 {
					t.Fatalf("%v: exit %d: %s", args, code, errOut.String())
				}
				page := out.String()
				if asHTML {
					page = html.UnescapeString(page)
					if !strings.Contains(page, `<html lang="`+string(lang)+`">`) {
						t.Errorf("%v: no lang attribute", args)
					}
				}
				for _, w := range c.words[lang] {
					if !strings.Contains(page, w) {
						t.Errorf("%v: %q missing", args, w)
					}
				}
				if lang != locale.EN {
					for _, w := range english {
						if strings.Contains(page, w) {
							t.Errorf("%v: English %q left", args, w)
						}
					}
				}
				if strings.Contains(page, "‹") {
					t.Errorf("%v: a message is missing:\n%s", args, page)
				}
				if c.sign != "" && !strings.Contains(page, c.sign) {
					t.Errorf("%v: no amount in %s", args, c.sign)
				}
				if c.jur == "KZ" && c.sign != "" && strings.Contains(page, "€") {
					t.Errorf("%v: euros in a tenge page", args)
				}
			}
		}
	}
}

// The KZ rules state the tenge bet range (EE × 500) whole, the EE ones euros.
func TestRulesCurrency(t *testing.T) {
	for _, c := range []struct {
		jur, lang, want string
	}{
		{"EE", "et", "0,50\u00a0€"},
		{"EE", "en", "€40.00"},
		{"KZ", "kk", "20\u00a0000\u00a0₸"},
		{"KZ", "ru", "250\u00a0₸"},
	} {
		var out, errOut bytes.Buffer
		if code := runProgram([]string{"rules", "--title", "gems-secrets", "--lang", c.lang, "--jurisdiction", c.jur}, &out, &errOut); code != 0 {
			t.Fatalf("exit %d: %s", code, errOut.String())
		}
		if !strings.Contains(out.String(), c.want) {
			t.Errorf("%s %s: %q missing:\n%s", c.jur, c.lang, c.want, out.String())
		}
	}
}

func TestRulesUsage(t *testing.T) {
	var out, errOut bytes.Buffer
	if code := runProgram([]string{"rules"}, &out, &errOut); code != 2 || !strings.Contains(errOut.String(), "--title is required") {
		t.Errorf("exit %d, %q", code, errOut.String())
	}
	if code := runProgram([]string{"rules", "--title", "nope"}, &out, &errOut); code != 1 {
		t.Errorf("unknown title: exit %d", code)
	}
	if code := runProgram([]string{"rules", "--title", "roulette", "--lang", "de"}, &out, &errOut); code != 2 {
		t.Errorf("unknown language: exit %d", code)
	}
	if code := runProgram([]string{"rules", "--title", "roulette", "--jurisdiction", "XX"}, &out, &errOut); code != 2 {
		t.Errorf("unknown jurisdiction: exit %d", code)
	}
	out.Reset()
	if code := runProgram([]string{"rules", "--title", "clover-power", "--lang", "en"}, &out, &errOut); code != 0 || !strings.Contains(out.String(), "Magic Clover") {
		t.Errorf("text rules: exit %d:\n%s", code, out.String())
	}
	out.Reset()
	errOut.Reset()
	if code := runProgram([]string{"rules", "--title", "roulette", "--lang", "kk"}, &out, &errOut); code != 0 || !strings.Contains(errOut.String(), "offers players et, ru, en") {
		t.Errorf("kk under EE: exit %d, %q", code, errOut.String())
	}
}
