// Package scene runs the screen's scenes: the Scene interface (Update decides,
// Draw only draws), the Manager that is the ebiten.Game and switches scenes
// (scene.go), the keys and pointer of a frame (Pressed, Pointer, AnyKey: a key
// counts in the frame it went down or, pressed and released between two frames,
// in the frame its character arrives; the development keys only in development
// mode, dev_keys.go), a Driver that drives the frames from outside the scenes (a
// script of button presses, injecting keys), the capture of shots for
// screenshots, tests and the lab (capture.go, with captureWatch ending a capture
// whose display stopped drawing), the F12 frame-cost overlay (overlay.go), the
// player's language returned to the default when a session ends
// (lang_session.go), and the sound engine (sound.go: package sound's cues through
// ebiten/v2/audio, silent without an audio device, sound_alsa_linux.go; volume,
// mute and the attract level, sound_control.go).
//
// It knows no particular scene: the scenes (slot play, tables, the operator
// menu) and the cabinet shell that wires them are above it, in egm/ui and its
// other packages. It never touches the machine, money or critical memory.
package scene
