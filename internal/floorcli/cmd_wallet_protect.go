package floorcli

import (
	"fmt"
	"io"

	"egm/floor/desk"
)

// Player protection (R-PLAYER-1, R-PLAYER-2): the staff's commands on the floor
// wallet's register, through the running floor (--floor ADDR) or on the floor
// database (--db FILE), like the other wallet commands (desk.WalletDesk).

// deskFlags are the flags every register command takes: where the wallet is.
type deskFlags struct{ db, floorAddr *string }

func cmdWalletRestrict(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet restrict", "wallet restrict [--floor ADDR | --db FILE] --player P --days N --by WHO --why TEXT", stderr)
	df := deskFlags{dbFlag(fs), floorFlag(fs)}
	player := fs.String("player", "", "the player's wallet id")
	days := fs.Int("days", 0, fmt.Sprintf("how long: %d..%d days (a day or longer)", desk.StaffMinDays, desk.StaffMaxDays))
	by := fs.String("by", "", "who restricts (staff or management, by name)")
	why := fs.String("why", "", "why (the house rule broken)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *player == "" || *days < desk.StaffMinDays || *by == "" || *why == "" {
		return prog.BadUsage(fs, "--player, --days (%d or more), --by and --why are required", desk.StaffMinDays)
	}
	return registerChange(df, fs.Name(), stdout, stderr, func(d desk.WalletDesk) (desk.Restriction, error) {
		return d.Restrict(desk.RestrictRequest{Player: *player, Kind: desk.KindStaff, Days: *days, By: *by, Why: *why})
	})
}

func cmdWalletRegisterExclusion(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet register-exclusion", "wallet register-exclusion [--floor ADDR | --db FILE] --player P --kind self|court [--months N] --by WHO --why TEXT", stderr)
	df := deskFlags{dbFlag(fs), floorFlag(fs)}
	player := fs.String("player", "", "the player's wallet id")
	kind := fs.String("kind", "", "self: the player's own application (--months); court: a court's restriction (until a court lifts it)")
	months := fs.Int("months", 0, fmt.Sprintf("a self-exclusion's term: %d..%d months", desk.SelfExclusionMinMonths, desk.SelfExclusionMaxMonths))
	by := fs.String("by", "", "who registers it (staff, by name)")
	why := fs.String("why", "", "the application or the court decision (its reference)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	req := desk.RestrictRequest{Player: *player, Months: *months, By: *by, Why: *why}
	switch *kind {
	case "self":
		req.Kind = desk.KindSelfExclusion
	case "court":
		req.Kind = desk.KindCourt
	default:
		return prog.BadUsage(fs, "--kind is self or court")
	}
	if *player == "" || *by == "" || *why == "" {
		return prog.BadUsage(fs, "--player, --by and --why are required")
	}
	return registerChange(df, fs.Name(), stdout, stderr, func(d desk.WalletDesk) (desk.Restriction, error) { return d.Restrict(req) })
}

func cmdWalletLift(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet lift", "wallet lift [--floor ADDR | --db FILE] --id N --by WHO --why TEXT", stderr)
	df := deskFlags{dbFlag(fs), floorFlag(fs)}
	id := fs.Uint64("id", 0, "the restriction's id (egm-floor wallet restrictions)")
	by := fs.String("by", "", "who lifts it")
	why := fs.String("why", "", "why (for a court's restriction: the decision that lifts it)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	if *id == 0 || *by == "" || *why == "" {
		return prog.BadUsage(fs, "--id, --by and --why are required")
	}
	return registerChange(df, fs.Name(), stdout, stderr, func(d desk.WalletDesk) (desk.Restriction, error) {
		return d.Lift(desk.LiftRequest{ID: *id, By: *by, Why: *why})
	})
}

// registerChange runs one change of the register on the desk and prints it.
func registerChange(df deskFlags, name string, stdout, stderr io.Writer, do func(desk.WalletDesk) (desk.Restriction, error)) int {
	fs := prog.Flags(name, "", stderr)
	d, code := walletDesk(fs, *df.floorAddr, *df.db, stderr)
	if d == nil {
		return code
	}
	defer d.Close()
	r, err := do(d)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	fmt.Fprintln(stdout, desk.RestrictionLine(r))
	return 0
}

func cmdWalletRestrictions(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet restrictions", "wallet restrictions [--floor ADDR | --db FILE] [--player P] [--all] [--json]", stderr)
	df := deskFlags{dbFlag(fs), floorFlag(fs)}
	player := fs.String("player", "", "only this player's")
	all := fs.Bool("all", false, "also the restrictions that ended or were lifted")
	asJSON := fs.Bool("json", false, "JSON output")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	d, code := walletDesk(fs, *df.floorAddr, *df.db, stderr)
	if d == nil {
		return code
	}
	defer d.Close()
	rs, err := d.Restrictions(*player, *all)
	switch {
	case err != nil:
		return prog.Fail(stderr, err)
	case *asJSON:
		return prog.WriteJSON(stdout, stderr, rs)
	}
	if len(rs) == 0 {
		fmt.Fprintln(stdout, "no restrictions")
	}
	for _, r := range rs {
		fmt.Fprintln(stdout, desk.RestrictionLine(r))
	}
	return 0
}
