package cashconnection

import "egm/games/slot"

// Recipes returns the family's titles in catalogue order.
func Recipes() []slot.Recipe {
	return []slot.Recipe{
		bornToGamble,
		hotTwins,
		roadToProsperity,
		rollOnFire,
		rumblingRun,
		cloverPower,
		luckyLanterns,
		thunderBison,
		neonCherries,
		desertMirage,
		auroraWolf,
		vikingHoard,
		sambaSunrise,
		pharaohsVault,
		koiFortune,
	}
}
