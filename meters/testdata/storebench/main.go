// Command storebench compares, on this machine, three ways to keep critical memory:
// this package's two-copy journal, an embedded B+tree store (bbolt), and rewriting a
// whole image (meters + game + 100 recall entries) into A/B slots per commit. Each
// does the same game commit: bet, ~1.5 KB outcome, meters, credits, recall entry.
//
// It lives in testdata (its own module, so bbolt never enters the egm build):
//
//	cd meters/testdata/storebench && go run . -n 2000 -dir /var/lib/egm-bench
//
// It reports median and 99th-percentile commit latency, commits/s, fdatasync calls
// per commit (counted by strace when run under it) and bytes the process wrote to the
// block device per commit (/proc/self/io write_bytes, after a final sync).
package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"time"

	"egm/meters"

	bolt "go.etcd.io/bbolt"
	"golang.org/x/sys/unix"
)

func outcome(n int) json.RawMessage {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"game":%d,"steps":[`, n)
	for i := 0; b.Len() < 1460; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, `{"step":%d,"kind":"respin","locked":[%d,%d],"win":%d}`, i, i%15, (i*7)%15, i*5)
	}
	b.WriteString(`]}`)
	return b.Bytes()
}

func writeBytes() int64 {
	b, _ := os.ReadFile("/proc/self/io")
	for _, l := range strings.Split(string(b), "\n") {
		if v, ok := strings.CutPrefix(l, "write_bytes: "); ok {
			n, _ := strconv.ParseInt(v, 10, 64)
			return n
		}
	}
	return 0
}

func run(name string, n int, setup func() (commit func(i int) error, done func())) {
	commit, done := setup()
	for i := 0; i < 50; i++ { // warm up: files and trees at their working size
		must(commit(i))
	}
	unix.Sync()
	w0 := writeBytes()
	ds := make([]time.Duration, n)
	t0 := time.Now()
	for i := 0; i < n; i++ {
		s := time.Now()
		must(commit(50 + i))
		ds[i] = time.Since(s)
	}
	el := time.Since(t0)
	done()
	unix.Sync()
	w := writeBytes() - w0
	slices.Sort(ds)
	fmt.Printf("%-34s median %7.0f µs  p99 %7.0f µs  %6.0f commits/s  %7.0f device bytes/commit\n",
		name, us(ds[n/2]), us(ds[n*99/100]), float64(n)/el.Seconds(), float64(w)/float64(n))
}

func us(d time.Duration) float64 { return float64(d.Nanoseconds()) / 1e3 }

func must(err error) {
	if err != nil {
		panic(err)
	}
}

func main() {
	n := flag.Int("n", 2000, "commits per method")
	base := flag.String("dir", "", "directory on the file system to test (default: a temporary one)")
	only := flag.String("only", "", "run only the method whose name starts with this")
	flag.Parse()
	dir, err := os.MkdirTemp(*base, "storebench")
	must(err)
	defer os.RemoveAll(dir)
	out := outcome(1)
	want := func(s string) bool { return strings.HasPrefix(s, *only) }

	if want("journal") {
		run("journal (egm/meters)", *n, func() (func(int) error, func()) {
			st, err := meters.Open(filepath.Join(dir, "journal"), meters.Options{})
			must(err)
			return func(i int) error {
				return st.Update(func(tx *meters.Tx) error {
					if tx.Meter(meters.CurrentCredits) < 100 {
						tx.Add(meters.WalletIn, 1_000_000)
						tx.SetCredits(tx.Meter(meters.CurrentCredits) + 1_000_000)
					}
					tx.Add(meters.CoinIn, 100)
					tx.Add(meters.GamesPlayed, 1)
					tx.SetCredits(tx.Meter(meters.CurrentCredits) - 100)
					tx.AddGame("goldenlink/gems-secrets", 10, 1, 100, 0)
					return tx.AppendRecall(meters.RecallEntry{Number: uint64(i), Title: "goldenlink/gems-secrets", DenomCents: 10, BetCents: 100, Outcome: out})
				})
			}, func() { st.Close() }
		})
	}
	if want("bbolt") {
		run("bbolt 1.4.3 (default options)", *n, func() (func(int) error, func()) {
			db, err := bolt.Open(filepath.Join(dir, "bolt.db"), 0o600, nil)
			must(err)
			must(db.Update(func(tx *bolt.Tx) error {
				for _, b := range []string{"meters", "recall"} {
					if _, err := tx.CreateBucketIfNotExists([]byte(b)); err != nil {
						return err
					}
				}
				return nil
			}))
			ms := map[string]int64{}
			return func(i int) error {
				return db.Update(func(tx *bolt.Tx) error {
					ms["coin_in_cents"] += 100
					ms["games_played"]++
					mb, _ := json.Marshal(ms)
					if err := tx.Bucket([]byte("meters")).Put([]byte("all"), mb); err != nil {
						return err
					}
					r := tx.Bucket([]byte("recall"))
					if err := r.Put([]byte(fmt.Sprintf("%012d", i)), out); err != nil {
						return err
					}
					if i >= 100 {
						return r.Delete([]byte(fmt.Sprintf("%012d", i-100)))
					}
					return nil
				})
			}, func() { db.Close() }
		})
	}
	if want("image") {
		run("whole image, A/B slots", *n, func() (func(int) error, func()) {
			f, err := os.OpenFile(filepath.Join(dir, "image"), os.O_CREATE|os.O_RDWR, 0o600)
			must(err)
			var recall []json.RawMessage
			return func(i int) error {
				recall = append(recall, out)
				if len(recall) > 100 {
					recall = recall[1:]
				}
				img, _ := json.Marshal(map[string]any{"seq": i, "recall": recall, "meters": map[string]int64{"coin_in_cents": int64(i)}})
				slot := int64(i%2) * (2 << 20) // two copies in the slot, the other slot keeps the last commit
				if _, err := f.WriteAt(img, slot); err != nil {
					return err
				}
				if _, err := f.WriteAt(img, slot+(1<<20)); err != nil {
					return err
				}
				return unix.Fdatasync(int(f.Fd()))
			}, func() { f.Close() }
		})
	}
}
