//go:build cgo && !noscreen

package ui

import "egm/ui/internal/scene"

// The cabinet's sound, as the screen's programs set it up (the engine is
// ui/internal/scene's).
type (
	// SoundOptions configure the cabinet's sound.
	SoundOptions = scene.SoundOptions
	// Sound plays the scenes' cues.
	Sound = scene.Sound
	// FrameStats is the cost of a capture's frames.
	FrameStats = scene.FrameStats
)

// NewSound opens the cabinet's sound (silent where there is no audio device).
func NewSound(opt SoundOptions) (*Sound, error) { return scene.NewSound(opt) }
