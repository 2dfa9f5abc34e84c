// Package floortest holds the fakes the floor's tests share (floor, floor/jackpots):
// EGM, a machine as the SAS responder sees it. Imported by tests only.
//
// It must not import egm/floor (floor's own tests import it) nor hold anything a
// program links.
package floortest
