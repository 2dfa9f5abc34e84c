// Package cashconnection holds the fifteen Cash Connection titles of R-GAME-3: the six named by the rules (Born
// to Gamble, Hot Twins, Road to Prosperity, Roll on Fire, Rumbling Run, Clover Power)
// and nine of the house's own. All have Lock & Spin; Scale Up, Magic Clover, Super
// Colors and Free Games only where a title says so; 3×3, 5×3 and 5×4 windows with 5,
// 10 or 40 lines.
//
// Each title is one file: a slot.Recipe naming its symbols, theme, grid, features
// and math profile. Recipes returns them in catalogue order; the games package
// applies each title's tuned coin weight and compiles them. It must not touch money,
// meters or chance: a title is data.
package cashconnection
