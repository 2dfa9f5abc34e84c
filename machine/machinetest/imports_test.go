package machinetest

import (
	"go/parser"
	"go/token"
	"io/fs"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// TestOnlyTestsImport: no product file of the module imports the fakes; only
// _test.go files and the lab's harness (egm/lab and its packages, never linked into the
// cabinet's programs) do.
func TestOnlyTestsImport(t *testing.T) {
	const self = "egm/machine/machinetest"
	root := filepath.Join("..", "..")
	seen, users := 0, 0
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata" || n == "vendor") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") {
			return nil
		}
		f, err := parser.ParseFile(token.NewFileSet(), path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		seen++
		for _, im := range f.Imports {
			if p, _ := strconv.Unquote(im.Path.Value); p == self {
				if !strings.HasSuffix(path, "_test.go") && !strings.HasPrefix(filepath.Dir(path)+"/", filepath.Join(root, "lab")+"/") {
					t.Errorf("%s: product code imports %s", path, self)
				}
				users++
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if seen < 100 || users == 0 {
		t.Fatalf("read %d Go files, %d import %s: not the module's tree", seen, users, self)
	}
}
