package slot

import (
	"testing"

	"egm/rng"
)

// BenchmarkPlay is whole paid games through Play (features included, as they come)
// at the maximum bet, one core.
func BenchmarkPlay(b *testing.B) {
	for _, r := range testRecipes() {
		b.Run(r.ID, func(b *testing.B) {
			ti := mustTitle(b, r)
			bet := Bet{LineCents: MaxBetCents / int64(ti.Lines()), Lines: ti.Lines()}
			src := rng.NewSeeded(1)
			var o Outcome
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				if err := ti.Play(src, bet, &o); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// BenchmarkPAR is one title's exact PAR sheet.
func BenchmarkPAR(b *testing.B) {
	ti := mustTitle(b, testRecipes()[0])
	for i := 0; i < b.N; i++ {
		if _, err := ti.PAR(); err != nil {
			b.Fatal(err)
		}
	}
}
