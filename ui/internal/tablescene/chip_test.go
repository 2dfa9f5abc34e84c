//go:build cgo && !noscreen

package tablescene

import (
	"image/color"
	"testing"

	"egm/jurisdiction"
	"egm/ui/internal/kit"
	"egm/ui/internal/paint"
)

// A chip's colour follows its value in the profile's chip units: a 500 tenge chip
// is the white one-unit chip of a Kazakh hall, as 1.00 EUR is of an Estonian one.
func TestChipColourInTheProfilesUnits(t *testing.T) {
	defer kit.SetJurisdiction(jurisdiction.EE, "")
	white, red, violet := paint.RGB(230, 230, 230), paint.RGB(200, 30, 40), paint.RGB(90, 60, 160)
	for _, tc := range []struct {
		profile jurisdiction.Profile
		minor   int64
		want    string
	}{
		{jurisdiction.EE, 100, "white"},
		{jurisdiction.EE, 500, "red"},
		{jurisdiction.EE, 150, "violet"},
		{jurisdiction.KZ, 50_000, "white"},
		{jurisdiction.KZ, 250_000, "red"},
		{jurisdiction.KZ, 100, "violet"},
		{jurisdiction.KZ, 50_001, "violet"},
	} {
		kit.SetJurisdiction(tc.profile, "")
		want := map[string]color.RGBA{"white": white, "red": red, "violet": violet}[tc.want]
		if got := chipColour(tc.minor); got != want {
			t.Errorf("%s, %d minor units: %v, want %s", tc.profile.Code, tc.minor, got, tc.want)
		}
	}
}
