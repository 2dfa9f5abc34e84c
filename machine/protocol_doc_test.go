package machine

import (
	"os"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"

	"egm/machine/refusal"
)

// TestProtocolDoc holds docs/cabinet.md's JSON-lines protocol to the code: every
// input kind, output kind and refusal code the machine has is in its tables and
// no other; the tables' fields are the JSON keys of Input and Output; every state
// a refusal can name is listed.
func TestProtocolDoc(t *testing.T) {
	b, err := os.ReadFile("../docs/cabinet.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	start := strings.Index(doc, "### The JSON-lines protocol")
	if start < 0 {
		t.Fatal(`docs/cabinet.md has no "### The JSON-lines protocol"`)
	}
	sec := doc[start:]
	if end := strings.Index(sec, "\n## "); end > 0 {
		sec = sec[:end]
	}
	ins, inFields := docTable(t, sec, "**Inputs**")
	outs, outFields := docTable(t, sec, "**Outputs**")
	codes, _ := docTable(t, sec, "| refused | why |")

	names := func(m map[InputKind]string) []string {
		var s []string
		for _, n := range m {
			s = append(s, n)
		}
		return s
	}
	var outNames []string
	for _, n := range outputNames {
		outNames = append(outNames, n)
	}
	for _, tc := range []struct {
		what      string
		code, doc []string
	}{
		{"input kinds", names(inputNames), ins},
		{"input fields", jsonKeys(reflect.TypeFor[Input]()), inFields},
		{"output kinds", outNames, outs},
		{"output fields", jsonKeys(reflect.TypeFor[Output]()), outFields},
		{"refusal codes", reasonNames(), codes},
	} {
		if missing, extra := diff(tc.code, tc.doc); len(missing)+len(extra) > 0 {
			t.Errorf("%s: in the code, not in docs/cabinet.md: %v; in the doc, not in the code: %v", tc.what, missing, extra)
		}
	}
	for st := Idle; st <= JackpotPending; st++ {
		if s := st.String(); !strings.Contains(sec, "`"+s+"`") {
			t.Errorf("state %s: not among the states a refusal names", s)
		}
	}
}

// reasonNames are the names of the refusal reasons, up to the first that has none.
func reasonNames() []string {
	var out []string
	for r := refusal.Reason(0); !strings.HasPrefix(r.String(), "Reason("); r++ {
		out = append(out, r.String())
	}
	return out
}

var backticked = regexp.MustCompile("`([^`]+)`")

// docTable reads the table after marker: the first column's names and the
// second column's fields (a table of two columns has no fields).
func docTable(t *testing.T, sec, marker string) (names, fields []string) {
	t.Helper()
	i := strings.Index(sec, marker)
	if i < 0 {
		t.Fatalf("no %q in the protocol's section", marker)
	}
	rows := 0
	for _, l := range strings.Split(sec[i:], "\n")[1:] {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "|") {
			if rows > 0 {
				break
			}
			continue
		}
		rows++
		cols := strings.Split(l, "|")
		if m := backticked.FindStringSubmatch(cols[1]); m != nil {
			names = append(names, m[1])
			if len(cols) > 4 { // | kind | fields | what |
				for _, f := range backticked.FindAllStringSubmatch(cols[2], -1) {
					if !slices.Contains(fields, f[1]) {
						fields = append(fields, f[1])
					}
				}
			}
		}
	}
	return names, fields
}

// jsonKeys are a struct's JSON keys but "kind".
func jsonKeys(t reflect.Type) []string {
	var keys []string
	for f := range t.Fields() {
		k, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if k != "" && k != "-" && k != "kind" {
			keys = append(keys, k)
		}
	}
	return keys
}

func diff(code, doc []string) (missing, extra []string) {
	for _, c := range code {
		if !slices.Contains(doc, c) {
			missing = append(missing, c)
		}
	}
	for _, d := range doc {
		if !slices.Contains(code, d) {
			extra = append(extra, d)
		}
	}
	return missing, extra
}
