package sound

import (
	"encoding/binary"
	"math"
)

// WAV is cue c as a WAV file: 16-bit PCM, stereo, SampleRate, for listening to a
// cue outside the cabinet (`egm sounds --wav DIR`).
//
//	"RIFF" size(4, LE) "WAVE"
//	"fmt " 16(4) format=1(2) channels=2(2) rate(4) byte-rate(4) block-align=4(2) bits=16(2)
//	"data" size(4) samples: int16 LE, left then right
func WAV(c Cue) ([]byte, error) {
	s, err := Render(c)
	if err != nil {
		return nil, err
	}
	data := 2 * len(s)
	b := make([]byte, 0, 44+data)
	le := binary.LittleEndian
	b = append(b, "RIFF"...)
	b = le.AppendUint32(b, uint32(36+data))
	b = append(b, "WAVEfmt "...)
	b = le.AppendUint32(b, 16)
	b = le.AppendUint16(b, 1)
	b = le.AppendUint16(b, Channels)
	b = le.AppendUint32(b, SampleRate)
	b = le.AppendUint32(b, SampleRate*Channels*2)
	b = le.AppendUint16(b, Channels*2)
	b = le.AppendUint16(b, 16)
	b = append(b, "data"...)
	b = le.AppendUint32(b, uint32(data))
	for _, v := range s {
		b = le.AppendUint16(b, uint16(int16(math.Round(float64(v)*32767))))
	}
	return b, nil
}
