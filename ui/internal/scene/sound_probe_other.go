//go:build cgo && !noscreen && !linux

package scene

// probeAudioDevice: outside Linux the audio driver opens the system's default
// device, which a desktop always has.
func probeAudioDevice() error { return nil }
