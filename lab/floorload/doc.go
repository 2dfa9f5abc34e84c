// Package floorload is the floor's load and fault campaign (`egm-lab floor-load`):
// many emulated machines — the machine's own program, `egm run --headless
// --autoplay`, each with its own state directory and asset number, its SAS link on
// loopback TCP — polled by several `egm-floor run` processes (floor hosts, the
// machines dealt round-robin) that share one PostgreSQL database and schema (schemas.go),
// its one wide-area linked jackpot controller (--jackpot db) and the cashless
// wallet, the players cashing in by QR code and cashing out by the codes their
// machines show (egm run --wallet-cashouts). One floor on its bbolt file (--db
// bbolt:PATH, one host, its controller in a file) runs the same campaign with the
// wallet, nothing to restart.
//
// It owns:
//
//   - Run (run.go): the children, the load phase with its faults — one floor host
//     SIGKILLed and restarted a third of the way in, PostgreSQL restarted (pg_ctl
//     restart) two thirds in — and the rest at the end, when play stops and the
//     floors catch up before the books are read;
//   - Postgres (postgres.go): the campaign's own throwaway cluster (as
//     scripts/with-postgres.sh makes one) or a given server, and its restart;
//   - Cycles (cycles.go): each machine's poll cycle from the floors' cycle lines,
//     its p50 and p99;
//   - Books and Checks (books.go, read.go): the money (wallets + machines' credits
//     = brought in − taken out + net of play), the linked jackpots' 2% of each
//     machine's coin-in to the Unit, the awards paid, the floors' records in
//     PostgreSQL caught up, no AFT transfer applied twice or lost (the wallet
//     journal against each machine's AFT counters), the register obeyed on every
//     host;
//   - the wallet's traffic (wallet.go) and the Report (report.go).
//
// The checks are about money and counts, never time: the poll cycle and the
// rates are measured and reported, not judged. The checks are plain functions of
// the books read, tested on crafted good and bad books.
//
// It reads critical memory only offline (read-only, the machine stopped) and the
// floor's database through package floor; it moves money only through the
// floor's wallet (egm-floor wallet) as an operator would. It must not touch
// lab/campaign's campaigns (it uses its Egm, FreePorts and CountLines) nor
// lab/board or lab/checklist.
package floorload
