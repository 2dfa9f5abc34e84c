package slot

import "egm/features/lockspin"

// Profile is a math template: paytables, strip counts and Lock & Spin tables.
// Recipes pick one and name their own symbols. A profile's name says which way
// it leans; a title's volatility label is VolatilityOf(σ) of its own PAR sheet
// (a title's tuning and features move σ across a band).
type Profile struct {
	Name                                    string
	Pays5                                   Pays // 5-reel paytable
	Pays3                                   Pays // 3-reel paytable
	ScatterPays                             map[int]int64
	Counts                                  Counts
	Trigger                                 int // coins that start Lock & Spin on 5×3 (5×4: +2)
	Trigger3                                int // on 3×3
	Land                                    lockspin.Land
	CoinValues                              []int64  // × total bet, smallest first
	CoinWeights                             []uint64 // the first is replaced by the recipe's Tune
	GrandWeight, MajorWeight, ScaleUpWeight uint64
	// MaxWinX is the cap on one game's total award, × total bet (Spec.MaxWinX).
	MaxWinX int64
}

// Pays are the line pays (× line bet) by tier.
type Pays struct {
	Wild map[int]int64
	High [4]map[int]int64
	Low  [5]map[int]int64
}

// Counts are stops per reel for each tier (the same on every reel unless a slice
// gives one per reel).
type Counts struct {
	Wild      []int // per reel, cycled
	Scatter   int
	High      [4]int
	Low       [5]int
	Coin      int
	CoinStack int
	Clover    int
}

type pm = map[int]int64

var coinValues = []int64{1, 2, 3, 5, 10, 25, 50}

// Profiles by volatility.
var (
	Low = Profile{
		Name: "low",
		Pays5: Pays{
			Wild: pm{3: 50, 4: 250, 5: 1000},
			High: [4]pm{{2: 5, 3: 40, 4: 150, 5: 750}, {2: 2, 3: 30, 4: 100, 5: 400}, {3: 20, 4: 75, 5: 250}, {3: 15, 4: 50, 5: 200}},
			Low:  [5]pm{{3: 15, 4: 40, 5: 150}, {3: 15, 4: 40, 5: 150}, {3: 10, 4: 30, 5: 100}, {3: 10, 4: 30, 5: 100}, {3: 10, 4: 25, 5: 80}},
		},
		Pays3: Pays{
			Wild: pm{3: 300},
			High: [4]pm{{3: 200}, {3: 100}, {3: 60}, {3: 40}},
			Low:  [5]pm{{3: 20}, {3: 15}, {3: 10}, {3: 10}, {3: 5}},
		},
		ScatterPays: pm{3: 2, 4: 10, 5: 50},
		Counts:      Counts{Wild: []int{2, 3}, Scatter: 1, High: [4]int{3, 3, 4, 4}, Low: [5]int{5, 5, 6, 6, 6}, Coin: 3, CoinStack: 3, Clover: 1},
		Trigger:     6, Trigger3: 5,
		Land:       lockspin.Land{Bonus: 1, Blank: 11},
		CoinValues: coinValues, CoinWeights: []uint64{400, 300, 150, 80, 30, 6, 1},
		GrandWeight: 1, MajorWeight: 12, ScaleUpWeight: 24,
		MaxWinX: 5_000,
	}
	Medium = Profile{
		Name: "medium",
		Pays5: Pays{
			Wild: pm{2: 10, 3: 100, 4: 1000, 5: 5000},
			High: [4]pm{{2: 10, 3: 100, 4: 1000, 5: 5000}, {2: 5, 3: 40, 4: 400, 5: 2000}, {3: 30, 4: 100, 5: 750}, {3: 30, 4: 100, 5: 750}},
			Low:  [5]pm{{3: 5, 4: 40, 5: 150}, {3: 5, 4: 40, 5: 150}, {3: 5, 4: 25, 5: 100}, {3: 5, 4: 25, 5: 100}, {3: 5, 4: 25, 5: 100}},
		},
		Pays3: Pays{
			Wild: pm{3: 500},
			High: [4]pm{{3: 400}, {3: 150}, {3: 80}, {3: 50}},
			Low:  [5]pm{{3: 25}, {3: 20}, {3: 15}, {3: 10}, {3: 5}},
		},
		ScatterPays: pm{3: 2, 4: 20, 5: 200},
		Counts:      Counts{Wild: []int{1, 2}, Scatter: 1, High: [4]int{2, 3, 3, 3}, Low: [5]int{5, 5, 6, 6, 6}, Coin: 3, CoinStack: 3, Clover: 1},
		Trigger:     6, Trigger3: 5,
		Land:       lockspin.Land{Bonus: 1, Blank: 12},
		CoinValues: coinValues, CoinWeights: []uint64{400, 300, 150, 80, 30, 8, 2},
		GrandWeight: 1, MajorWeight: 10, ScaleUpWeight: 20,
		MaxWinX: 5_000,
	}
	High = Profile{
		Name: "high",
		Pays5: Pays{
			Wild: pm{2: 10, 3: 250, 4: 2500, 5: 9000},
			High: [4]pm{{2: 10, 3: 250, 4: 2500, 5: 9000}, {2: 5, 3: 100, 4: 750, 5: 3000}, {3: 40, 4: 200, 5: 1000}, {3: 40, 4: 200, 5: 1000}},
			Low:  [5]pm{{3: 5, 4: 40, 5: 200}, {3: 5, 4: 40, 5: 200}, {3: 5, 4: 30, 5: 150}, {3: 5, 4: 30, 5: 150}, {3: 5, 4: 25, 5: 100}},
		},
		Pays3: Pays{
			Wild: pm{3: 1000},
			High: [4]pm{{3: 750}, {3: 250}, {3: 100}, {3: 60}},
			Low:  [5]pm{{3: 30}, {3: 20}, {3: 15}, {3: 10}, {3: 5}},
		},
		ScatterPays: pm{3: 2, 4: 20, 5: 500},
		Counts:      Counts{Wild: []int{1}, Scatter: 1, High: [4]int{2, 2, 3, 3}, Low: [5]int{6, 6, 6, 7, 7}, Coin: 3, CoinStack: 3, Clover: 1},
		Trigger:     6, Trigger3: 5,
		Land:       lockspin.Land{Bonus: 1, Blank: 13},
		CoinValues: coinValues, CoinWeights: []uint64{400, 280, 150, 80, 40, 12, 4},
		GrandWeight: 1, MajorWeight: 8, ScaleUpWeight: 16,
		MaxWinX: 10_000,
	}
)
