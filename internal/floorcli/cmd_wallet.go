package floorcli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"strings"
	"time"

	"egm/floor"
	"egm/floor/desk"
	"egm/internal/cli"
	"egm/lab/campaign"
	"egm/meters"
	"egm/money"
	"egm/wallet"
	"egm/wallet/qrscan"
)

// walletCommands are the subcommands of `egm-floor wallet`: the floor's wallet
// (machines' keys, accounts, scans, balances, reconciliation, the register of
// restrictions) in the floor database or through the running floor.
var walletCommands = map[string]cli.Command{
	"register":     {Summary: "register a machine's public key with the floor: --asset N --machine ID --pubkey ed25519:…|@FILE", Run: cmdWalletRegister},
	"account":      {Summary: "open a player account and/or fund it: --player P [--fund CENTS] [--born YYYY-MM-DD]", Run: cmdWalletAccount},
	"balances":     {Summary: "the accounts and the money the wallet put on each machine [--json]", Run: cmdWalletBalances},
	"scan":         {Summary: "a player's wallet scans a machine's QR code: --png FILE|--text T --player P [--cents N] --floor ADDR|--connect …", Run: cmdWalletScan},
	"recover":      {Summary: "resolve the pending transfers by asking the machine again: --connect …", Run: cmdWalletRecover},
	"reconcile":    {Summary: "check wallets + machines + in flight = funded, to the cent [--state DIR of the machine] [--json]", Run: cmdWalletReconcile},
	"events":       {Summary: "the wallet's event log: transfers and refusals [--json]", Run: cmdWalletEvents},
	"decode":       {Summary: "read a QR PNG and print its payload: --png FILE", Run: cmdWalletDecode},
	"idle-cashout": {Summary: "return a machine's balance to the wallet that put it in, without a scan (R-CASH-6): --asset N --code C --cents N --connect …", Run: cmdWalletIdleCashout},
	// player protection (R-PLAYER-1/2): cmd_wallet_protect.go
	"restrict":           {Summary: "staff restrict a player's cash-in for a day or longer: --player P --days N --by WHO --why TEXT", Run: cmdWalletRestrict},
	"register-exclusion": {Summary: "enter a self-exclusion (--months 6..12) or a court's restriction: --player P --kind self|court --by WHO --why TEXT", Run: cmdWalletRegisterExclusion},
	"lift":               {Summary: "lift a staff or court restriction (a self-exclusion runs its term): --id N --by WHO --why TEXT", Run: cmdWalletLift},
	"restrictions":       {Summary: "the register in force (--all: with the ended and lifted ones) [--player P] [--json]", Run: cmdWalletRestrictions},
}

// cmdWallet is `egm-floor wallet SUBCOMMAND`.
func cmdWallet(args []string, stdout, stderr io.Writer) int {
	return prog.Subcommands("wallet", "subcommand", walletCommands, args, stdout, stderr)
}

// walletDesk opens the wallet a command works on: the running floor's (--floor
// ADDR; a bad address is bad usage) or the floor database's.
func walletDesk(fs *flag.FlagSet, floorAddr, db string, stderr io.Writer) (desk.WalletDesk, int) {
	if floorAddr != "" {
		d, err := desk.ControlDesk(floorAddr)
		if err != nil {
			return nil, cli.UsageErr(fs, err)
		}
		return d, 0
	}
	d, err := desk.OpenDesk(db)
	if err != nil {
		return nil, prog.Fail(stderr, err)
	}
	return d, 0
}

// dbFlag is the wallet commands' --db, with its --db-password-file: the file's
// password (mode 0600, checked as egm-floor run checks it) becomes this
// process's EGM_FLOOR_DB_PASSWORD, read when the database opens.
func dbFlag(fs *flag.FlagSet) *string {
	fs.Func("db-password-file", "with --db postgres://…: the file holding its password (mode 0600)", func(path string) error {
		p, err := floor.ReadPasswordFile(path)
		if err != nil {
			return err
		}
		return os.Setenv(floor.PasswordEnv, p)
	})
	return fs.String("db", "./var/floor.db", "the floor database: bbolt:PATH (or a PATH), or postgres://ROLE@HOST/DB (the password from --db-password-file, "+floor.PasswordEnv+" or PGPASSWORD)")
}
func floorFlag(fs *flag.FlagSet) *string {
	return fs.String("floor", "", "through the running floor (egm-floor run --wallet --control ADDR)")
}

func cmdWalletRegister(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet register", "wallet register [--db FILE] --asset N --machine ID --pubkey ed25519:…|@FILE", stderr)
	dbPath := dbFlag(fs)
	asset := fs.Uint("asset", 0, "the machine's asset number")
	id := fs.String("machine", "", "the machine's id")
	pub := fs.String("pubkey", "", "the machine's public key (egm wallet pubkey), or @FILE")
	connect := fs.String("connect", "", "also register the floor with the machine's AFT (73) over its SAS link: tcp:HOST:PORT or pty:PATH")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *asset == 0 || *asset > 0xFFFFFFFF || *id == "" || *pub == "" {
		return prog.BadUsage(fs, "--asset (1..4294967295), --machine and --pubkey are required")
	}
	text := *pub
	if f, ok := strings.CutPrefix(text, "@"); ok {
		b, err := os.ReadFile(f)
		if err != nil {
			return prog.Fail(stderr, fmt.Errorf("egm-floor wallet register: %w", err))
		}
		text = string(b)
	}
	said := func(s string) { fmt.Fprintln(stdout, s) }
	if err := desk.RegisterAt(*dbPath, uint32(*asset), *id, strings.TrimSpace(text), *connect, byte(*addr), said); err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}

func cmdWalletAccount(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet account", "wallet account [--db FILE] --player P [--fund CENTS] [--born YYYY-MM-DD]", stderr)
	dbPath := dbFlag(fs)
	player := fs.String("player", "", "the player's wallet id")
	fund := fs.Int64("fund", 0, "add this many cents from outside (the player's bank)")
	born := fs.String("born", "", "the date of birth on the identity document (under 21: no cash-in)")
	floorAddr := floorFlag(fs)
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *player == "" || *fund < 0 {
		return prog.BadUsage(fs, "--player is required and --fund must not be negative")
	}
	d, code := walletDesk(fs, *floorAddr, *dbPath, stderr)
	if d == nil {
		return code
	}
	defer d.Close()
	a, err := d.Account(*player, *fund)
	if err == nil && *born != "" {
		a, err = d.BirthDate(*player, *born)
	}
	if err != nil {
		return prog.Fail(stderr, err)
	}
	fmt.Fprintln(stdout, desk.AccountLine(a, deskCurrency(d)))
	return 0
}

func cmdWalletBalances(args []string, stdout, stderr io.Writer) int {
	return deskReport("balances", args, stdout, stderr, desk.WalletDesk.Balances, func(w io.Writer, b desk.Balances) { b.Print(w) })
}

// scanText reads the payload from --text or from the QR code in --png.
func scanText(text, pngPath string) (string, error) {
	switch {
	case text != "" && pngPath != "":
		return "", errors.New("--text and --png exclude each other")
	case text != "":
		return text, nil
	case pngPath != "":
		return qrscan.DecodePNGFile(pngPath)
	}
	return "", errors.New("--png FILE or --text PAYLOAD is required")
}

func cmdWalletScan(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet scan", "wallet scan [--floor ADDR | --db FILE --connect tcp:HOST:PORT|pty:PATH [--addr N]] --png FILE|--text PAYLOAD --player P [--cents N]", stderr)
	dbPath := dbFlag(fs)
	connect := fs.String("connect", "", "the machine's SAS link: tcp:HOST:PORT or pty:PATH")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	pngPath := fs.String("png", "", "a picture of the machine's QR code (PNG)")
	text := fs.String("text", "", "the QR code's text")
	player := fs.String("player", "", "the player's wallet id")
	cents := fs.Int64("cents", 0, "cash-in: the amount in cents (cash-out: the whole balance the code shows)")
	timeout := fs.Duration("timeout", 30*time.Second, "give up waiting for the machine after this long (the transfer then stays pending)")
	floorAddr := fs.String("floor", "", "send the scan to the running floor (egm-floor run --wallet --control ADDR) instead of opening the database and the link")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	switch {
	case *player == "":
		return prog.BadUsage(fs, "--player is required")
	case *floorAddr != "" && *connect != "":
		return prog.BadUsage(fs, "--floor and --connect exclude each other: the floor holds the machine's link")
	case *floorAddr == "" && (*addr < 1 || *addr > 127):
		return prog.BadUsage(fs, "--addr must be 1..127, not %d", *addr)
	}
	payload, err := scanText(*text, *pngPath)
	if err != nil {
		return prog.BadUsage(fs, "%v", err)
	}
	d, code := walletDesk(fs, *floorAddr, *dbPath, stderr)
	if d == nil {
		return code
	}
	defer d.Close()
	t, a, err := d.Scan(desk.DeskScan{Payload: payload, Player: *player, Cents: *cents, Timeout: *timeout, Link: *connect, Addr: byte(*addr)})
	if err != nil {
		return prog.Fail(stderr, err)
	}
	fmt.Fprintln(stdout, desk.ScanLine(t, *player, a.Cents, deskCurrency(d)))
	return 0
}

func cmdWalletRecover(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet recover", "wallet recover [--db FILE] --connect tcp:HOST:PORT|pty:PATH [--addr N] --asset N", stderr)
	dbPath := dbFlag(fs)
	connect := fs.String("connect", "", "the machine's SAS link")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	asset := fs.Uint("asset", 0, "the machine's asset number")
	timeout := fs.Duration("timeout", 30*time.Second, "give up waiting for the machine after this long")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *asset == 0 || *asset > 0xFFFFFFFF {
		return prog.BadUsage(fs, "--asset is required")
	}
	err := desk.OnWalletLink(*dbPath, *connect, byte(*addr), uint32(*asset), *timeout, func(ctx context.Context, w *desk.Wallet) error {
		left, err := w.Recover(ctx)
		fmt.Fprintf(stdout, "%d transfer(s) still pending\n", left)
		return err
	})
	if err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}

func cmdWalletReconcile(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet reconcile", "wallet reconcile [--db FILE] [--state DIR --asset N]… [--json]", stderr)
	dbPath := dbFlag(fs)
	var states, assets, connects cli.MultiFlag
	fs.Var(&states, "state", "a machine's state directory: its meters are read offline (repeat with --asset)")
	fs.Var(&assets, "asset", "the asset number of the machine of the --state at the same position")
	fs.Var(&connects, "connect", "a machine's SAS link: its AFT meters are read over SAS (tcp:HOST:PORT or pty:PATH; repeat with --asset)")
	addr := fs.Int("addr", 1, "the machines' SAS address (1..127)")
	asJSON := fs.Bool("json", false, "JSON output")
	floorAddr := fs.String("floor", "", "ask the running floor (egm-floor run --wallet --control ADDR): its database and the AFT meters of the machines it polls")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	var money []desk.MachineMoney
	switch {
	case *floorAddr != "" && len(states)+len(connects)+len(assets) > 0:
		return prog.BadUsage(fs, "--floor reads the machines the floor polls: no --state, --connect or --asset with it")
	case *floorAddr == "" && len(states)+len(connects) != len(assets):
		return prog.BadUsage(fs, "give one --asset per --state and per --connect, in order")
	}
	// The links first, then the state directories: --asset gives the states' first.
	for i, spec := range append(append([]string{}, connects...), states...) {
		k := len(states) + i
		if i >= len(connects) {
			k = i - len(connects)
		}
		var asset uint32
		if _, err := fmt.Sscan(assets[k], &asset); err != nil || asset == 0 {
			return prog.BadUsage(fs, "--asset %q: want a number", assets[k])
		}
		var mm desk.MachineMoney
		var err error
		if i < len(connects) {
			mm, err = desk.MoneyAt(spec, byte(*addr), asset)
		} else if mm, err = campaign.OfflineMoney(spec, asset); errors.Is(err, meters.ErrLocked) {
			err = fmt.Errorf("egm-floor wallet reconcile: the machine is running and holds %s: stop it first", spec)
		} else if err != nil {
			err = fmt.Errorf("egm-floor wallet reconcile: %w", err)
		}
		if err != nil {
			return prog.Fail(stderr, err)
		}
		money = append(money, mm)
	}
	d, code := walletDesk(fs, *floorAddr, *dbPath, stderr)
	if d == nil {
		return code
	}
	defer d.Close()
	rec, err := d.Reconcile(money)
	switch {
	case err != nil:
		return prog.Fail(stderr, err)
	case *asJSON:
		if c := prog.WriteJSON(stdout, stderr, rec); c != 0 {
			return c
		}
	default:
		rec.Print(stdout)
	}
	return cli.ExitIf(!rec.OK) // 1 when it does not balance
}

func cmdWalletEvents(args []string, stdout, stderr io.Writer) int {
	return deskReport("events", args, stdout, stderr, desk.WalletDesk.Events, desk.PrintEvents)
}

// deskReport is a wallet command that reads one report from the desk (get) and
// prints it (print), or as JSON with --json.
func deskReport[T any](name string, args []string, stdout, stderr io.Writer, get func(desk.WalletDesk) (T, error), print func(io.Writer, T)) int {
	fs := prog.Flags("wallet "+name, "wallet "+name+" [--db FILE] [--json]", stderr)
	dbPath := dbFlag(fs)
	asJSON := fs.Bool("json", false, "JSON output")
	floorAddr := floorFlag(fs)
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	d, code := walletDesk(fs, *floorAddr, *dbPath, stderr)
	if d == nil {
		return code
	}
	defer d.Close()
	r, err := get(d)
	switch {
	case err != nil:
		return prog.Fail(stderr, err)
	case *asJSON:
		return prog.WriteJSON(stdout, stderr, r)
	}
	print(stdout, r)
	return 0
}

func cmdWalletDecode(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet decode", "wallet decode --png FILE|--text T [--currency CODE] [--json]", stderr)
	pngPath := fs.String("png", "", "a picture of the QR code (PNG)")
	text := fs.String("text", "", "the QR code's text")
	curCode := fs.String("currency", "", "the currency of the machine's floor, which the code does not carry (ISO 4217; default: a record's, euros)")
	asJSON := fs.Bool("json", false, "JSON output")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	cur := money.Recorded("")
	if *curCode != "" {
		c, err := money.ByCode(*curCode)
		if err != nil {
			return prog.BadUsage(fs, "--currency: %v", err)
		}
		cur = c
	}
	payload, err := scanText(*text, *pngPath)
	if err != nil {
		return prog.BadUsage(fs, "%v", err)
	}
	d, err := wallet.Decode(payload)
	switch {
	case err != nil:
		return prog.Fail(stderr, err)
	case *asJSON:
		return prog.WriteJSON(stdout, stderr, d)
	}
	fmt.Fprintln(stdout, d.StringIn(cur))
	return 0
}

// cmdWalletIdleCashout is the floor's side of the idle cash-out (R-CASH-6): the
// machine raised a cash-out by itself with its cash-out code; the balance goes back
// to the wallet of the last cash-in, with no scan.
func cmdWalletIdleCashout(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet idle-cashout", "wallet idle-cashout [--db FILE] --connect … [--addr N] --asset N --code C --cents N", stderr)
	dbPath := dbFlag(fs)
	connect := fs.String("connect", "", "the machine's SAS link")
	addr := fs.Int("addr", 1, "the machine's SAS address (1..127)")
	asset := fs.Uint("asset", 0, "the machine's asset number")
	code := fs.String("code", "", "the machine's live cash-out code (its AFT transaction id)")
	cents := fs.Int64("cents", 0, "the balance the code is for")
	timeout := fs.Duration("timeout", 30*time.Second, "give up waiting for the machine after this long (the transfer then stays pending)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *asset == 0 || *asset > 0xFFFFFFFF || *code == "" || *cents <= 0 {
		return prog.BadUsage(fs, "--asset, --code and --cents are required")
	}
	err := desk.OnWalletLink(*dbPath, *connect, byte(*addr), uint32(*asset), *timeout, func(ctx context.Context, w *desk.Wallet) error {
		t, err := w.IdleCashout(ctx, uint32(*asset), *code, *cents)
		if err == nil {
			a, _ := w.Account(t.Player)
			fmt.Fprintln(stdout, desk.IdleLine(t, a.Cents, w.Currency()))
		}
		return err
	})
	if err != nil {
		return prog.Fail(stderr, err)
	}
	return 0
}

// deskCurrency is the currency of the floor behind d (its balances name it; EUR
// when they cannot be read).
func deskCurrency(d desk.WalletDesk) money.Currency {
	b, err := d.Balances()
	if err != nil {
		return money.Recorded("")
	}
	return money.Recorded(b.Currency)
}
