package floorcli

import (
	"fmt"
	"io"

	"egm/floor"
)

// cmdMigrate copies a floor database into another (a bbolt floor into
// PostgreSQL): the floor's records (floor.CopyRecords), each part read back and
// checked against the source, then prints what moved and the totals that agree.
// The destination must be empty; the source is only read (stop its floor first).
func cmdMigrate(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("migrate", "migrate --from bbolt:PATH --to postgres://ROLE@HOST/DB [--db-password-file FILE]", stderr)
	from := fs.String("from", "./var/floor.db", "the floor database to copy: bbolt:PATH (or a PATH); only read")
	to := fs.String("to", "", "the empty database to copy it into: postgres://ROLE@HOST/DB (no password: "+floor.PasswordEnv+", PGPASSWORD or --db-password-file), or bbolt:PATH")
	pwFile := fs.String("db-password-file", "", "the file holding --to's password (mode 0600)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *to == "" {
		return prog.BadUsage(fs, "--to is needed: the database to copy the floor into")
	}
	if *to == *from {
		return prog.BadUsage(fs, "--from and --to name the same database")
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
	c, err := floor.CopyRecords(dst, src)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	cur := src.Currency()
	fmt.Fprintf(stdout, "floor records: %d machines' meters (coin in %s in all), %d exceptions, %d jackpot baselines, %d bonus payments (%s): copied and read back equal\n",
		c.Machines, cur.Format(int64(c.CoinIn), "en"), c.Exceptions, c.Baselines, c.BonusPayments, cur.Format(c.BonusCents, "en"))
	fmt.Fprintf(stdout, "migrated %s into %s\n", floor.RedactDB(*from), floor.RedactDB(*to))
	return 0
}
