//go:build cgo && !noscreen

package slotscene

import (
	"egm/games/slot"
	"egm/ui/internal/kit"
	"egm/ui/internal/scene"
)

// newLobby makes the lobby a play scene's LOBBY (Esc) goes back to. The cabinet
// shell registers it (registerLobby) when the program starts: the lobby knows the
// table games and the shell, which are above the play scene.
var newLobby func(titles []*slot.Title, snap kit.Snapshot) scene.Scene

// RegisterLobby sets the lobby the play scenes go back to.
func RegisterLobby(f func(titles []*slot.Title, snap kit.Snapshot) scene.Scene) { newLobby = f }

// lobbyScene is the registered lobby, or nil where none is (LOBBY then stays).
func lobbyScene(titles []*slot.Title, snap kit.Snapshot) scene.Scene {
	if newLobby == nil {
		return nil
	}
	return newLobby(titles, snap)
}
