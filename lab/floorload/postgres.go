package floorload

import (
	"egm/floor"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"os/user"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"syscall"
)

// Postgres is the one PostgreSQL the campaign's floors share: a cluster the
// campaign made itself in its working directory (as scripts/with-postgres.sh
// does: a unix socket there only, no TCP port), or one given by URL. Restart needs
// the cluster's data directory: the campaign's own, or a given URL whose host=DIR
// holds DIR/data (scripts/with-postgres.sh's layout).
type Postgres struct {
	URL string // postgres://ROLE@/DB?host=DIR, no password; or a bbolt file's path (Bbolt)
	// Bbolt is a single floor's bbolt file instead (--db bbolt:PATH, one host):
	// no server, nothing to restart.
	Bbolt bool
	bin   string // PostgreSQL's programs (initdb, pg_ctl, psql)
	data  string // the data directory ("": the server cannot be restarted from here)
	log   string
	as    []string // runuser -u OWNER -- when the cluster is another user's (root runs it as postgres)
	own   bool
}

// pgBin is the newest /usr/lib/postgresql/*/bin, or PG_BIN.
func pgBin() (string, error) {
	if b := os.Getenv("PG_BIN"); b != "" {
		return b, nil
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Slice(dirs, func(i, j int) bool { return versionOf(dirs[i]) < versionOf(dirs[j]) })
	for i := len(dirs) - 1; i >= 0; i-- {
		if _, err := os.Stat(filepath.Join(dirs[i], "pg_ctl")); err == nil {
			return dirs[i], nil
		}
	}
	return "", fmt.Errorf("floorload: no PostgreSQL server (pg_ctl) found: install Debian's postgresql package (make deps), set PG_BIN, or give --db")
}

func versionOf(dir string) int {
	n, _ := strconv.Atoi(filepath.Base(filepath.Dir(dir)))
	return n
}

// runAs is the prefix that runs a program as the owner of dir: none unless this
// process is root and dir is another user's (initdb and pg_ctl refuse root).
func runAs(dir string) ([]string, error) {
	if os.Geteuid() != 0 {
		return nil, nil
	}
	fi, err := os.Stat(dir)
	if err != nil {
		return nil, fmt.Errorf("floorload: %w", err)
	}
	uid := fi.Sys().(*syscall.Stat_t).Uid
	if uid == 0 {
		u, err := user.Lookup("postgres")
		if err != nil {
			return nil, fmt.Errorf("floorload: running as root, and there is no user postgres to own the cluster (initdb refuses root)")
		}
		n, _ := strconv.Atoi(u.Uid)
		if err := os.Chown(dir, n, -1); err != nil {
			return nil, fmt.Errorf("floorload: %w", err)
		}
		return []string{"runuser", "-u", "postgres", "--"}, nil
	}
	u, err := user.LookupId(strconv.Itoa(int(uid)))
	if err != nil {
		return nil, fmt.Errorf("floorload: the owner of %s: %w", dir, err)
	}
	return []string{"runuser", "-u", u.Username, "--"}, nil
}

// run runs one of PostgreSQL's programs as the cluster's owner.
func (p *Postgres) run(prog string, args ...string) error {
	argv := append(append([]string{}, p.as...), append([]string{filepath.Join(p.bin, prog)}, args...)...)
	cmd := exec.Command(argv[0], argv[1:]...)
	cmd.Dir = "/"
	out, err := cmd.CombinedOutput()
	if err != nil {
		return fmt.Errorf("floorload: %s: %v: %s", prog, err, strings.TrimSpace(string(out)))
	}
	return nil
}

// StartPostgres makes and starts a cluster of the campaign's own in dir: the
// superuser postgres and the role egm_load (database egm_load), each trusted on
// the socket in dir only (mode 0700: no other user reaches it).
func StartPostgres(dir string) (*Postgres, error) {
	bin, err := pgBin()
	if err != nil {
		return nil, err
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, fmt.Errorf("floorload: %w", err)
	}
	as, err := runAs(dir)
	if err != nil {
		return nil, err
	}
	p := &Postgres{bin: bin, data: filepath.Join(dir, "data"), log: filepath.Join(dir, "log"), as: as, own: true,
		URL: "postgres://egm_load@/egm_load?host=" + dir}
	if err := p.run("initdb", "-D", p.data, "-U", "postgres", "--auth-local=trust", "--auth-host=reject", "-E", "UTF8", "--locale=C.UTF-8"); err != nil {
		return nil, err
	}
	conf := fmt.Sprintf("listen_addresses = ''\nunix_socket_directories = '%s'\nunix_socket_permissions = 0700\nport = 5432\nmax_connections = 300\nfsync = off\nsynchronous_commit = off\nfull_page_writes = off\n", dir)
	f, err := os.OpenFile(filepath.Join(p.data, "postgresql.conf"), os.O_APPEND|os.O_WRONLY, 0)
	if err != nil {
		return nil, fmt.Errorf("floorload: %w", err)
	}
	_, err = f.WriteString(conf)
	f.Close()
	if err != nil {
		return nil, fmt.Errorf("floorload: %w", err)
	}
	if err := p.run("pg_ctl", "-D", p.data, "-l", p.log, "-w", "-t", "60", "start"); err != nil {
		return nil, err
	}
	for _, sql := range []string{"CREATE ROLE egm_load LOGIN", "CREATE DATABASE egm_load OWNER egm_load"} {
		if err := p.run("psql", "-X", "-q", "-v", "ON_ERROR_STOP=1", "-h", dir, "-U", "postgres", "-d", "postgres", "-c", sql); err != nil {
			p.Stop()
			return nil, err
		}
	}
	return p, nil
}

// GivenPostgres is the server at u (the campaign's --db or EGM_TEST_POSTGRES);
// it can be restarted when u's host=DIR holds DIR/data, a cluster
// scripts/with-postgres.sh made. A bbolt:PATH (or PATH) is one floor's bbolt
// file (Bbolt): the campaign on one host, nothing to restart.
func GivenPostgres(u string) (*Postgres, error) {
	if kind, target, err := floor.ParseDB(u); err == nil && kind == floor.DBBbolt {
		return &Postgres{URL: target, Bbolt: true}, nil
	}
	pu, err := url.Parse(u)
	if err != nil || (pu.Scheme != "postgres" && pu.Scheme != "postgresql") {
		return nil, fmt.Errorf("floorload: --db wants a postgres:// URL, not %q", u)
	}
	p := &Postgres{URL: u}
	host := pu.Query().Get("host")
	if host == "" || !filepath.IsAbs(host) {
		return p, nil
	}
	if _, err := os.Stat(filepath.Join(host, "data", "PG_VERSION")); err != nil {
		return p, nil
	}
	if p.bin, err = pgBin(); err != nil {
		return p, nil
	}
	if p.as, err = runAs(host); err != nil {
		return p, nil
	}
	p.data, p.log = filepath.Join(host, "data"), filepath.Join(host, "log")
	return p, nil
}

// CanRestart tells whether Restart can restart the server.
func (p *Postgres) CanRestart() bool { return p.data != "" }

// Restart restarts the server (pg_ctl restart -m fast: every connection cut)
// and waits until it accepts connections again.
func (p *Postgres) Restart() error {
	if p.data == "" {
		return fmt.Errorf("floorload: PostgreSQL at %s: no data directory known here to restart it", p.URL)
	}
	return p.run("pg_ctl", "-D", p.data, "-l", p.log, "-m", "fast", "-w", "-t", "60", "restart")
}

// Stop stops a cluster of the campaign's own (a given one is left running).
func (p *Postgres) Stop() {
	if p.own {
		if p.run("pg_ctl", "-D", p.data, "-m", "fast", "-w", "stop") != nil {
			p.run("pg_ctl", "-D", p.data, "-m", "immediate", "-w", "stop")
		}
	}
}
