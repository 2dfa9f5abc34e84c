package goldenlink

import "egm/games/slot"

// Recipes returns the family's titles in catalogue order.
func Recipes() []slot.Recipe {
	return []slot.Recipe{
		gemsSecrets,
		goldenBookOfRa,
		goldenEden,
		goldenLordOfTheOcean,
		signsOfRich,
		queenOfTheNightMagic,
		mermaidBeauty,
		shanghaiClub,
		empressSissi,
		goldenCharmingLady,
	}
}
