package uth

// The main game's exact figures for Default, as Main(Default, nil) printed them
// (UTH_EXACT=1 go test ./tables/uth -run TestMainExact -v: 2–4 min on the shared
// two-core machine).
const (
	// goldenEdge is the house edge per Ante: 2.184971%.
	goldenEdge = "50643648973/2317817502000"
	// goldenVariance is the variance of the net result per Ante (σ 4.9393).
	goldenVariance = "131065711850533614016015271/5372277972577520004000000"
	// goldenHit is the probability of a win: 0.465689.
	goldenHit = "269845814347/579454375500"
	// goldenAvgPlay is the expected Play bet in Antes (2.152210): 4.152210 Antes
	// staked on average, an element of risk of 0.52622%.
	goldenAvgPlay = "15116451373/7023689400"
	// goldenPreFlop is the optimal pre-flop decision per hole class (HoleClass; 4:
	// bet 4x, c: check).
	goldenPreFlop = "cccccccccccc4c4cccccccccc4cc4ccccccccc4ccc4ccccccc44cccc4cccccc44ccccc4ccccc44cccccc4ccc444ccccccc4cc444cccccccc44444cccccc4444444cccc44444444444444444444444444444444444"
)
