//go:build cgo && !noscreen

package ui

import (
	"egm/games/slot"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
	"egm/ui/internal/slotscene"
)

func init() {
	slotscene.RegisterLobby(func(titles []*slot.Title, snap kit.Snapshot) scene.Scene { return NewLobby(titles, snap) })
}
