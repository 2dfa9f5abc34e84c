package games

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"sync"

	"egm/games/cashconnection"
	"egm/games/goldenlink"
	"egm/games/slot"
)

//go:embed tuning.json
var tuningJSON []byte

// tuningFile is tuning.json: each title's filler and 1× coin weight.
type tuningFile struct {
	Note   string                 `json:"_note"`
	Titles map[string]slot.Tuning `json:"titles"`
}

// Recipes returns every title's recipe in catalogue order, tuned.
func Recipes() ([]slot.Recipe, error) {
	var tf tuningFile
	if err := json.Unmarshal(tuningJSON, &tf); err != nil {
		return nil, fmt.Errorf("games: tuning.json: %w", err)
	}
	rs := append(goldenlink.Recipes(), cashconnection.Recipes()...)
	for i := range rs {
		tu, ok := tf.Titles[rs[i].ID]
		if !ok {
			return nil, fmt.Errorf("games: tuning.json has no tuning for %q (run go test ./games -run TestTuning -update)", rs[i].ID)
		}
		rs[i].Filler, rs[i].Tune = tu.Filler, tu.Weight
	}
	return rs, nil
}

var catalogue struct {
	once   sync.Once
	titles []*slot.Title
	byID   map[string]*slot.Title
	err    error
}

// All returns the 25 compiled titles in catalogue order.
func All() ([]*slot.Title, error) {
	c := &catalogue
	c.once.Do(func() {
		rs, err := Recipes()
		if err != nil {
			c.err = err
			return
		}
		vols, err := volatilities()
		if err != nil {
			c.err = err
			return
		}
		c.byID = map[string]*slot.Title{}
		for _, r := range rs {
			s, err := r.Build()
			if err != nil {
				c.err = err
				return
			}
			if s.Volatility = vols[r.ID]; s.Volatility == "" {
				c.err = fmt.Errorf("games: volatility.json has no volatility for %q (run go test ./games -run TestVolatility -update)", r.ID)
				return
			}
			t, err := slot.New(s)
			if err != nil {
				c.err = err
				return
			}
			if c.byID[t.Spec.ID] != nil {
				c.err = fmt.Errorf("games: title id %q twice", t.Spec.ID)
				return
			}
			c.titles = append(c.titles, t)
			c.byID[t.Spec.ID] = t
		}
	})
	return c.titles, c.err
}

// ByID returns one title.
func ByID(id string) (*slot.Title, error) {
	if _, err := All(); err != nil {
		return nil, err
	}
	t, ok := catalogue.byID[id]
	if !ok {
		return nil, fmt.Errorf("games: no title %q (egm titles lists them)", id)
	}
	return t, nil
}
