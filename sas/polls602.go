package sas

// The long polls a SAS 6.02 host reads at start-up and on a handpay, beyond the
// first set (responder.go): handpay information and reset (1B, 94, A8), the
// per-game meters (2D, 52), the extended meters (6F, AF), the enabled features
// (A0) and the multi-denomination game information (B1, B2, B5). Each reply's
// layout is drawn above its encoder and pinned in polls602_test.go.

// Handpay is the handpay the machine is locked up in (long poll 1B).
type Handpay struct {
	Group   byte   // progressive group (0: not a progressive win)
	Level   byte   // 00 not progressive, 01–20 the level, 40 top award, 80 cancelled credits
	Cents   uint64 // the amount
	Partial uint64 // the part already paid (a progressive win's partial pay), cents
	// ResetToCredit: the win may be reset to the credit meter (Reset ID 01)
	ResetToCredit bool
}

// Reset codes of long poll 94 and acknowledgement codes of A8.
const (
	HandpayResetDone       byte = 0x00 // 94: reset; A8: the method is enabled
	HandpayResetUnable     byte = 0x01 // unable to reset / to enable the method
	HandpayResetNotPending byte = 0x02 // not in a handpay
)

// HandpayMachine is what a machine with handpays adds to Machine. The Responder
// answers 1B, 94 and A8 only for a Machine that implements it.
type HandpayMachine interface {
	// PendingHandpay is the handpay the machine is locked up in (ok false: none).
	PendingHandpay() (h Handpay, ok bool)
	// RemoteHandpayReset resets it from the host (94): a HandpayReset… code.
	RemoteHandpayReset() byte
	// HandpayResetMethod selects how the pending handpay is reset (A8): 00 the
	// standard handpay, 01 to the credit meter. A HandpayReset… code.
	HandpayResetMethod(method byte) byte
}

// Feature bits of long poll A0 (Features 1–3; Features 4 is reserved here).
const (
	Feature1AFTBonus     byte = 1 << 1
	Feature1LegacyBonus  byte = 1 << 2
	Feature2MeteredWon   byte = 1 << 0 // meter model: won credits metered when won
	Feature2Extended     byte = 1 << 3 // extended meters (6F/AF)
	Feature2AFT          byte = 1 << 6
	Feature3MultiProgWin byte = 1 << 1 // multiple SAS progressive win reporting (87)
)

// handpayUnused is the number of unused bytes 1B's reply carries before its CRC.
const handpayUnused = 10

// maxBetB5 is the largest max bet B5's 2-byte BCD field holds.
const maxBetB5 = 9999

// extendedSize is the number of BCD bytes of a meter in 6F/AF: 18 digits, the
// machine's whole meter (meters.Modulus).
const extendedSize = 9

// gameNumber parses a 2-byte BCD game number: 0 the machine, 1..n a game; ok
// false for one the machine does not have.
func (r *Responder) gameNumber(b []byte) (int, bool) {
	if len(b) < 2 {
		return 0, false
	}
	g, err := ParseBCD(b[:2])
	if err != nil || int(g) > len(r.M.Games()) {
		return 0, false
	}
	return int(g), true
}

// polls602 answers the polls of this file; ok false hands the poll back.
func (r *Responder) polls602(p Poll, out []byte) ([]byte, Response, bool) {
	m := r.M
	meter := func(game int, c MeterCode) uint64 {
		v, _ := m.Meter(game, c)
		return v
	}
	switch p.Cmd {
	case 0x1B, 0x94, 0xA8:
		hm, ok := m.(HandpayMachine)
		if !ok {
			return out, NoResponse, true
		}
		switch p.Cmd {
		case 0x1B:
			// addr 1B group(1) level(1) amount(5 BCD) partial-pay(2 BCD) reset-id(1)
			// unused(10, zeros) CRC: 24 bytes on the wire; all zeros when no handpay
			// is pending
			h, _ := hm.PendingHandpay()
			out = AppendBCD(append(out, 0x1B, h.Group, h.Level), h.Cents, 5)
			out = AppendBCD(out, h.Partial, 2)
			reset := byte(0)
			if h.ResetToCredit {
				reset = 1
			}
			out = append(out, reset)
			return append(out, make([]byte, handpayUnused)...), Reply, true
		case 0x94:
			// host: addr 94 CRC; reply: addr 94 reset-code(1) CRC
			return append(out, 0x94, hm.RemoteHandpayReset()), Reply, true
		default:
			// host: addr A8 method(1) CRC; reply: addr A8 ack-code(1) CRC
			if p.Data[0] > 1 {
				return append(out, 0xA8, HandpayResetUnable), Reply, true
			}
			return append(out, 0xA8, hm.HandpayResetMethod(p.Data[0])), Reply, true
		}

	case 0x2D:
		// host: addr 2D game(2 BCD) CRC; reply: addr 2D game(2 BCD) handpaid-cancelled-credits(4 BCD) CRC
		g, ok := r.gameNumber(p.Data)
		if !ok {
			return out, NACK, true
		}
		v, has := m.Meter(g, MeterHandpaidCancel)
		if !has {
			return out, NoResponse, true
		}
		return AppendBCD(append(out, 0x2D, p.Data[0], p.Data[1]), v, 4), Reply, true

	case 0x52:
		// host: addr 52 game(2 BCD) CRC
		// reply: addr 52 game(2 BCD) coin-in(4) coin-out(4) jackpot(4) games-played(4) CRC
		g, ok := r.gameNumber(p.Data)
		if !ok {
			return out, NACK, true
		}
		out = append(out, 0x52, p.Data[0], p.Data[1])
		for _, c := range []MeterCode{MeterCoinIn, MeterCoinOut, MeterJackpot, MeterGamesPlayed} {
			out = AppendBCD(out, meter(g, c), 4)
		}
		return out, Reply, true

	case 0x6F, 0xAF:
		// host: addr 6F|AF len game(2 BCD) {code(2, LSB first)}… CRC (up to 12 codes)
		// reply: addr 6F|AF len game(2 BCD) {code(2, LSB first) size(1) value(size BCD)}… CRC;
		// a meter the machine does not keep: its code with size 0
		if len(p.Data) < 4 || len(p.Data)%2 != 0 || len(p.Data) > 2+2*12 {
			return out, NACK, true
		}
		g, ok := r.gameNumber(p.Data)
		if !ok {
			return out, NACK, true
		}
		out = append(out, p.Cmd, 0, p.Data[0], p.Data[1])
		start := len(out) - 2
		for i := 2; i+1 < len(p.Data); i += 2 {
			code := uint16(p.Data[i]) | uint16(p.Data[i+1])<<8
			out = append(out, p.Data[i], p.Data[i+1])
			var v uint64
			has := code <= 0xFF
			if has {
				v, has = m.Meter(g, MeterCode(code))
			}
			if !has {
				out = append(out, 0)
				continue
			}
			out = AppendBCD(append(out, extendedSize), v, extendedSize)
		}
		out[start-1] = byte(len(out) - start)
		return out, Reply, true

	case 0xA0:
		// host: addr A0 game(2 BCD) CRC
		// reply: addr A0 game(2 BCD) features1 features2 features3 features4 reserved(2) CRC
		if _, ok := r.gameNumber(p.Data); !ok {
			return out, NACK, true
		}
		var f1, f2, f3 byte
		f2 |= Feature2MeteredWon | Feature2Extended
		if _, ok := m.(JackpotMachine); ok {
			f1 |= Feature1LegacyBonus
			f3 |= Feature3MultiProgWin
		}
		if _, ok := m.(AFTMachine); ok {
			f2 |= Feature2AFT
		}
		return append(out, 0xA0, p.Data[0], p.Data[1], f1, f2, f3, 0, 0, 0), Reply, true

	case 0xB1:
		// addr B1 denomination-code(1) CRC: the player's denomination now (00: none selected)
		var d byte
		if n := m.SelectedGame(); n > 0 && n <= len(m.Games()) {
			d = DenomCode(m.Games()[n-1].DenomCents)
		}
		return append(out, 0xB1, d), Reply, true

	case 0xB2:
		// addr B2 len count(1) denomination-code(1)… CRC: every denomination a player can choose
		out = append(out, 0xB2, 0, 0)
		seen := map[byte]bool{}
		for _, g := range m.Games() {
			if !g.Enabled {
				continue
			}
			for _, d := range g.denoms() {
				if c := DenomCode(d); c != 0 && !seen[c] {
					seen[c] = true
					out = append(out, c)
				}
			}
		}
		out[1], out[2] = byte(len(out)-2), byte(len(seen))
		return out, Reply, true

	case 0xB5:
		// host: addr B5 game(2 BCD) CRC (game 0: the machine, with the largest max bet)
		// reply: addr B5 len game(2 BCD) max-bet(2 BCD) group(1) levels(4, LSB first)
		//        name-len(1) name(ASCII) paytable-len(1) paytable(ASCII) wager-categories(2 BCD) CRC
		g, ok := r.gameNumber(p.Data)
		if !ok {
			return out, NACK, true
		}
		gs := m.Games()
		info := GameInfo{Name: "", PaytableID: ""}
		if g > 0 {
			info = gs[g-1]
		} else if len(gs) > 0 {
			info = gs[0]
			info.Name = "multi-game"
			for _, x := range gs {
				info.MaxBet = max(info.MaxBet, x.MaxBet)
			}
		}
		out = append(out, 0xB5, 0, p.Data[0], p.Data[1])
		out = AppendBCD(out, uint64(min(max(info.MaxBet, 0), maxBetB5)), 2)
		out = append(out, info.Group, byte(info.Levels), byte(info.Levels>>8), byte(info.Levels>>16), byte(info.Levels>>24))
		name := cut(info.Name, 20)
		out = append(append(out, byte(len(name))), name...)
		pay := cut(info.PaytableID, 20)
		out = append(append(out, byte(len(pay))), pay...)
		out = AppendBCD(out, 0, 2)
		out[1] = byte(len(out) - 2)
		return out, Reply, true
	}
	return out, NoResponse, false
}

// denoms are the game's denominations (its first one when no list is given).
func (g GameInfo) denoms() []int64 {
	if len(g.Denoms) > 0 {
		return g.Denoms
	}
	if g.DenomCents > 0 {
		return []int64{g.DenomCents}
	}
	return nil
}

func cut(s string, n int) string {
	if len(s) > n {
		return s[:n]
	}
	return s
}
