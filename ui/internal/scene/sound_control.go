package scene

// AudioControl is the cabinet's volume and mute, as the operator menu sets them.
// Volume is from 0 (silent) to 1 (full).
type AudioControl interface {
	Volume() float64
	SetVolume(float64)
	Muted() bool
	SetMuted(bool)
}
