package jackpot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"time"
)

// Stored records are little-endian binary, each ending in a CRC-32C of the bytes
// before it (bbolt checksums only its own metadata, not the values).
//
//	state:  "EJS1" | n u8 | n × level | coinIn i64 | contributions u64 | awardSeq u64 | crc u32
//	level:  name str | kind u8 | flags u8 (1 = reserve funds reset) | reset i64 | rate i64 | reserveBP i64 | ceiling i64 |
//	        tmin i64 | tmax i64 | value i64 | reserve i64 | trigger i64 |
//	        contrib i64 | awarded i64 | funded i64 | awards u64
//	award:  "EJA1" | seq u64 | machine str | game u64 | level str | cents i64 | unixnano i64 | crc u32
//	game:   "EJG1" | bet i64 | n u8 | n × award (without its own magic and crc) | crc u32
//	str:    len u8 | bytes
const (
	stateMagic = "EJS1"
	awardMagic = "EJA1"
	gameMagic  = "EJG1"
)

var castagnoli = crc32.MakeTable(crc32.Castagnoli)

var errShort = errors.New("record too short")

type enc struct{ b []byte }

func (e *enc) u8(v uint8)   { e.b = append(e.b, v) }
func (e *enc) u64(v uint64) { e.b = binary.LittleEndian.AppendUint64(e.b, v) }
func (e *enc) i64(v int64)  { e.u64(uint64(v)) }
func (e *enc) str(s string) { e.u8(uint8(len(s))); e.b = append(e.b, s...) }
func (e *enc) seal() []byte {
	return binary.LittleEndian.AppendUint32(e.b, crc32.Checksum(e.b, castagnoli))
}

type dec struct {
	b   []byte
	err error
}

func (d *dec) take(n int) []byte {
	if d.err != nil || len(d.b) < n {
		d.err = errShort
		return nil
	}
	p := d.b[:n]
	d.b = d.b[n:]
	return p
}
func (d *dec) u8() uint8 {
	if p := d.take(1); p != nil {
		return p[0]
	}
	return 0
}
func (d *dec) u64() uint64 {
	if p := d.take(8); p != nil {
		return binary.LittleEndian.Uint64(p)
	}
	return 0
}
func (d *dec) i64() int64 { return int64(d.u64()) }
func (d *dec) str() string {
	n := int(d.u8())
	return string(d.take(n))
}

// open checks the magic and the trailing CRC and returns a decoder of the body.
func open(b []byte, magic string) (*dec, error) {
	if len(b) < len(magic)+4 || string(b[:len(magic)]) != magic {
		return nil, fmt.Errorf("bad magic")
	}
	body, sum := b[:len(b)-4], binary.LittleEndian.Uint32(b[len(b)-4:])
	if crc32.Checksum(body, castagnoli) != sum {
		return nil, fmt.Errorf("checksum mismatch")
	}
	return &dec{b: body[len(magic):]}, nil
}

func (d *dec) end() error {
	if d.err != nil {
		return d.err
	}
	if len(d.b) != 0 {
		return fmt.Errorf("%d trailing bytes", len(d.b))
	}
	return nil
}

func encodeState(s *state) []byte {
	e := &enc{b: []byte(stateMagic)}
	e.u8(uint8(len(s.Levels)))
	for _, l := range s.Levels {
		e.str(l.Name)
		e.u8(uint8(l.Kind))
		var flags uint8
		if l.ReserveFundsReset {
			flags = 1
		}
		e.u8(flags)
		for _, v := range []int64{l.ResetCents, l.RateBP, l.ReserveBP, l.CeilingCents, l.TriggerMinCents, l.TriggerMaxCents,
			l.Value, l.Reserve, l.Trigger, l.Contrib, l.Awarded, l.Funded} {
			e.i64(v)
		}
		e.u64(l.Awards)
	}
	e.i64(s.CoinIn)
	e.u64(s.Contributions)
	e.u64(s.AwardSeq)
	return e.seal()
}

// decodeState parses a stored state and refuses one that is damaged or breaks the
// configuration rules or the accounting identity.
func decodeState(b []byte) (*state, error) {
	d, err := open(b, stateMagic)
	if err != nil {
		return nil, fmt.Errorf("jackpot: stored state: %w", err)
	}
	s := &state{Levels: make([]levelState, d.u8())}
	for i := range s.Levels {
		l := &s.Levels[i]
		l.Name = d.str()
		l.Kind = Kind(d.u8())
		switch d.u8() {
		case 0:
		case 1:
			l.ReserveFundsReset = true
		default:
			d.err = fmt.Errorf("level %q: unknown flags", l.Name)
		}
		for _, p := range []*int64{&l.ResetCents, &l.RateBP, &l.ReserveBP, &l.CeilingCents, &l.TriggerMinCents, &l.TriggerMaxCents,
			&l.Value, &l.Reserve, &l.Trigger, &l.Contrib, &l.Awarded, &l.Funded} {
			*p = d.i64()
		}
		l.Awards = d.u64()
	}
	s.CoinIn = d.i64()
	s.Contributions = d.u64()
	s.AwardSeq = d.u64()
	if err := d.end(); err != nil {
		return nil, fmt.Errorf("jackpot: stored state: %w", err)
	}
	if err := validateLevels(s.configs()); err != nil {
		return nil, fmt.Errorf("jackpot: stored state: %w", err)
	}
	if err := s.check(); err != nil {
		return nil, fmt.Errorf("jackpot: stored state: %w", err)
	}
	return s, nil
}

func (s *state) configs() []LevelConfig {
	out := make([]LevelConfig, len(s.Levels))
	for i, l := range s.Levels {
		out[i] = l.LevelConfig
	}
	return out
}

func (e *enc) award(a Award) {
	e.u64(a.Seq)
	e.str(a.Machine)
	e.u64(a.Game)
	e.str(a.Level)
	e.i64(a.Cents)
	e.i64(a.Time.UnixNano())
}

func (d *dec) award() Award {
	var a Award
	a.Seq = d.u64()
	a.Machine = d.str()
	a.Game = d.u64()
	a.Level = d.str()
	a.Cents = d.i64()
	a.Time = time.Unix(0, d.i64()).UTC()
	return a
}

func encodeAward(a Award) []byte {
	e := &enc{b: []byte(awardMagic)}
	e.award(a)
	return e.seal()
}

func decodeAward(b []byte) (Award, error) {
	d, err := open(b, awardMagic)
	if err != nil {
		return Award{}, fmt.Errorf("jackpot: stored award: %w", err)
	}
	a := d.award()
	if err := d.end(); err != nil {
		return Award{}, fmt.Errorf("jackpot: stored award: %w", err)
	}
	return a, nil
}

// gameRecord is the idempotency record of one contribution.
type gameRecord struct {
	Bet    int64
	Awards []Award
}

func encodeGame(g gameRecord) []byte {
	e := &enc{b: []byte(gameMagic)}
	e.i64(g.Bet)
	e.u8(uint8(len(g.Awards)))
	for _, a := range g.Awards {
		e.award(a)
	}
	return e.seal()
}

func decodeGame(b []byte) (gameRecord, error) {
	d, err := open(b, gameMagic)
	if err != nil {
		return gameRecord{}, fmt.Errorf("jackpot: stored game: %w", err)
	}
	g := gameRecord{Bet: d.i64()}
	n := int(d.u8())
	for range n {
		if d.err != nil {
			break
		}
		g.Awards = append(g.Awards, d.award())
	}
	if err := d.end(); err != nil {
		return gameRecord{}, fmt.Errorf("jackpot: stored game: %w", err)
	}
	return g, nil
}
