package main

import (
	"context"
	"crypto/ed25519"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"egm/floor"
	"egm/machine"
	"egm/meters"
	"egm/wallet"
)

// walletCommands are the subcommands of `egm wallet`: the machine's key, and the
// floor's wallet (accounts, scans, balances, reconciliation) in the floor database.
var walletCommands = map[string]command{
	"pubkey":       {"print the machine's wallet public key (made on first use): --state DIR", cmdWalletPubkey},
	"register":     {"register a machine's public key with the floor: --asset N --machine ID --pubkey ed25519:…|@FILE", cmdWalletRegister},
	"account":      {"open a player account and/or fund it: --player P [--fund CENTS]", cmdWalletAccount},
	"balances":     {"the accounts and the money the wallet put on each machine [--json]", cmdWalletBalances},
	"scan":         {"a player's wallet scans a machine's QR code: --png FILE|--text T --player P [--cents N] --floor ADDR|--connect …", cmdWalletScan},
	"recover":      {"resolve the pending transfers by asking the machine again: --connect …", cmdWalletRecover},
	"reconcile":    {"check wallets + machines + in flight = funded, to the cent [--state DIR of the machine] [--json]", cmdWalletReconcile},
	"events":       {"the wallet's event log: transfers and refusals [--json]", cmdWalletEvents},
	"decode":       {"read a QR PNG and print its payload: --png FILE", cmdWalletDecode},
	"idle-cashout": {"return a machine's balance to the wallet that put it in, without a scan (R-CASH-6): --asset N --code C --cents N --connect …", cmdWalletIdleCashout},
}

// cmdWallet is `egm wallet SUBCOMMAND`.
func cmdWallet(args []string, stdout, stderr io.Writer) int {
	return subcommands("wallet", "subcommand", walletCommands, args, stdout, stderr)
}

func cmdWalletPubkey(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet pubkey", "wallet pubkey [--state DIR] [--config FILE]", stderr)
	stateDir := fs.String("state", "", "the machine's state directory (default: the configuration's state_dir)")
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	cfg, err := loadConfig(*cfgPath)
	if err != nil {
		return fail(stderr, err)
	}
	if *stateDir != "" {
		cfg.StateDir = *stateDir
	}
	k, err := wallet.LoadOrCreateKey(cfg.StateDir)
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintln(stdout, wallet.PublicKeyText(k.Public().(ed25519.PublicKey)))
	fmt.Fprintf(stderr, "register it on the floor: egm wallet register --asset %d --machine %s --pubkey @%s/%s\n",
		cfg.AssetNumber, cfg.MachineID, cfg.StateDir, wallet.PubKeyFile)
	return 0
}

func cmdWalletRegister(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet register", "wallet register [--db FILE] --asset N --machine ID --pubkey ed25519:…|@FILE", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	asset := fs.Uint("asset", 0, "the machine's asset number")
	id := fs.String("machine", "", "the machine's id")
	pub := fs.String("pubkey", "", "the machine's public key (egm wallet pubkey), or @FILE")
	connect := fs.String("connect", "", "also register the floor with the machine's AFT (73) over its SAS link: tcp:HOST:PORT or pty:PATH")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *asset == 0 || *asset > 0xFFFFFFFF || *id == "" || *pub == "" {
		return badUsage(fs, "--asset (1..4294967295), --machine and --pubkey are required")
	}
	text := *pub
	if f, ok := strings.CutPrefix(text, "@"); ok {
		b, err := os.ReadFile(f)
		if err != nil {
			return fail(stderr, fmt.Errorf("egm wallet register: %w", err))
		}
		text = string(b)
	}
	st, w, err := floor.OpenWalletAt(*dbPath, nil)
	if err != nil {
		return fail(stderr, err)
	}
	defer st.Close()
	if err := w.RegisterMachine(uint32(*asset), *id, strings.TrimSpace(text)); err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "machine %s (asset %d) registered with the wallet\n", *id, *asset)
	if *connect != "" {
		a, closeLink, err := floor.DialAFT(*connect, byte(*addr), w, uint32(*asset))
		if err != nil {
			return fail(stderr, err)
		}
		defer closeLink()
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		if _, err := a.Register(ctx); err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "AFT registration with machine %d on %s done\n", *addr, *connect)
	}
	return 0
}

func cmdWalletAccount(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet account", "wallet account [--db FILE] --player P [--fund CENTS]", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	player := fs.String("player", "", "the player's wallet id")
	fund := fs.Int64("fund", 0, "add this many cents from outside (the player's bank)")
	floorAddr := fs.String("floor", "", "through the running floor (egm floor --wallet --control ADDR)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *player == "" || *fund < 0 {
		return badUsage(fs, "--player is required and --fund must not be negative")
	}
	if *floorAddr != "" {
		fc, err := floor.NewControlClient(*floorAddr)
		if err != nil {
			return usageErr(fs, err)
		}
		var a floor.Account
		if err := fc.Call("/v1/account", floor.ControlAccount{Player: *player, Fund: *fund}, &a); err != nil {
			return fail(stderr, err)
		}
		fmt.Fprintf(stdout, "%s  %s\n", a.Player, euros(a.Cents))
		return 0
	}
	st, w, err := floor.OpenWalletAt(*dbPath, nil)
	if err != nil {
		return fail(stderr, err)
	}
	defer st.Close()
	if err := w.CreateAccount(*player); err != nil {
		return fail(stderr, err)
	}
	if *fund > 0 {
		if err := w.Fund(*player, *fund); err != nil {
			return fail(stderr, err)
		}
	}
	a, err := w.Account(*player)
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "%s  %s\n", a.Player, euros(a.Cents))
	return 0
}

func cmdWalletBalances(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet balances", "wallet balances [--db FILE] [--json]", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	asJSON := fs.Bool("json", false, "JSON output")
	floorAddr := fs.String("floor", "", "through the running floor (egm floor --wallet --control ADDR)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	var as []floor.Account
	var ms []floor.WalletMachine
	if *floorAddr != "" {
		fc, err := floor.NewControlClient(*floorAddr)
		if err != nil {
			return usageErr(fs, err)
		}
		var b floor.Balances
		if err := fc.Call("/v1/balances", nil, &b); err != nil {
			return fail(stderr, err)
		}
		as, ms = b.Accounts, b.Machines
	} else {
		st, w, err := floor.OpenWalletAt(*dbPath, nil)
		if err != nil {
			return fail(stderr, err)
		}
		defer st.Close()
		if as, err = w.Accounts(); err != nil {
			return fail(stderr, err)
		}
		if ms, err = w.Machines(); err != nil {
			return fail(stderr, err)
		}
	}
	if *asJSON {
		if as == nil {
			as = []floor.Account{}
		}
		if ms == nil {
			ms = []floor.WalletMachine{}
		}
		return writeJSON(stdout, stderr, floor.Balances{Accounts: as, Machines: ms})
	}
	tw := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "player\tbalance\t")
	for _, a := range as {
		fmt.Fprintf(tw, "%s\t%s\t\n", a.Player, euros(a.Cents))
	}
	fmt.Fprintln(tw, "\t\t")
	fmt.Fprintln(tw, "asset\tmachine\ton machine\tin\tout\towner\t")
	for _, m := range ms {
		fmt.Fprintf(tw, "%d\t%s\t%s\t%s\t%s\t%s\t\n", m.Asset, m.ID, euros(m.Cents), euros(m.InCents), euros(m.OutCents), m.Owner)
	}
	tw.Flush()
	return 0
}

// scanText reads the payload from --text or from the QR code in --png.
func scanText(text, pngPath string) (string, error) {
	switch {
	case text != "" && pngPath != "":
		return "", errors.New("--text and --png exclude each other")
	case text != "":
		return text, nil
	case pngPath != "":
		f, err := os.Open(pngPath)
		if err != nil {
			return "", err
		}
		defer f.Close()
		return wallet.DecodePNG(f)
	}
	return "", errors.New("--png FILE or --text PAYLOAD is required")
}

func cmdWalletScan(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet scan", "wallet scan [--floor ADDR | --db FILE --connect tcp:HOST:PORT|pty:PATH [--addr N]] --png FILE|--text PAYLOAD --player P [--cents N]", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	connect := fs.String("connect", "", "the machine's SAS link: tcp:HOST:PORT or pty:PATH")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	pngPath := fs.String("png", "", "a picture of the machine's QR code (PNG)")
	text := fs.String("text", "", "the QR code's text")
	player := fs.String("player", "", "the player's wallet id")
	cents := fs.Int64("cents", 0, "cash-in: the amount in cents (cash-out: the whole balance the code shows)")
	timeout := fs.Duration("timeout", 30*time.Second, "give up waiting for the machine after this long (the transfer then stays pending)")
	floorAddr := fs.String("floor", "", "send the scan to the running floor (egm floor --wallet --control ADDR) instead of opening the database and the link")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *player == "" {
		return badUsage(fs, "--player is required")
	}
	if *floorAddr != "" {
		if *connect != "" {
			return badUsage(fs, "--floor and --connect exclude each other: the floor holds the machine's link")
		}
		payload, err := scanText(*text, *pngPath)
		if err != nil {
			return badUsage(fs, "%v", err)
		}
		fc, err := floor.NewControlClient(*floorAddr)
		if err != nil {
			return usageErr(fs, err)
		}
		var rep floor.ControlScanReply
		if err := fc.Call("/v1/scan", floor.ControlScan{Payload: payload, Player: *player, Cents: *cents, TimeoutMS: timeout.Milliseconds()}, &rep); err != nil {
			return fail(stderr, err)
		}
		t := rep.Transfer
		fmt.Fprintf(stdout, "transfer %d: %s of %s on asset %d: %s; %s now has %s\n", t.Seq, floor.DirWord(t.Dir), euros(t.Cents), t.Asset, t.State, *player, euros(rep.Account.Cents))
		return 0
	}
	if *addr < 1 || *addr > 127 {
		return badUsage(fs, "--addr must be 1..127, not %d", *addr)
	}
	payload, err := scanText(*text, *pngPath)
	if err != nil {
		return badUsage(fs, "%v", err)
	}
	st, w, err := floor.OpenWalletAt(*dbPath, nil)
	if err != nil {
		return fail(stderr, err)
	}
	defer st.Close()
	// A bad payload or an unknown machine is refused (and logged) by Scan itself.
	if s, perr := wallet.Parse(payload); perr == nil {
		_, closeLink, err := floor.LinkWallet(*connect, byte(*addr), w, s.Asset)
		switch {
		case errors.Is(err, wallet.ErrForeignMachine):
		case err != nil:
			return fail(stderr, err)
		default:
			defer closeLink()
		}
	}
	ctx, cancel := context.WithTimeout(context.Background(), *timeout)
	defer cancel()
	t, err := w.Scan(ctx, payload, *player, *cents)
	if err != nil {
		return fail(stderr, err)
	}
	a, _ := w.Account(*player)
	fmt.Fprintf(stdout, "transfer %d: %s of %s on asset %d: %s; %s now has %s\n", t.Seq, floor.DirWord(t.Dir), euros(t.Cents), t.Asset, t.State, *player, euros(a.Cents))
	return 0
}

func cmdWalletRecover(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet recover", "wallet recover [--db FILE] --connect tcp:HOST:PORT|pty:PATH [--addr N] --asset N", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	connect := fs.String("connect", "", "the machine's SAS link")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	asset := fs.Uint("asset", 0, "the machine's asset number")
	timeout := fs.Duration("timeout", 30*time.Second, "give up waiting for the machine after this long")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *asset == 0 || *asset > 0xFFFFFFFF {
		return badUsage(fs, "--asset is required")
	}
	err := floor.OnWalletLink(*dbPath, *connect, byte(*addr), uint32(*asset), *timeout, func(ctx context.Context, w *floor.Wallet) error {
		left, err := w.Recover(ctx)
		fmt.Fprintf(stdout, "%d transfer(s) still pending\n", left)
		return err
	})
	if err != nil {
		return fail(stderr, err)
	}
	return 0
}

func cmdWalletReconcile(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet reconcile", "wallet reconcile [--db FILE] [--state DIR --asset N]… [--json]", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	var states, assets multiFlag
	var money []floor.MachineMoney
	fs.Var(&states, "state", "a machine's state directory: its meters are read offline (repeat with --asset)")
	fs.Var(&assets, "asset", "the asset number of the machine of the --state at the same position")
	var connects multiFlag
	fs.Var(&connects, "connect", "a machine's SAS link: its AFT meters are read over SAS (tcp:HOST:PORT or pty:PATH; repeat with --asset)")
	addr := fs.Int("addr", 1, "the machines' SAS address (1..127)")
	asJSON := fs.Bool("json", false, "JSON output")
	floorAddr := fs.String("floor", "", "ask the running floor (egm floor --wallet --control ADDR): its database and the AFT meters of the machines it polls")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *floorAddr != "" {
		if len(states)+len(connects)+len(assets) > 0 {
			return badUsage(fs, "--floor reads the machines the floor polls: no --state, --connect or --asset with it")
		}
		fc, err := floor.NewControlClient(*floorAddr)
		if err != nil {
			return usageErr(fs, err)
		}
		var rec floor.Reconciliation
		if err := fc.Call("/v1/reconcile", nil, &rec); err != nil {
			return fail(stderr, err)
		}
		return printReconciliation(rec, *asJSON, stdout, stderr)
	}
	if len(states)+len(connects) != len(assets) {
		return badUsage(fs, "give one --asset per --state and per --connect, in order")
	}
	for i, spec := range connects {
		var asset uint32
		if _, err := fmt.Sscan(assets[len(states)+i], &asset); err != nil || asset == 0 {
			return badUsage(fs, "--asset %q: want a number", assets[len(states)+i])
		}
		mm, err := floor.MoneyAt(spec, byte(*addr), asset)
		if err != nil {
			return fail(stderr, err)
		}
		money = append(money, mm)
	}
	for i, dir := range states {
		var asset uint32
		if _, err := fmt.Sscan(assets[i], &asset); err != nil || asset == 0 {
			return badUsage(fs, "--asset %q: want a number", assets[i])
		}
		mm, err := machineMoney(dir, asset)
		if err != nil {
			return fail(stderr, err)
		}
		money = append(money, mm)
	}
	st, w, err := floor.OpenWalletAt(*dbPath, nil)
	if err != nil {
		return fail(stderr, err)
	}
	defer st.Close()
	rec, err := w.Reconcile(money)
	if err != nil {
		return fail(stderr, err)
	}
	return printReconciliation(rec, *asJSON, stdout, stderr)
}

// printReconciliation prints rec; the exit code is 1 when it does not balance.
func printReconciliation(rec floor.Reconciliation, asJSON bool, stdout, stderr io.Writer) int {
	code := 0
	if !rec.OK {
		code = 1
	}
	if asJSON {
		if rec.Problems == nil {
			rec.Problems = []string{}
		}
		if c := writeJSON(stdout, stderr, rec); c != 0 {
			return c
		}
		return code
	}
	rec.Print(stdout)
	return code
}

// machineMoney reads a machine's AFT transfer counters and credits from its critical
// memory offline.
func machineMoney(dir string, asset uint32) (floor.MachineMoney, error) {
	ro, err := meters.Open(dir, meters.Options{ReadOnly: true})
	if errors.Is(err, meters.ErrLocked) {
		return floor.MachineMoney{}, fmt.Errorf("egm wallet reconcile: the machine is running and holds %s: stop it first", dir)
	}
	if err != nil {
		return floor.MachineMoney{}, fmt.Errorf("egm wallet reconcile: %w", err)
	}
	defer ro.Close()
	mm := floor.MachineMoney{Asset: asset}
	ro.View(func(v *meters.Snapshot) {
		c := v.Counters()
		mm.In, mm.Out = c[machine.CounterAFTCashableIn], c[machine.CounterAFTCashableOut]
		mm.Credits = v.Meters().Get(meters.CurrentCredits)
	})
	return mm, nil
}

// multiFlag is a flag that may be repeated.
type multiFlag []string

func (m *multiFlag) String() string     { return strings.Join(*m, ",") }
func (m *multiFlag) Set(s string) error { *m = append(*m, s); return nil }

func cmdWalletEvents(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet events", "wallet events [--db FILE] [--json]", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	asJSON := fs.Bool("json", false, "JSON output")
	floorAddr := fs.String("floor", "", "through the running floor (egm floor --wallet --control ADDR)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	var ev []floor.WalletEvent
	if *floorAddr != "" {
		fc, err := floor.NewControlClient(*floorAddr)
		if err != nil {
			return usageErr(fs, err)
		}
		if err := fc.Call("/v1/events", nil, &ev); err != nil {
			return fail(stderr, err)
		}
	} else {
		st, w, err := floor.OpenWalletAt(*dbPath, nil)
		if err != nil {
			return fail(stderr, err)
		}
		defer st.Close()
		if ev, err = w.Events(); err != nil {
			return fail(stderr, err)
		}
	}
	if *asJSON {
		if ev == nil {
			ev = []floor.WalletEvent{}
		}
		return writeJSON(stdout, stderr, ev)
	}
	for _, e := range ev {
		fmt.Fprintf(stdout, "%s  %-8s %s\n", e.Time.Format("2006-01-02 15:04:05"), e.Kind, e.Message)
	}
	return 0
}

func cmdWalletDecode(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet decode", "wallet decode --png FILE|--text T [--json]", stderr)
	pngPath := fs.String("png", "", "a picture of the QR code (PNG)")
	text := fs.String("text", "", "the QR code's text")
	asJSON := fs.Bool("json", false, "JSON output")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	payload, err := scanText(*text, *pngPath)
	if err != nil {
		return badUsage(fs, "%v", err)
	}
	s, err := wallet.Parse(payload)
	if err != nil {
		return fail(stderr, err)
	}
	p := s.Payload
	if *asJSON {
		return writeJSON(stdout, stderr, map[string]any{"asset": p.Asset, "machine_id": p.Machine, "kind": p.Kind.String(),
			"expiry": p.Expiry, "cents": p.Cents, "text": payload})
	}
	fmt.Fprintf(stdout, "%s code of machine %s (asset %d), expires %s", p.Kind, p.Machine, p.Asset, p.Expiry.Local().Format("2006-01-02 15:04:05"))
	if p.Kind == wallet.CashOut {
		fmt.Fprintf(stdout, ", %s", euros(p.Cents))
	}
	fmt.Fprintln(stdout)
	return 0
}

// euros writes integer cents as euros, "-1.50 EUR" below zero.
func euros(c int64) string {
	sign := ""
	if c < 0 {
		sign, c = "-", -c
	}
	return fmt.Sprintf("%s%d.%02d EUR", sign, c/100, c%100)
}

// cmdWalletIdleCashout is the floor's side of the idle cash-out (R-CASH-6): the
// machine raised a cash-out by itself with its cash-out code; the balance goes back
// to the wallet of the last cash-in, with no scan.
func cmdWalletIdleCashout(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("wallet idle-cashout", "wallet idle-cashout [--db FILE] --connect … [--addr N] --asset N --code C --cents N", stderr)
	dbPath := fs.String("db", "./var/floor.db", "the floor database")
	connect := fs.String("connect", "", "the machine's SAS link")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	asset := fs.Uint("asset", 0, "the machine's asset number")
	code := fs.String("code", "", "the machine's live cash-out code (its AFT transaction id)")
	cents := fs.Int64("cents", 0, "the balance the code is for")
	timeout := fs.Duration("timeout", 30*time.Second, "give up waiting for the machine after this long (the transfer then stays pending)")
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	if *asset == 0 || *asset > 0xFFFFFFFF || *code == "" || *cents <= 0 {
		return badUsage(fs, "--asset, --code and --cents are required")
	}
	err := floor.OnWalletLink(*dbPath, *connect, byte(*addr), uint32(*asset), *timeout, func(ctx context.Context, w *floor.Wallet) error {
		t, err := w.IdleCashout(ctx, uint32(*asset), *code, *cents)
		if err != nil {
			return err
		}
		a, _ := w.Account(t.Player)
		fmt.Fprintf(stdout, "transfer %d: idle cash-out of %s on asset %d: %s; %s now has %s\n", t.Seq, euros(t.Cents), t.Asset, t.State, t.Player, euros(a.Cents))
		return nil
	})
	if err != nil {
		return fail(stderr, err)
	}
	return 0
}
