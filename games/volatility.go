package games

import (
	_ "embed"
	"encoding/json"
	"fmt"

	"egm/games/slot"
)

//go:embed volatility.json
var volatilityJSON []byte

// volatilityFile is volatility.json: each title's volatility label, as
// slot.VolatilityOf gives it from σ of the title's exact PAR sheet. The file
// keeps `egm titles` and the catalogue from computing 25 PAR sheets to print a
// word; TestEveryTitleRTP holds every entry to its PAR sheet, and
// `go test ./games -run TestVolatility -update` rewrites it.
type volatilityFile struct {
	Note   string            `json:"_note"`
	Rule   string            `json:"rule"`
	Titles map[string]string `json:"titles"`
}

// volatilities reads volatility.json; the rule it was made by must be today's.
func volatilities() (map[string]string, error) {
	var vf volatilityFile
	if err := json.Unmarshal(volatilityJSON, &vf); err != nil {
		return nil, fmt.Errorf("games: volatility.json: %w", err)
	}
	if vf.Rule != slot.VolatilityRule {
		return nil, fmt.Errorf("games: volatility.json was made by the rule %q, not %q (run go test ./games -run TestVolatility -update)", vf.Rule, slot.VolatilityRule)
	}
	return vf.Titles, nil
}
