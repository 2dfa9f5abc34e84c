package money

import (
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestOneCurrencyTable: no string literal of the module's non-test Go spells a
// currency's code outside this package's table (currency.go), so every amount
// is named through a Currency. Comments and tests may spell them.
func TestOneCurrencyTable(t *testing.T) {
	root := ".."
	fset := token.NewFileSet()
	files := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && (d.Name() == "vendor" || d.Name() == "var" || d.Name() == "buildroot" || strings.HasPrefix(d.Name(), ".")) {
			return filepath.SkipDir
		}
		if d.IsDir() || !strings.HasSuffix(p, ".go") || strings.HasSuffix(p, "_test.go") || p == filepath.Join(root, "money", "currency.go") {
			return nil
		}
		src, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		f, err := parser.ParseFile(fset, p, src, 0)
		if err != nil {
			return nil // a broken file fails its own build
		}
		files++
		ast.Inspect(f, func(n ast.Node) bool {
			lit, ok := n.(*ast.BasicLit)
			if !ok || lit.Kind != token.STRING {
				return true
			}
			for _, c := range Codes() {
				if strings.Contains(lit.Value, c) {
					t.Errorf("%s: the literal %s spells %s: name the currency through package money", fset.Position(lit.Pos()), lit.Value, c)
				}
			}
			return true
		})
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if files < 100 {
		t.Fatalf("only %d Go files read from %s", files, root)
	}
}
