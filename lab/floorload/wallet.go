package floorload

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"time"

	"egm/floor"
	"egm/floor/desk"
	"egm/money"
	"egm/rng"
	"egm/wallet"
)

// The wallet's part of the campaign: players' cash-ins by the machines' QR codes
// through the floor host that polls each machine (egm-floor wallet scan --floor),
// cash-outs by the cash-out codes the machines show, and a restricted player
// tried on every host. It runs where the floor keeps its wallet on PostgreSQL
// (walletOnPostgres); elsewhere its checks say why they did not run.

// Players of the campaign: the ones who play, and the one the register restricts.
var players = []string{"ada", "ben", "cleo", "dan"}

const restricted = "rex"

// fundCents is what each player brings from the bank.
const fundCents = 100_000_000

// walletOnPostgres is "on" when the floor keeps its wallet on PostgreSQL, else
// why the wallet's part does not run.
func walletOnPostgres(u string) string {
	_, err := floor.Options{Connects: []string{"tcp:127.0.0.1:1"}, DB: u, FirstAddr: 1, Interval: time.Second,
		Currency: money.EUR.Code, Wallet: true, RecoverEvery: time.Second}.Validate()
	if err != nil {
		return "off: " + err.Error()
	}
	return "on"
}

type walletRun struct {
	l       *load
	rng     *rng.Generator
	owner   map[int]string // the player who last cashed in at machine i
	refused []int
	leaked  []int
}

// floorWallet runs `egm-floor wallet args…` and returns its output.
func (w *walletRun) floorWallet(args ...string) ([]byte, error) {
	cmd := w.l.o.Egm.FloorCommand(append([]string{"wallet"}, args...)...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		return out, fmt.Errorf("floorload: egm-floor wallet %s: %v: %s", args[0], err, out)
	}
	return out, nil
}

// newWalletRun registers each machine (its key and the floor's AFT) and opens
// and funds the players' accounts, the restricted one restricted.
func newWalletRun(l *load) (*walletRun, error) {
	w := &walletRun{l: l, rng: rng.NewSeeded(l.o.Seed ^ 0x6c6f6164), owner: map[int]string{}}
	for i := range l.o.Machines {
		pub := filepath.Join(l.o.Dir, machineName(i), wallet.PubKeyFile)
		if err := waitFile(pub); err != nil {
			return nil, err
		}
		var err error
		for try := 0; try < 40; try++ { // its link may not listen yet
			if _, err = w.floorWallet("register", "--db", l.hostURL(l.o.hostOf(i)), "--asset", strconv.Itoa(i+1), "--machine", machineID(i),
				"--pubkey", "@"+pub, "--connect", fmt.Sprintf("tcp:127.0.0.1:%d", l.ports[i]), "--addr", strconv.Itoa(i+1)); err == nil {
				break
			}
			time.Sleep(500 * time.Millisecond)
		}
		if err != nil {
			return nil, err
		}
	}
	for _, db := range l.dbs() {
		for _, p := range append(append([]string{}, players...), restricted) {
			if _, err := w.floorWallet("account", "--db", db, "--player", p, "--fund", strconv.Itoa(fundCents)); err != nil {
				return nil, err
			}
		}
		if _, err := w.floorWallet("restrict", "--db", db, "--player", restricted, "--days", "1", "--by", "lab", "--why", "floor load campaign"); err != nil {
			return nil, err
		}
	}
	return w, nil
}

func machineID(i int) string { return fmt.Sprintf("EGM-%04d", i+1) }

// waitFile waits for a machine to write path (its key, its QR code).
func waitFile(path string) error {
	for deadline := time.Now().Add(restGuard); ; time.Sleep(50 * time.Millisecond) {
		if _, err := os.Stat(path); err == nil {
			return nil
		}
		if time.Now().After(deadline) {
			return fmt.Errorf("floorload: %s did not appear within %v", path, restGuard)
		}
	}
}

// scan has player scan machine i's QR code file name (a copy, as a phone's
// picture) through the floor host that polls it.
func (w *walletRun) scan(i int, name, player string, cents int64) error {
	b, err := os.ReadFile(filepath.Join(w.l.o.Dir, machineName(i), "qr", name))
	if err != nil {
		return err
	}
	pic := filepath.Join(w.l.o.Dir, fmt.Sprintf("scan-%d.png", i+1))
	if err := os.WriteFile(pic, b, 0o644); err != nil {
		return err
	}
	args := []string{"scan", "--floor", w.l.controls[w.l.o.hostOf(i)], "--png", pic, "--player", player, "--timeout", "10s"}
	if cents > 0 {
		args = append(args, "--cents", strconv.FormatInt(cents, 10))
	}
	_, err = w.floorWallet(args...)
	return err
}

// traffic moves money until ctx ends: first the cash-out a machine shows (its
// player cashed out to the wallet: egm run --wallet-cashouts), scanned by the
// player who put the money in; else a cash-in at a machine picked at random. A
// refused or failed transfer is the wallet's to resolve (the books say whether
// it did); the traffic goes on. Halfway, the restricted player tries a cash-in
// on every host.
func (w *walletRun) traffic(ctx context.Context) error {
	half := time.Now().Add(w.l.o.Duration / 2)
	for ctx.Err() == nil {
		if w.refused == nil && w.leaked == nil && time.Now().After(half) {
			w.tryRegister()
		}
		if i, ok := w.cashoutShown(); ok {
			w.scan(i, wallet.QRCashOutFile, w.owner[i], 0)
			continue
		}
		i := int(rng.Uint64n(w.rng, uint64(w.l.o.Machines)))
		p := players[rng.Intn(w.rng, len(players))]
		if w.scan(i, wallet.QRCashInFile, p, 100+int64(rng.Intn(w.rng, 20_000))) == nil {
			w.owner[i] = p
		}
	}
	if w.refused == nil && w.leaked == nil {
		w.tryRegister()
	}
	return nil
}

// cashoutShown is a machine, from a random one on, that shows a cash-out code
// and whose money a player of the campaign put in. (A code whose balance came
// only from the machine's own deposits has no wallet to go to: it expires,
// machineConfig's code_expiry_seconds, and the machine plays on.)
func (w *walletRun) cashoutShown() (int, bool) {
	n := w.l.o.Machines
	from := int(rng.Uint64n(w.rng, uint64(n)))
	for k := range n {
		i := (from + k) % n
		if w.owner[i] == "" {
			continue
		}
		if _, err := os.Stat(filepath.Join(w.l.o.Dir, machineName(i), "qr", wallet.QRCashOutFile)); err == nil {
			return i, true
		}
	}
	return 0, false
}

// tryRegister has the restricted player try a cash-in at the first machine of
// every host.
func (w *walletRun) tryRegister() {
	for h := range w.l.o.Hosts {
		i := w.l.hostMachines(h)[0]
		if w.scan(i, wallet.QRCashInFile, restricted, 500) == nil {
			w.leaked = append(w.leaked, h+1)
		} else {
			w.refused = append(w.refused, h+1)
		}
	}
}

// books reads the wallet's books at rest (every floor stopped), over every
// schema the floors keep it in.
func (w *walletRun) books() (*WalletBooks, error) {
	dbs := w.l.dbs()
	b := &WalletBooks{Funded: fundCents * int64(len(players)+1) * int64(len(dbs)), In: map[byte]int64{}, Out: map[byte]int64{},
		Refused: w.refused, Leaked: w.leaked}
	for _, db := range dbs {
		if err := walletBooksOf(db, b); err != nil {
			return nil, err
		}
	}
	return b, nil
}

// walletBooksOf adds the wallet's journal and balances in db to b.
func walletBooksOf(db string, b *WalletBooks) error {
	st, wl, err := desk.OpenWalletAt(db, nil)
	if err != nil {
		return err
	}
	defer st.Close()
	j, err := wl.Journal()
	if err != nil {
		return err
	}
	for _, t := range j {
		if t.State != desk.StateCommitted {
			continue
		}
		b.Applied++
		if t.Dir == desk.DirIn {
			b.CashIns++
			b.In[byte(t.Asset)] += t.Cents
		} else {
			b.Out[byte(t.Asset)] += t.Cents
		}
	}
	bal, err := desk.BalancesOf(wl)
	if err != nil {
		return err
	}
	for _, a := range bal.Accounts {
		b.Balances += a.Cents
	}
	return nil
}
