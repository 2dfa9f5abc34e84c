// Package checklist is `egm-lab all`: every row of the lab checklist
// (../shared/LAB-CHECKLIST.md) and after them the table games' (item 18), run as
// library code against the machine (RunAll, AllOptions, Items), each row's
// verdict (Pass, Fail) and evidence (ItemResult) kept in DIR/items/NN.json as soon
// as it is decided, so that an interrupted run resumes where it stopped, then
// summary.json (AllSummary) and report.html (report.go) with the PNG plots
// (plot.go) beside them. A run's size is its Scale (TinyScale, QuickScale,
// FullScale).
//
// It owns the items' checks (check_*.go): the RNG's raw and scaled output
// through rng/battery and the external batteries (check_rng.go), the DRBG's
// known answers, health tests and background cycling (check_rngmech.go), the
// games' reel stops, independence and RTP through lab's simulations
// (check_games.go), critical memory, meters, recall, doors and tilts and handpay
// on a machine in memory (check_machine.go), power loss, progressives and
// cashless through lab/campaign's campaigns (check_campaigns.go, check_link.go),
// the floor link and the program's integrity (check_link.go), and the table
// games' sheets and simulation (check_tables.go); and the run's record of the
// platform and the files it read (all_info.go).
//
// RunAll stops when AllOptions.Context is done, leaving the item in progress
// undecided (StoppedAll); the campaigns it runs stop through campaign.Egm's
// context.
//
// It must not touch lab/board (the board's campaigns are no item of the
// checklist) and is imported by nothing in lab: it only draws on lab and
// lab/campaign. It decides no game of a cabinet and touches no screen.
package checklist
