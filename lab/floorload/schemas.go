package floorload

import (
	"context"
	"fmt"
	"net/url"
	"time"

	"github.com/jackc/pgx/v5"

	"egm/floor"
)

// Where each floor host keeps its records. On PostgreSQL the floors share one
// database and one schema: the wallet, the register, the floor's records and the
// one wide-area linked jackpot controller (egm-floor run --jackpot db), its
// Grand, Major and mystery one amount for every machine of every host. The
// machines' numbers are the floor's across the hosts. (Hosts with controllers of
// their own would need a schema each — the floor's journal of mystery awards is
// keyed by the controller's award number — which perHost still supports.)

// sharedJackpot tells whether the floors run one linked jackpot controller on
// PostgreSQL between them (and so one schema).
func sharedJackpot(pg *Postgres) bool { return !pg.Bbolt }

// perHost tells whether each host keeps a schema of its own.
func (l *load) perHost() bool { return !sharedJackpot(l.pg) && !l.pg.Bbolt }

// hostURL is the --db of floor host h (0-based).
func (l *load) hostURL(h int) string {
	if !l.perHost() {
		return l.pg.URL
	}
	u, _ := url.Parse(l.pg.URL)
	q := u.Query()
	q.Set("search_path", hostSchema(h))
	u.RawQuery = q.Encode()
	return u.String()
}

func hostSchema(h int) string { return fmt.Sprintf("floor_h%d", h+1) }

// makeSchemas makes each host's schema (none with a shared one).
func (l *load) makeSchemas() error {
	if !l.perHost() {
		return nil
	}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	c, err := pgx.Connect(ctx, l.pg.URL)
	if err != nil {
		return fmt.Errorf("floorload: PostgreSQL %s: %w", floor.RedactDB(l.pg.URL), err)
	}
	defer c.Close(ctx)
	for h := range l.o.Hosts {
		if _, err := c.Exec(ctx, "CREATE SCHEMA IF NOT EXISTS "+hostSchema(h)); err != nil {
			return fmt.Errorf("floorload: schema %s: %w", hostSchema(h), err)
		}
	}
	return nil
}

// hostStores opens each host's floor database (the same store for all with a
// shared schema); close closes them.
func (l *load) hostStores() (sts []*floor.Store, close func(), err error) {
	close = func() {
		for _, st := range sts {
			st.Close()
		}
	}
	for h := range l.o.Hosts {
		if !l.perHost() && h > 0 {
			sts = append(sts, sts[0])
			continue
		}
		st, err := floor.OpenDB(l.hostURL(h), floor.DBOptions{})
		if err != nil {
			close()
			return nil, nil, err
		}
		sts = append(sts, st)
	}
	if !l.perHost() {
		close = func() { sts[0].Close() }
	}
	return sts, close, nil
}

// dbs are the floor databases of the hosts, each once.
func (l *load) dbs() []string {
	if !l.perHost() {
		return []string{l.pg.URL}
	}
	var out []string
	for h := range l.o.Hosts {
		out = append(out, l.hostURL(h))
	}
	return out
}
