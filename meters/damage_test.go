package meters

import (
	"sync"
	"testing"
)

var damageFixture struct {
	once sync.Once
	a, b []byte
	want Meters
}

// FuzzOneCopyDamage overwrites or truncates one copy anywhere, with anything, and
// checks the property the two copies exist for: damage to one copy alone is always
// repaired, to exactly the committed state.
func FuzzOneCopyDamage(f *testing.F) {
	f.Add(uint32(0), []byte{0xff}, false, false)
	f.Add(uint32(100), []byte("garbage"), true, false)
	f.Add(uint32(5000), []byte{}, false, true)
	f.Add(uint32(40), make([]byte, 300), true, false)
	f.Fuzz(func(t *testing.T, off uint32, junk []byte, copyB, truncate bool) {
		damageFixture.once.Do(func() {
			dir := t.TempDir()
			st := mustOpen(t, dir, testOpts())
			for n := uint64(1); n <= 4; n++ {
				playGame(t, st, n, 100, int64(n%2)*100)
			}
			damageFixture.want = st.Meters()
			st.Close()
			damageFixture.a = readFile(t, copyPath(dir, copyAName))
			damageFixture.b = readFile(t, copyPath(dir, copyBName))
		})
		good := damageFixture.a
		bad := append([]byte(nil), damageFixture.b...)
		at := int(off) % len(bad)
		if truncate {
			bad = bad[:at]
		} else {
			copy(bad[at:], junk) // within the file: damage never lengthens it
		}
		copies := []*copyScan{scanCopy(copyAName, good), scanCopy(copyBName, bad)}
		if copyB {
			copies[0], copies[1] = scanCopy(copyAName, bad), scanCopy(copyBName, good)
		}
		ld, err := merge("fuzz", copies)
		if err != nil {
			t.Fatalf("damage to one copy at %d (truncate %v, %d bytes) not repaired: %v", at, truncate, len(junk), err)
		}
		if ld.st.meters != damageFixture.want {
			t.Fatalf("repaired to different meters: %v, want %v", ld.st.meters, damageFixture.want)
		}
	})
}
