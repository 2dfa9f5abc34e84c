// Package goldenlink holds the ten Golden Link titles of R-GAME-2: 5 reels × 3 rows, 10 fixed lines, Lock & Spin,
// Free Games, Gamble and the Grand/Major jackpots; the first six also have the
// Special Expanding Symbol in their free games.
//
// Each title is one file: a slot.Recipe naming its symbols, theme, grid, features
// and math profile. Recipes returns them in catalogue order; the games package
// applies each title's tuned coin weight and compiles them. It must not touch money,
// meters or chance: a title is data.
package goldenlink
