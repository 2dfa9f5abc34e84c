package saslink

// OnSound registers what long polls 03 (sound off, on false) and 04 (sound on, on
// true) call: the screen's sound switch. It is the screen's state: the bridge
// stores nothing of it, and without a callback the polls are ACKed and change
// nothing.
func (b *Bridge) OnSound(fn func(on bool)) {
	b.mu.Lock()
	b.sound = fn
	b.mu.Unlock()
}

// SetSound implements sas.SoundSwitch.
func (b *Bridge) SetSound(on bool) {
	b.mu.Lock()
	fn := b.sound
	b.mu.Unlock()
	if fn != nil {
		fn(on)
	}
}
