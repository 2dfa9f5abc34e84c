package board

import (
	"slices"
	"strings"
	"testing"

	"egm/machine"
	"egm/machine/settings"
	"egm/meters"
	"egm/rng"
	"egm/sas"
)

// The plan spreads the openings over the kills, the larger half of each round
// with the screen dead, and over the three doors in turn.
func TestPlanDoors(t *testing.T) {
	for _, c := range []struct {
		openings, kills int
		dead, alive     []int // per round
	}{
		{50, 10, []int{3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, []int{2, 2, 2, 2, 2, 2, 2, 2, 2, 2}},
		{7, 3, []int{2, 1, 1}, []int{1, 1, 1}},
		{3, 3, []int{1, 1, 1}, []int{0, 0, 0}},
		{1, 1, []int{1}, []int{0}},
	} {
		plan := planDoors(c.openings, c.kills)
		if len(plan) != c.kills {
			t.Fatalf("%d/%d: %d rounds", c.openings, c.kills, len(plan))
		}
		doors := map[string]int{}
		var order []string
		for i, r := range plan {
			if len(r.dead) != c.dead[i] || len(r.alive) != c.alive[i] {
				t.Errorf("%d/%d round %d: %d dead, %d alive; want %d, %d", c.openings, c.kills, i, len(r.dead), len(r.alive), c.dead[i], c.alive[i])
			}
			for _, d := range append(slices.Clone(r.dead), r.alive...) {
				doors[d]++
				order = append(order, d)
			}
		}
		if len(order) != c.openings {
			t.Errorf("%d/%d: %d openings planned", c.openings, c.kills, len(order))
		}
		for i, d := range order {
			if want := []string{"main", "logic", "belly"}[i%3]; d != want {
				t.Errorf("%d/%d: opening %d is the %s door, want %s", c.openings, c.kills, i, d, want)
			}
		}
	}
	if planDoors(5, 0) != nil {
		t.Error("no kills: a plan")
	}
}

// clean is a report of openings every one of which was seen, counted, logged.
func clean(n map[string]int) DoorsReport {
	r := newBoardDoorsReport()
	for door, k := range n {
		r.Doors[door] = DoorTally{Driven: k, SASOpen: k, SASClose: k, Counted: k, LoggedOpen: k, LoggedClose: k}
		r.Openings += k
	}
	t := r.Doors["main"]
	t.CountedSAS = t.Driven
	r.Doors["main"] = t
	return r
}

func TestBoardDoorsTally(t *testing.T) {
	r := clean(map[string]int{"main": 17, "logic": 17, "belly": 16})
	r.tally()
	if r.Lost != 0 || r.SeenSAS != 50 || r.Counted != 50 || r.Logged != 50 || len(r.Violations) != 0 {
		t.Fatalf("every opening seen: %+v", r)
	}
	for _, c := range []struct {
		name  string
		spoil func(*DoorTally)
		lost  int
		say   string
	}{
		{"a close exception never read", func(d *DoorTally) { d.SASClose-- }, 1, "logic door: 1 of 17 openings lost (over SAS 17 opened, 16 closed"},
		{"an opening not counted", func(d *DoorTally) { d.Counted -= 2 }, 2, "logic door: 2 of 17 openings lost"},
		{"an open event not logged", func(d *DoorTally) { d.LoggedOpen-- }, 1, "logged 16 opened, 17 closed"},
		{"an exception read twice", func(d *DoorTally) { d.SASOpen++ }, 0, "logic door: 18 open exceptions over SAS for 17 openings driven"},
		{"counted once too often", func(d *DoorTally) { d.Counted++ }, 0, "logic door: 18 counted for 17 openings driven"},
	} {
		r := clean(map[string]int{"main": 17, "logic": 17, "belly": 16})
		d := r.Doors["logic"]
		c.spoil(&d)
		r.Doors["logic"] = d
		r.tally()
		if r.Lost != c.lost || len(r.Violations) != 1 || !strings.Contains(r.Violations[0], c.say) {
			t.Errorf("%s: lost %d, %q", c.name, r.Lost, r.Violations)
		}
	}
	r = clean(map[string]int{"main": 3})
	d := r.Doors["main"]
	d.CountedSAS = 2
	r.Doors["main"] = d
	r.tally()
	if len(r.Violations) != 1 || !strings.Contains(r.Violations[0], "door_opens read 2 over SAS at the end, after 3 openings") {
		t.Errorf("the SAS meter short: %q", r.Violations)
	}
}

func TestBoardDoorsSawCountsEachDoor(t *testing.T) {
	r := newBoardDoorsReport()
	for _, c := range []byte{sas.ExACPowerApplied, sas.ExSlotDoorOpen, sas.ExSlotDoorClosed, sas.ExCardCageOpen, sas.ExBellyDoorOpen, sas.ExBellyDoorClosed, sas.ExBellyDoorOpen} {
		r.saw(c)
	}
	want := map[string]DoorTally{"main": {SASOpen: 1, SASClose: 1}, "logic": {SASOpen: 1}, "belly": {SASOpen: 2, SASClose: 1}}
	for door, w := range want {
		if r.Doors[door] != w {
			t.Errorf("%s: %+v, want %+v", door, r.Doors[door], w)
		}
	}
	if r.Exceptions["17"] != 1 || r.Exceptions["1D"] != 2 || exceptionList(r.Exceptions) != "11×1 12×1 15×1 17×1 1D×2 1E×1" {
		t.Errorf("%v", r.Exceptions)
	}
}

func TestBoardDoorsNotExercised(t *testing.T) {
	ok := clean(map[string]int{"main": 2, "logic": 2, "belly": 2})
	ok.ScreenKills, ok.ScreenStarts, ok.ScreenDeaths, ok.ScreenBackMs = 2, 3, 2, []int64{9000, 9100}
	ok.WhileAway, ok.WhileNoProcess, ok.LampChecks, ok.PoweredOff = 4, 1, 3, true
	ok.tally()
	if !ok.Clean() {
		t.Fatalf("a good run: %v %v", ok.Violations, ok.notExercised())
	}
	for _, c := range []struct {
		name  string
		spoil func(*DoorsReport)
		say   string
	}{
		{"too few openings with no screen", func(r *DoorsReport) { r.WhileAway = 1 }, "only 1 openings seen over SAS with no screen connected, for 2 kills"},
		{"a restart the console does not show", func(r *DoorsReport) { r.ScreenStarts = 2 }, "2 starts and 2 deaths"},
		{"no lamp read", func(r *DoorsReport) { r.LampChecks = 0 }, "no lamp"},
		{"cut, not powered off", func(r *DoorsReport) { r.PoweredOff = false }, "not powered off in order"},
	} {
		r := ok
		c.spoil(&r)
		if miss := strings.Join(r.notExercised(), "; "); r.Clean() || !strings.Contains(miss, c.say) {
			t.Errorf("%s: clean %v, %q", c.name, r.Clean(), miss)
		}
	}
	var out strings.Builder
	ok.Print(&out)
	for _, want := range []string{"6 door openings, 2 screen kills", "openings with no screen           4 connected, 1 of them with no screen process", "lost                              0",
		"main  door  driven  2; SAS 11×2 12×2; counted 2, door_opens over SAS 2; logged 2/2", "violations                       none"} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the report lacks %q:\n%s", want, out.String())
		}
	}
}

// The doors' counts and events as critical memory holds them: read from the
// state directory of a real machine that opened and closed its doors.
func TestReadDoorsDisk(t *testing.T) {
	dir := t.TempDir()
	m, err := machine.Open(dir, settings.DefaultConfig(), machine.Options{Decider: machine.Seeded{G: rng.NewSeeded(5)}})
	if err != nil {
		t.Fatal(err)
	}
	for _, door := range []string{machine.DoorMain, machine.DoorLogic, machine.DoorBelly, machine.DoorLogic, machine.DoorMain} {
		for _, k := range []machine.InputKind{machine.InDoorOpen, machine.InDoorClose} {
			if err := m.Handle(machine.Input{Kind: k, Door: door}); err != nil {
				t.Fatal(err)
			}
		}
	}
	m.Close()
	d, err := readDoorsDisk(dir)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"main": 2, "logic": 2, "belly": 1}
	for door, n := range want {
		if d.counted[door] != n || d.opens[door] != n || d.closes[door] != n {
			t.Errorf("%s: counted %d, logged %d/%d; want %d", door, d.counted[door], d.opens[door], d.closes[door], n)
		}
	}
	if _, err := readDoorsDisk(t.TempDir()); err == nil || !strings.Contains(err.Error(), "no critical memory") {
		t.Errorf("an empty disk: %v", err)
	}
}

func TestTallyDoorEvents(t *testing.T) {
	opens, closes := tallyDoorEvents([]meters.Event{{Kind: meters.EvDoorOpen}, {Kind: "power_up"}, {Kind: machine.EvBellyDoorOpen},
		{Kind: machine.EvBellyDoorClose}, {Kind: meters.EvDoorClose}, {Kind: machine.EvLogicDoorOpen}})
	if opens["main"] != 1 || opens["belly"] != 1 || opens["logic"] != 1 || closes["main"] != 1 || closes["belly"] != 1 || closes["logic"] != 0 {
		t.Errorf("%v %v", opens, closes)
	}
}

func TestBoardDoorsRefuses(t *testing.T) {
	_, err := Doors(DoorsOptions{Boot: "/nonexistent/boot.sh", Image: t.TempDir(), Dir: t.TempDir(), Kills: 1, Openings: 1})
	if err == nil || !strings.Contains(err.Error(), "make image") {
		t.Errorf("no image: %v", err)
	}
	_, err = Doors(DoorsOptions{Boot: "/nonexistent/boot.sh", Image: t.TempDir(), Dir: t.TempDir(), Kills: 10, Openings: 5})
	if err == nil || !strings.Contains(err.Error(), "5 openings over 10 screen kills") {
		t.Errorf("fewer openings than kills: %v", err)
	}
}
