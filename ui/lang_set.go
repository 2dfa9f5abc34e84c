package ui

import (
	"egm/jurisdiction"
	"egm/locale"
	"egm/ui/internal/kit"
)

// SetJurisdiction sets the profile in force and the operator's language ("": the
// profile's). The players' language starts at the profile's default.
func SetJurisdiction(p jurisdiction.Profile, operator locale.Lang) { kit.SetJurisdiction(p, operator) }

// SetPlayerLanguage starts the player's texts in l (a demo's or a screenshot's
// language); a language the profile does not offer is an error.
func SetPlayerLanguage(l locale.Lang) error { return kit.SetPlayerLanguage(l) }
