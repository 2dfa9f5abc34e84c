package sound

import "math"

// SampleRate is the rate of every cue, in frames per second; a frame is two
// float32 samples, left then right.
const SampleRate = 48000

// Channels is the number of interleaved channels (stereo).
const Channels = 2

// buf accumulates a cue in double precision, one slice per channel.
type buf struct {
	l, r []float64
	rnd  uint32 // xorshift state: the cue's noise, the same on every run
}

func newBuf(seconds float64, seed uint32) *buf {
	n := int(math.Round(seconds * SampleRate))
	return &buf{l: make([]float64, n), r: make([]float64, n), rnd: seed | 1}
}

// noise is white noise in [-1, 1) from a 32-bit xorshift.
func (b *buf) noise() float64 {
	x := b.rnd
	x ^= x << 13
	x ^= x >> 17
	x ^= x << 5
	b.rnd = x
	return float64(x)/(1<<31) - 1
}

// put adds v at frame i, panned (-1 left … 1 right, equal power).
func (b *buf) put(i int, v, pan float64) {
	if i < 0 || i >= len(b.l) {
		return
	}
	a := (pan + 1) * math.Pi / 4
	b.l[i] += v * math.Cos(a)
	b.r[i] += v * math.Sin(a)
}

// note is one tone: a frequency (sliding exponentially from F0 to F1 when F1 is
// set), a timbre of Harm harmonics (odd ones only when Odd: a softened square;
// partial k weighted 1/k^Tilt), a linear attack and an exponential decay with time
// constant Decay (0: held), ended by a 4 ms release so it never clicks.
type note struct {
	At, Dur      float64 // seconds
	F0, F1       float64 // Hz
	Harm         int
	Odd          bool
	Tilt         float64
	Attack       float64 // seconds
	Decay        float64 // seconds (time constant)
	Gain, Pan    float64
	Vibrato      float64 // depth, as a fraction of the frequency (at 6 Hz)
	Inharmonic   []float64
	InharmonicWt []float64
}

const release = 0.004

func (b *buf) tone(n note) {
	start := int(n.At * SampleRate)
	frames := int(n.Dur * SampleRate)
	harm := max(n.Harm, 1)
	tilt := n.Tilt
	if tilt == 0 {
		tilt = 1
	}
	// the timbre's partial weights, and the per-frame factors of the slide, the
	// decay and each bell partial's decay, computed once
	var ks, wts []float64
	if n.Inharmonic != nil {
		for k, ratio := range n.Inharmonic {
			ks = append(ks, ratio)
			wts = append(wts, n.InharmonicWt[k])
		}
	} else {
		for k := 1; k <= harm; k++ {
			if !n.Odd || k%2 == 1 {
				ks = append(ks, float64(k))
				wts = append(wts, 1/math.Pow(float64(k), tilt))
			}
		}
	}
	slide := 1.0
	if n.F1 > 0 {
		slide = math.Pow(n.F1/n.F0, 1/(n.Dur*SampleRate))
	}
	decay := 1.0
	if n.Decay > 0 {
		decay = math.Exp(-1 / (n.Decay * SampleRate))
	}
	pdec := make([]float64, len(ks)) // bell partials: higher ones die sooner
	pamp := make([]float64, len(ks))
	for k := range ks {
		pdec[k], pamp[k] = 1, wts[k]
		if n.Inharmonic != nil {
			pdec[k] = math.Exp(-ks[k] / (2 * max(n.Decay, 0.01) * SampleRate))
		}
	}
	a := (n.Pan + 1) * math.Pi / 4
	gl, gr := n.Gain*math.Cos(a), n.Gain*math.Sin(a)
	f, env, phase := n.F0, 1.0, 0.0
	for i := 0; i < frames && start+i < len(b.l); i++ {
		t := float64(i) / SampleRate
		ff := f
		if n.Vibrato > 0 {
			ff *= 1 + n.Vibrato*math.Sin(2*math.Pi*6*t)
		}
		phase += 2 * math.Pi * ff / SampleRate
		v := 0.0
		if n.Inharmonic != nil {
			for k, m := range ks {
				v += pamp[k] * math.Sin(phase*m)
				pamp[k] *= pdec[k]
			}
		} else {
			// sin(k·phase) by the Chebyshev recurrence: one sine and one cosine a frame
			c2, s1 := 2*math.Cos(phase), math.Sin(phase)
			prev, cur := 0.0, s1
			k := 1
			for j, m := range ks {
				if ff*m > SampleRate/2.2 { // no partial above the band
					break
				}
				for ; float64(k) < m; k++ {
					prev, cur = cur, c2*cur-prev
				}
				v += pamp[j] * cur
			}
		}
		e := env
		if n.Attack > 0 && t < n.Attack {
			e *= t / n.Attack
		}
		if r := n.Dur - t; r < release {
			e *= max(r, 0) / release
		}
		if start+i >= 0 {
			b.l[start+i] += v * e * gl
			b.r[start+i] += v * e * gr
		}
		f *= slide
		env *= decay
	}
}

// envelope is the amplitude at t of a sound of length dur.
func envelope(t, dur, attack, decay float64) float64 {
	e := 1.0
	if attack > 0 && t < attack {
		e = t / attack
	}
	if decay > 0 {
		e *= math.Exp(-t / decay)
	}
	if r := dur - t; r < release {
		e *= max(r, 0) / release
	}
	return e
}

// hiss is filtered noise: a one-pole low-pass whose cut-off slides from Cut0 to
// Cut1 (Hz), minus a low-pass at HighPass (a band), with the note envelope.
type hiss struct {
	At, Dur       float64
	Cut0, Cut1    float64
	HighPass      float64
	Attack, Decay float64
	Gain, Pan     float64
}

func (b *buf) noiseBand(h hiss) {
	start := int(h.At * SampleRate)
	frames := int(h.Dur * SampleRate)
	var lp, hp float64
	for i := 0; i < frames; i++ {
		t := float64(i) / SampleRate
		cut := h.Cut0
		if h.Cut1 > 0 {
			cut = h.Cut0 * math.Pow(h.Cut1/h.Cut0, t/h.Dur)
		}
		x := b.noise()
		lp += onePole(cut) * (x - lp)
		v := lp
		if h.HighPass > 0 {
			hp += onePole(h.HighPass) * (lp - hp)
			v = lp - hp
		}
		b.put(start+i, v*h.Gain*envelope(t, h.Dur, h.Attack, h.Decay), h.Pan)
	}
}

// onePole is the coefficient of a one-pole low-pass at cut Hz.
func onePole(cut float64) float64 {
	return 1 - math.Exp(-2*math.Pi*cut/SampleRate)
}

// loop makes the first period seconds of b play back to back without a click:
// what was rendered past the period is cross-faded into its beginning, then cut.
func (b *buf) loop(period float64) {
	n := int(math.Round(period * SampleRate))
	tail := len(b.l) - n
	for _, ch := range [][]float64{b.l, b.r} {
		for i := 0; i < tail; i++ {
			k := float64(i) / float64(tail)
			ch[i] = ch[i]*k + ch[n+i]*(1-k)
		}
	}
	b.l, b.r = b.l[:n], b.r[:n]
}

// samples interleaves b as float32, scaled so that its loudest sample is peak.
func (b *buf) samples(peak float64) []float32 {
	m := 0.0
	for i := range b.l {
		m = max(m, math.Abs(b.l[i]), math.Abs(b.r[i]))
	}
	k := 0.0
	if m > 0 {
		k = peak / m
	}
	out := make([]float32, 2*len(b.l))
	for i := range b.l {
		out[2*i] = float32(b.l[i] * k)
		out[2*i+1] = float32(b.r[i] * k)
	}
	return out
}

// hz is the frequency of the note s semitones from A4 (440 Hz).
func hz(s float64) float64 { return 440 * math.Pow(2, s/12) }
