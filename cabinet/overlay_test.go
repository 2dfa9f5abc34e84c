package cabinet

import (
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// overlayPath is the Raspberry Pi images' device-tree overlay of the cabinet's
// I/O (compiled into egm-cabinet.dtbo by the board's post-image.sh).
const overlayPath = "../buildroot/board/egm/common/egm-cabinet-overlay.dts"

// dtNode is a device-tree source node: its name, labels, properties (each the
// value's tokens: "<…>" cell lists, "\"…\"" strings, "&ref") and children.
type dtNode struct {
	name     string
	labels   []string
	props    map[string][]string
	children []*dtNode
}

// dtTokens splits device-tree source, comments removed, into tokens: { } ; =,
// a cell list <…>, a string "…", and words (names, which may hold commas as in
// linux,code; labels with their colon; directives such as /dts-v1/; the comma
// between two values).
func dtTokens(src string) ([]string, error) {
	var out []string
	for i := 0; i < len(src); {
		c := src[i]
		switch {
		case strings.HasPrefix(src[i:], "//"):
			j := strings.IndexByte(src[i:], '\n')
			if j < 0 {
				return out, nil
			}
			i += j
		case strings.HasPrefix(src[i:], "/*"):
			j := strings.Index(src[i+2:], "*/")
			if j < 0 {
				return nil, fmt.Errorf("an unclosed comment at byte %d", i)
			}
			i += j + 4
		case c == ' ' || c == '\t' || c == '\n' || c == '\r':
			i++
		case strings.IndexByte("{};=", c) >= 0:
			out = append(out, string(c))
			i++
		case c == '<' || c == '"':
			end := byte('>')
			if c == '"' {
				end = '"'
			}
			j := strings.IndexByte(src[i+1:], end)
			if j < 0 {
				return nil, fmt.Errorf("an unclosed %c at byte %d", c, i)
			}
			out = append(out, src[i:i+j+2])
			i += j + 2
		default:
			j := i
			for j < len(src) && strings.IndexByte(" \t\r\n{};=<\"", src[j]) < 0 {
				j++
			}
			out = append(out, src[i:j])
			i = j
		}
	}
	return out, nil
}

// parseDTS parses the node bodies of device-tree source into a root holding
// its top-level nodes (directives skipped).
func parseDTS(src string) (*dtNode, error) {
	toks, err := dtTokens(src)
	if err != nil {
		return nil, err
	}
	root := &dtNode{name: "(source)", props: map[string][]string{}}
	pos := 0
	next := func() string {
		if pos >= len(toks) {
			return ""
		}
		pos++
		return toks[pos-1]
	}
	var body func(n *dtNode, top bool) error
	body = func(n *dtNode, top bool) error {
		for {
			t := next()
			switch {
			case t == "" && top:
				return nil
			case t == "":
				return fmt.Errorf("node %s: no closing brace", n.name)
			case t == "}" && !top:
				if next() != ";" {
					return fmt.Errorf("node %s: no ; after its closing brace", n.name)
				}
				return nil
			}
			var labels []string
			for strings.HasSuffix(t, ":") {
				labels = append(labels, strings.TrimSuffix(t, ":"))
				t = next()
			}
			switch op := next(); op {
			case "{":
				c := &dtNode{name: t, labels: labels, props: map[string][]string{}}
				if err := body(c, false); err != nil {
					return err
				}
				n.children = append(n.children, c)
			case "=":
				var vals []string
				for v := next(); v != ";"; v = next() {
					if v == "" {
						return fmt.Errorf("node %s: property %s has no ;", n.name, t)
					}
					if v != "," {
						vals = append(vals, v)
					}
				}
				n.props[t] = vals
			case ";": // a property with no value, or a directive
				n.props[t] = nil
			default:
				return fmt.Errorf("node %s: %q after %q", n.name, op, t)
			}
		}
	}
	if err := body(root, true); err != nil {
		return nil, err
	}
	return root, nil
}

// str is a property's single string value ("": none).
func (n *dtNode) str(prop string) string {
	v := n.props[prop]
	if len(v) != 1 || !strings.HasPrefix(v[0], `"`) {
		return ""
	}
	return strings.Trim(v[0], `"`)
}

// cells is a property's cell list, a reference kept as its text (&gpio).
func (n *dtNode) cells(prop string) []string {
	v := n.props[prop]
	if len(v) != 1 || !strings.HasPrefix(v[0], "<") {
		return nil
	}
	return strings.Fields(strings.Trim(v[0], "<>"))
}

// cell is a property's one number (ok false: none, or not one number).
func (n *dtNode) cell(prop string) (uint64, bool) {
	c := n.cells(prop)
	if len(c) != 1 {
		return 0, false
	}
	v, err := strconv.ParseUint(c[0], 0, 32)
	return v, err == nil
}

// walk calls fn for n and every node under it.
func (n *dtNode) walk(fn func(*dtNode)) {
	fn(n)
	for _, c := range n.children {
		c.walk(fn)
	}
}

func (n *dtNode) compatible(s string) bool { return slices.Contains(n.props["compatible"], `"`+s+`"`) }

const evKeyType, evSwType = 1, 5 // linux,input-type

// The Raspberry Pi overlay and the embedded wiring (default.json) describe the
// same cabinet: each gpio-keys node is a wiring device, named alike (its node
// name, and its label, which gpio-keys makes the evdev device's name that
// EVIOCGNAME reports); each of its keys is the wiring's input of that event type
// and code, its node named as the input (main-door: main_door); every gpio-leds
// label is a wired lamp's LED and the reverse; each line has one pin, declared
// in the overlay's pin groups; and every input is active high in the wiring,
// since the overlay's GPIO flags already make the event's value 1 mean open,
// turned or pressed.
func TestOverlayMatchesTheWiring(t *testing.T) {
	src, err := os.ReadFile(overlayPath)
	if err != nil {
		t.Fatal(err)
	}
	root, err := parseDTS(string(src))
	if err != nil {
		t.Fatalf("%s: %v", overlayPath, err)
	}
	w := DefaultWiring()
	type evKey struct {
		dev  string
		typ  uint16
		code uint16
	}
	dtInputs := map[evKey]string{} // → the node's name, as a wiring name
	var keyDevs, leds []string
	pinOf := map[int]string{}
	inputPins, lampPins := map[int]bool{}, map[int]bool{}
	usePin := func(n *dtNode, group map[int]bool, what string) {
		g := n.cells("gpios")
		if len(g) != 3 || g[0] != "&gpio" {
			t.Errorf("%s: gpios %v, want <&gpio PIN FLAGS>", n.name, g)
			return
		}
		pin, err := strconv.Atoi(g[1])
		if err != nil {
			t.Errorf("%s: pin %q", n.name, g[1])
			return
		}
		if other, ok := pinOf[pin]; ok {
			t.Errorf("GPIO %d is both %s and %s", pin, other, n.name)
		}
		pinOf[pin] = n.name
		if !group[pin] {
			t.Errorf("%s: GPIO %d is not among the overlay's %s pins", n.name, pin, what)
		}
	}
	root.walk(func(n *dtNode) {
		group := map[int]bool(nil)
		switch {
		case strings.HasSuffix(n.name, "_input_pins"):
			group = inputPins
		case strings.HasSuffix(n.name, "_lamp_pins"):
			group = lampPins
		}
		for _, p := range n.cells("brcm,pins") {
			if v, err := strconv.Atoi(p); err == nil && group != nil {
				group[v] = true
			}
		}
	})
	root.walk(func(n *dtNode) {
		switch {
		case n.compatible("gpio-keys"):
			if l := n.str("label"); l != n.name {
				t.Errorf("gpio-keys node %s: label %q, want the node's name (the evdev device's name)", n.name, l)
			}
			keyDevs = append(keyDevs, n.name)
			for _, k := range n.children {
				typ := uint64(evKeyType)
				if v, ok := k.cell("linux,input-type"); ok {
					typ = v
				}
				code, ok := k.cell("linux,code")
				if !ok {
					t.Errorf("%s/%s: no linux,code", n.name, k.name)
					continue
				}
				dtInputs[evKey{n.name, uint16(typ), uint16(code)}] = strings.ReplaceAll(k.name, "-", "_")
				usePin(k, inputPins, "input")
			}
		case n.compatible("gpio-leds"):
			for _, l := range n.children {
				leds = append(leds, l.str("label"))
				usePin(l, lampPins, "lamp")
			}
		}
	})
	if len(keyDevs) == 0 || len(leds) == 0 {
		t.Fatalf("%s: gpio-keys nodes %v, gpio-leds labels %v", overlayPath, keyDevs, leds)
	}

	var wiredDevs []string
	for _, spec := range w.Devices {
		wiredDevs = append(wiredDevs, spec)
	}
	slices.Sort(wiredDevs)
	slices.Sort(keyDevs)
	if !slices.Equal(wiredDevs, keyDevs) {
		t.Errorf("the wiring's devices %v, the overlay's gpio-keys nodes %v", wiredDevs, keyDevs)
	}
	typeName := map[uint16]string{evKeyType: "key", evSwType: "switch"}
	seen := map[evKey]bool{}
	for _, in := range w.Inputs {
		k := evKey{w.Devices[in.Device], in.evType(), in.Code}
		seen[k] = true
		switch name, ok := dtInputs[k]; {
		case !ok:
			t.Errorf("wired input %s (%s %s code %d) is not in the overlay", in.Name, k.dev, in.Type, in.Code)
		case name != in.Name:
			t.Errorf("%s %s code %d: the overlay's node %s, the wiring's input %s", k.dev, in.Type, in.Code, name, in.Name)
		}
		if in.Active == "low" {
			t.Errorf("wired input %s is active low: the overlay's GPIO flags already invert the line", in.Name)
		}
	}
	for k, name := range dtInputs {
		if !seen[k] {
			t.Errorf("the overlay's %s/%s (%s code %d) is not wired", k.dev, name, typeName[k.typ], k.code)
		}
	}
	var wiredLEDs []string
	for _, l := range w.Lamps {
		wiredLEDs = append(wiredLEDs, l.LED)
	}
	slices.Sort(wiredLEDs)
	slices.Sort(leds)
	if !slices.Equal(wiredLEDs, leds) {
		t.Errorf("the wiring's LEDs %v, the overlay's gpio-leds labels %v", wiredLEDs, leds)
	}
}

// The overlay parser reads what the test relies on, and refuses broken source.
func TestParseDTS(t *testing.T) {
	n, err := parseDTS(`/dts-v1/; /plugin/;
/ { // a comment
	frag: fragment@0 { target = <&gpio>; __overlay__ {
		keys: my-keys { compatible = "gpio-keys", "x"; label = "my-keys";
			a-b { linux,code = <0x2c0>; /* EV_KEY */ gpios = <&gpio 11 1>; wakeup-source; };
		};
	}; };
};`)
	if err != nil {
		t.Fatal(err)
	}
	var keys, ab *dtNode
	n.walk(func(x *dtNode) {
		switch x.name {
		case "my-keys":
			keys = x
		case "a-b":
			ab = x
		}
	})
	if keys == nil || ab == nil || !keys.compatible("gpio-keys") || keys.str("label") != "my-keys" || !slices.Equal(keys.labels, []string{"keys"}) {
		t.Fatalf("parsed %+v / %+v", keys, ab)
	}
	if c, ok := ab.cell("linux,code"); !ok || c != 704 || !slices.Equal(ab.cells("gpios"), []string{"&gpio", "11", "1"}) {
		t.Fatalf("a-b: %v", ab.props)
	}
	if _, ok := ab.props["wakeup-source"]; !ok {
		t.Fatal("a property with no value is lost")
	}
	for _, bad := range []string{"/ { a { x = <1>; };", "/ { a { x = <1 }; };", "/ { /* open", "/ { a { x = <1> }; };"} {
		if _, err := parseDTS(bad); err == nil {
			t.Errorf("%q parsed", bad)
		}
	}
}
