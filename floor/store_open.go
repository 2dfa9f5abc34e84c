package floor

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"strings"
)

// The floor's database is named by one --db value (egm-floor run --db):
//
//	bbolt:PATH        a bbolt file (the embedded default)
//	PATH              the same (a value without "://", as before backends)
//	postgres://…      PostgreSQL (also postgresql://…), a libpq-style URL without
//	                  a password: host=/dir in the query for a unix socket
//
// PostgreSQL's password is never on the command line, which ps shows: it comes
// from DBOptions.PasswordFile (egm-floor run --db-password-file: a file of mode
// 0600 or stricter, one line), else from the environment (EGM_FLOOR_DB_PASSWORD,
// else libpq's PGPASSWORD or its password file, as pgx reads them).

// Database kinds (ParseDB).
const (
	DBBbolt    = "bbolt"
	DBPostgres = "postgres"
)

// PasswordEnv is the variable the floor's PostgreSQL password may be in.
const PasswordEnv = "EGM_FLOOR_DB_PASSWORD"

// ErrDBSpec is wrapped by every refusal of a --db value or its credentials.
var ErrDBSpec = errors.New("floor: --db")

// DBOptions are how the floor opens a database beyond its --db value.
type DBOptions struct {
	// PasswordFile holds PostgreSQL's password ("": the environment's); a file
	// others may read is refused.
	PasswordFile string
}

// ParseDB splits a --db value into its kind (DBBbolt, DBPostgres) and target (the
// bbolt file's path, or the URL).
func ParseDB(spec string) (kind, target string, err error) {
	switch {
	case spec == "" || spec == "bbolt:":
		return "", "", fmt.Errorf("%w: empty: want bbolt:PATH or postgres://…", ErrDBSpec)
	case strings.HasPrefix(spec, "bbolt:"):
		return DBBbolt, strings.TrimPrefix(spec, "bbolt:"), nil
	case strings.HasPrefix(spec, "postgres://"), strings.HasPrefix(spec, "postgresql://"):
		u, err := url.Parse(spec)
		if err != nil {
			return "", "", fmt.Errorf("%w: %s: %v", ErrDBSpec, RedactDB(spec), err)
		}
		if _, has := u.User.Password(); has || u.Query().Has("password") {
			return "", "", fmt.Errorf("%w: %s carries a password, which ps shows: give it in %s or a file of mode 0600 (--db-password-file)", ErrDBSpec, RedactDB(spec), PasswordEnv)
		}
		return DBPostgres, spec, nil
	case strings.Contains(spec, "://"):
		return "", "", fmt.Errorf("%w: %s: unknown kind of database: want bbolt:PATH or postgres://…", ErrDBSpec, RedactDB(spec))
	}
	return DBBbolt, spec, nil
}

// RedactDB is spec as the floor prints it: a URL's password, if any, left out.
func RedactDB(spec string) string {
	if !strings.Contains(spec, "://") {
		return spec
	}
	u, err := url.Parse(spec)
	if err != nil {
		return spec[:strings.Index(spec, "://")+3] + "…"
	}
	if q := u.Query(); q.Has("password") {
		q.Set("password", "xxxxx")
		u.RawQuery = q.Encode()
	}
	return u.Redacted()
}

// OpenDB opens (or creates) the floor database spec names (ParseDB); a
// PostgreSQL database is brought to this program's schema first (store_pg.go).
func OpenDB(spec string, o DBOptions) (*Store, error) {
	kind, target, err := ParseDB(spec)
	if err != nil {
		return nil, err
	}
	if kind == DBBbolt {
		if o.PasswordFile != "" {
			return nil, fmt.Errorf("%w: --db-password-file is for a PostgreSQL database, not bbolt:%s", ErrDBSpec, target)
		}
		return OpenStore(target)
	}
	password, given, err := dbPassword(o)
	if err != nil {
		return nil, err
	}
	b, err := openPostgres(target, password, given)
	if err != nil {
		return nil, err
	}
	st, err := NewStore(b)
	if err != nil {
		b.Close()
		return nil, err
	}
	return st, nil
}

// dbPassword is PostgreSQL's password from the file or EGM_FLOOR_DB_PASSWORD
// (given false: neither; pgx's own defaults apply).
func dbPassword(o DBOptions) (password string, given bool, err error) {
	if o.PasswordFile != "" {
		p, err := ReadPasswordFile(o.PasswordFile)
		return p, err == nil, err
	}
	if p, ok := os.LookupEnv(PasswordEnv); ok && p != "" {
		return p, true, nil
	}
	return "", false, nil
}

// ReadPasswordFile reads PostgreSQL's password from path: one line in a regular
// file that only its owner may read (mode 0600), else a clear refusal.
func ReadPasswordFile(path string) (string, error) {
	fi, err := os.Stat(path)
	if err != nil {
		return "", fmt.Errorf("%w: password file: %v", ErrDBSpec, err)
	}
	if !fi.Mode().IsRegular() || fi.Mode().Perm()&0o077 != 0 {
		return "", fmt.Errorf("%w: password file %s has mode %04o: others may read it; make it 0600 (chmod 600 %s)", ErrDBSpec, path, fi.Mode().Perm(), path)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		return "", fmt.Errorf("%w: password file: %v", ErrDBSpec, err)
	}
	p := strings.TrimRight(string(b), "\r\n")
	if p == "" || strings.ContainsAny(p, "\r\n") {
		return "", fmt.Errorf("%w: password file %s: want one line, the password", ErrDBSpec, path)
	}
	return p, nil
}
