package locale

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"egm/money"

	"github.com/nicksnyder/go-i18n/v2/i18n"
)

// TestCatalogues: every language has every id of the English source, no other
// id, and the plural forms its CLDR rules need.
func TestCatalogues(t *testing.T) {
	c, err := load()
	if err != nil {
		t.Fatal(err)
	}
	need := map[Lang][]string{ET: {"one", "other"}, RU: {"one", "few", "many", "other"}, KK: {"one", "other"}, EN: {"one", "other"}}
	for _, lang := range All() {
		for id, src := range c.messages[EN] {
			m := c.messages[lang][id]
			if m == nil {
				t.Errorf("%s: no %q", lang, id)
				continue
			}
			if src.One == "" { // a message with no plural forms has only "other"
				continue
			}
			for _, form := range need[lang] {
				if Forms(lang, id)[form] == "" {
					t.Errorf("%s: %q has no %q form", lang, id, form)
				}
			}
		}
		for id := range c.messages[lang] {
			if c.messages[EN][id] == nil {
				t.Errorf("%s: %q is not in the English source", lang, id)
			}
		}
	}
}

// placeholder, digit or punctuation: what may stay the same in a translation.
var templateValue = regexp.MustCompile(`\{\{[^}]*\}\}`)

// isName reports a message that is a name (a brand, a game's own name the house
// rules keep in every language): its English description starts "name:", and
// its translations may equal it.
func isName(m *i18n.Message) bool { return strings.HasPrefix(m.Description, "name:") }

// TestTranslationsDiffer: no translation equals its English source, beyond names
// and numbers: a text left in English is a text not translated.
func TestTranslationsDiffer(t *testing.T) {
	c, _ := load()
	for _, lang := range []Lang{ET, RU, KK} {
		for id, src := range c.messages[EN] {
			m := c.messages[lang][id]
			if m == nil || isName(src) {
				continue
			}
			letters := strings.IndexFunc(templateValue.ReplaceAllString(src.Other, ""), unicode.IsLetter) >= 0
			if letters && m.Other == src.Other {
				t.Errorf("%s: %q is still English: %q", lang, id, m.Other)
			}
		}
	}
}

func TestRussianPlurals(t *testing.T) {
	p := New(RU, money.EUR)
	for n, want := range map[int64]string{1: "1 кредит", 2: "2 кредита", 5: "5 кредитов", 21: "21 кредит", 11: "11 кредитов", 22: "22 кредита", 12345: "12\u00a0345 кредитов"} {
		if got := p.N("common.credits", n); got != want {
			t.Errorf("N(%d) = %q, want %q", n, got, want)
		}
	}
	for lang, want := range map[Lang]string{ET: "1 krediit", KK: "1 кредит", EN: "1 credit"} {
		if got := New(lang, money.EUR).N("common.credits", 1); got != want {
			t.Errorf("%s: %q, want %q", lang, got, want)
		}
	}
	if got := New(ET, money.EUR).N("common.credits", 5); got != "5 krediiti" {
		t.Errorf("et 5: %q", got)
	}
}

func TestPrinter(t *testing.T) {
	p := New(KK, money.KZT)
	if got := p.T("common.language"); got != "Тіл" {
		t.Fatalf("%q", got)
	}
	if got := p.T("common.nothing"); got != "‹common.nothing›" {
		t.Fatalf("a missing id printed %q", got)
	}
	if got := p.Money(500000); got != "5\u00a0000\u00a0₸" {
		t.Fatalf("%q", got)
	}
	if _, err := Parse("de"); err == nil {
		t.Fatal("de parsed")
	}
	for _, l := range All() {
		if l.Name() == string(l) {
			t.Errorf("%s has no name", l)
		}
	}
}

// printCalls are the calls whose first argument is a message id: the printer's
// T and N, and the wrappers the programs define around them (the screen's tr…).
var printCalls = map[string]bool{"T": true, "N": true, "tr": true, "trN": true, "opTr": true, "opTrN": true}

// TestUsedIDsExist scans the module's Go files for print calls with a literal
// id and fails on any id the English source lacks: a typo in code shows here,
// not on a cabinet.
func TestUsedIDsExist(t *testing.T) {
	c, _ := load()
	root := filepath.Join("..")
	fset := token.NewFileSet()
	var used int
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "vendor" || d.Name() == "var" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return nil // a file for another build (cgo tags) still parses; a broken one fails its own build
		}
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			var name string
			switch fn := call.Fun.(type) {
			case *ast.Ident:
				name = fn.Name
			case *ast.SelectorExpr:
				name = fn.Sel.Name
			}
			lit, ok := call.Args[0].(*ast.BasicLit)
			if !printCalls[name] || !ok || lit.Kind != token.STRING {
				return true
			}
			id, err := strconv.Unquote(lit.Value)
			if err != nil || !strings.Contains(id, ".") || strings.ContainsAny(id, " /") {
				return true
			}
			area := id[:strings.Index(id, ".")]
			if !slices.Contains(areas(c), area) {
				return true // not a message id (another T)
			}
			used++
			if c.messages[EN][id] == nil {
				t.Errorf("%s: message %q is not in the catalogues", fset.Position(lit.Pos()), id)
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if used == 0 {
		t.Fatal("no print call found: the scan is broken")
	}
}

// areas are the catalogues' areas (the ids' first part).
func areas(c *catalogue) []string {
	var out []string
	for id := range c.messages[EN] {
		a := id[:strings.Index(id, ".")]
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}
