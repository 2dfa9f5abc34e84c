package floorcli

import (
	"fmt"
	"io"
	"os"
	"strings"

	"egm/floor"
	"egm/floor/desk"
	"egm/jackpot"
	"egm/money"
	"egm/rng"
)

// cmdMigrate copies a floor database into another (a bbolt floor into
// PostgreSQL): the floor's records (floor.CopyRecords), the wallet
// (desk.CopyWallet) and, with --jackpot FILE, the floor's linked jackpot
// controller into the destination's wide-area one (jackpot.Copy); each part read
// back and checked against the source, then prints what moved and the totals
// that agree. The destination must be empty: every part of it is checked
// before any is written. Stop the source's floor first.
func cmdMigrate(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("migrate", "migrate --from bbolt:PATH --to postgres://ROLE@HOST/DB [--db-password-file FILE] [--jackpot FILE]", stderr)
	from := fs.String("from", "./var/floor.db", "the floor database to copy: bbolt:PATH (or a PATH); only read")
	to := fs.String("to", "", "the empty database to copy it into: postgres://ROLE@HOST/DB (no password: "+floor.PasswordEnv+", PGPASSWORD or --db-password-file), or bbolt:PATH")
	pwFile := fs.String("db-password-file", "", "the file holding --to's password (mode 0600)")
	jpFile := fs.String("jackpot", "", "the source floor's linked jackpot controller (egm-floor run --jackpot FILE), copied into --to's wide-area controller (egm-floor run --jackpot db); --to must be PostgreSQL")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *to == "" {
		return prog.BadUsage(fs, "--to is needed: the database to copy the floor into")
	}
	if *to == *from {
		return prog.BadUsage(fs, "--from and --to name the same database")
	}
	if *jpFile != "" {
		if k, _, err := floor.ParseDB(*to); err == nil && k != floor.DBPostgres {
			return prog.BadUsage(fs, "--jackpot copies the controller into --to's wide-area one, which lives in PostgreSQL: --to must be postgres://…")
		}
		if _, err := os.Stat(*jpFile); err != nil {
			return prog.Fail(stderr, fmt.Errorf("floor: migrate: --jackpot: %w", err))
		}
	}
	src, err := floor.OpenDB(*from, floor.DBOptions{})
	if err != nil {
		return prog.Fail(stderr, err)
	}
	defer src.Close()
	dst, err := floor.OpenDB(*to, floor.DBOptions{PasswordFile: *pwFile})
	if err != nil {
		return prog.Fail(stderr, err)
	}
	defer dst.Close()
	// Every part of the destination checked empty before any is written.
	if err := floor.CheckRecordsEmpty(dst); err != nil {
		return prog.Fail(stderr, err)
	}
	if err := desk.CheckWalletEmpty(dst); err != nil {
		return prog.Fail(stderr, err)
	}
	var jp *migrateJackpots
	if *jpFile != "" {
		if jp, err = openJackpots(*jpFile, dst); err != nil {
			return prog.Fail(stderr, err)
		}
		defer jp.close()
	}
	c, err := floor.CopyRecords(dst, src)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	cur := src.Currency()
	fmt.Fprintf(stdout, "floor records: %d machines' meters (coin in %s in all), %d exceptions, %d jackpot baselines, %d bonus payments (%s): copied and read back equal\n",
		c.Machines, cur.Format(int64(c.CoinIn), "en"), c.Exceptions, c.Baselines, c.BonusPayments, cur.Format(c.BonusCents, "en"))
	w, err := desk.CopyWallet(dst, src)
	if err != nil {
		return prog.Fail(stderr, fmt.Errorf("%w (the floor records are copied: empty the destination before trying again)", err))
	}
	fmt.Fprintf(stdout, "wallet: %d accounts (%s), funded %s, %d machines (%s on them), %d transfers (%d pending), %d used codes, %d events, %d register entries: copied and read back equal\n",
		w.Accounts, cur.Format(w.BalanceCents, "en"), cur.Format(w.FundedCents, "en"), w.Machines, cur.Format(w.OnMachines, "en"),
		w.Transfers, w.Pending, w.Codes, w.Events, w.Restrictions)
	if jp != nil {
		line, err := jp.copy(cur)
		if err != nil {
			return prog.Fail(stderr, fmt.Errorf("%w (the floor records and the wallet are copied: empty the destination before trying again)", err))
		}
		fmt.Fprintln(stdout, line)
	}
	fmt.Fprintf(stdout, "migrated %s into %s\n", floor.RedactDB(*from), floor.RedactDB(*to))
	return 0
}

// migrateJackpots are the source's controller (its file) and the
// destination's wide-area one, opened and checked before anything is written.
type migrateJackpots struct{ from, to *jackpot.Controller }

// openJackpots opens the controller in file and dst's wide-area controller
// (made with the source's levels if it has none yet), and refuses a destination
// controller of other levels or that has counted anything.
func openJackpots(file string, dst *floor.Store) (*migrateJackpots, error) {
	g, err := rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
	if err != nil {
		return nil, err
	}
	from, err := jackpot.Open(file, jackpot.Options{RNG: g})
	if err != nil {
		return nil, fmt.Errorf("floor: migrate: --jackpot %s: %w", file, err)
	}
	to, err := jackpot.OpenPostgres(dst, jackpot.Options{RNG: g, Levels: from.Config()})
	if err != nil {
		from.Close()
		return nil, fmt.Errorf("floor: migrate: the destination's wide-area controller: %w: refused, nothing written", err)
	}
	if err := to.CheckBlank(); err != nil {
		from.Close()
		to.Close()
		return nil, fmt.Errorf("%w: its wide-area jackpot controller: %w: refused, nothing written (give it a new database)", floor.ErrNotEmpty, err)
	}
	return &migrateJackpots{from, to}, nil
}

func (j *migrateJackpots) close() {
	j.from.Close()
	j.to.Close()
}

// copy copies the source's controller into the destination's and says what
// moved.
func (j *migrateJackpots) copy(cur money.Currency) (string, error) {
	n, err := jackpot.Copy(j.from, j.to)
	if err != nil {
		return "", err
	}
	var lv []string
	for _, l := range j.to.Levels() {
		lv = append(lv, l.Name+" "+cur.Format(l.AmountCents, "en"))
	}
	return fmt.Sprintf("jackpot controller: %d machines, %d games kept, %d awards, levels %s: copied and read back equal (egm-floor run --jackpot db)",
		n.Machines, n.Games, n.Awards, strings.Join(lv, ", ")), nil
}
