package main

import (
	"flag"
	"fmt"

	"egm/jurisdiction"
	"egm/locale"
	"egm/machine/settings"
	"egm/ui"
)

// langFlags are the demo's jurisdiction and languages. On a cabinet the screen
// takes them from the platform's configuration instead (its hello).
type langFlags struct {
	jurisdiction, operator, player *string
}

func (f *langFlags) register(fs *flag.FlagSet) {
	f.jurisdiction = fs.String("jurisdiction", jurisdiction.Default, "the jurisdiction's profile: EE (euros; Estonian, Russian, English) or KZ (tenge; Kazakh, Russian, English)")
	f.operator = fs.String("operator-language", "", "the operator menu's language: et, ru, kk or en (default: the profile's)")
	f.player = fs.String("lang", "", "the player's language to start in, one the profile offers (default: the profile's first)")
}

// apply sets the screen's profile and languages.
func (f *langFlags) apply() error {
	return setLanguages(*f.jurisdiction, *f.operator, *f.player)
}

// applyConfig sets the screen's profile and the operator's language from the
// platform's configuration, then the player's starting language (player: ""
// is the profile's first).
func applyConfig(cfg settings.Config, player string) error {
	return setLanguages(cfg.Jurisdiction, cfg.OperatorLanguage, player)
}

// setLanguages sets the screen's profile (jur, "" for the default), the
// operator's language ("": the profile's) and the player's starting one ("":
// the profile's first).
func setLanguages(jur, operator, player string) error {
	if jur == "" { // a platform from before the profiles: the default's
		jur = jurisdiction.Default
	}
	p, err := jurisdiction.ByCode(jur)
	if err != nil {
		return err
	}
	var op locale.Lang
	if operator != "" {
		if op, err = locale.Parse(operator); err != nil {
			return fmt.Errorf("operator language: %w", err)
		}
	}
	ui.SetJurisdiction(p, op)
	if player == "" {
		return nil
	}
	l, err := locale.Parse(player)
	if err != nil {
		return fmt.Errorf("--lang: %w", err)
	}
	return ui.SetPlayerLanguage(l)
}
