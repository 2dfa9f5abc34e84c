package meters

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Meter names one machine-wide meter. Every meter is an int64 count or cents.
type Meter int

// The machine-wide meters (GLI/SAS set). Their JSON keys are the names below and are
// relied on by `egm meters --json` and the lab.
const (
	CurrentCredits   Meter = iota // current_credits_cents: the balance (may go down; never below 0)
	WalletIn                      // wallet_in_cents: electronic transfers in
	WalletOut                     // wallet_out_cents: electronic transfers out (cash-outs)
	CoinIn                        // coin_in_cents: total bets
	CoinOut                       // coin_out_cents: total paid out of the machine (SAS coin out)
	WonToCredits                  // won_to_credits_cents: wins added to the balance
	Jackpot                       // jackpot_cents: jackpot awards (also counted where they were paid)
	Handpay                       // handpay_cents: wins paid by the attendant
	CancelledCredits              // cancelled_credits_cents: credits cancelled by the attendant
	VoidedRefund                  // voided_refund_cents: stakes refunded on voided games
	GamesPlayed                   // games_played
	GamesWon                      // games_won
	GamesLost                     // games_lost
	GamesVoided                   // games_voided
	DoorOpens                     // door_opens
	PowerUps                      // power_ups
	NumMeters                     // number of meters; not a meter
)

var meterNames = [NumMeters]string{
	"current_credits_cents", "wallet_in_cents", "wallet_out_cents", "coin_in_cents",
	"coin_out_cents", "won_to_credits_cents", "jackpot_cents", "handpay_cents",
	"cancelled_credits_cents", "voided_refund_cents", "games_played", "games_won",
	"games_lost", "games_voided", "door_opens", "power_ups",
}

// Modulus is the rollover width of every meter: a meter holds 0..Modulus-1 (18
// decimal digits) and wraps to 0. The SAS layer reports the low 8 or 10 digits on the
// wire; that truncation is its business.
const Modulus int64 = 1_000_000_000_000_000_000

// String is the meter's JSON key.
func (m Meter) String() string {
	if m < 0 || m >= NumMeters {
		return "meter(" + strconv.Itoa(int(m)) + ")"
	}
	return meterNames[m]
}

// MeterByName returns the meter whose JSON key is name.
func MeterByName(name string) (Meter, bool) {
	for i, n := range meterNames {
		if n == name {
			return Meter(i), true
		}
	}
	return 0, false
}

// Meters is the value of every machine-wide meter.
type Meters [NumMeters]int64

// Get returns one meter's value.
func (ms Meters) Get(m Meter) int64 { return ms[m] }

// addMod adds n (0 <= n < Modulus) to v modulo Modulus.
func addMod(v, n int64) int64 {
	v += n // both below 10^18: no int64 overflow
	if v >= Modulus {
		v -= Modulus
	}
	return v
}

// Invariant checks the credits equation:
//
//	current_credits_cents == wallet_in_cents - coin_in_cents + won_to_credits_cents
//	                         + voided_refund_cents - wallet_out_cents   (mod Modulus)
//
// It is exact while no meter has rolled over, and stays exact across rollover because
// every meter wraps at the same width.
func (ms Meters) Invariant() error {
	want := ms[WalletIn] - ms[CoinIn] + ms[WonToCredits] + ms[VoidedRefund] - ms[WalletOut]
	want %= Modulus
	if want < 0 {
		want += Modulus
	}
	if ms[CurrentCredits] != want {
		return fmt.Errorf("meters: credits invariant broken: current_credits_cents %d, but wallet_in %d - coin_in %d + won_to_credits %d + voided_refund %d - wallet_out %d = %d",
			ms[CurrentCredits], ms[WalletIn], ms[CoinIn], ms[WonToCredits], ms[VoidedRefund], ms[WalletOut], want)
	}
	return nil
}

// MarshalJSON writes the meters as one object with the keys above, in that order.
func (ms Meters) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, v := range ms {
		if i > 0 {
			b.WriteByte(',')
		}
		fmt.Fprintf(&b, "%q:%d", meterNames[i], v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// UnmarshalJSON reads the object MarshalJSON writes; unknown keys and values outside
// 0..Modulus-1 are errors.
func (ms *Meters) UnmarshalJSON(b []byte) error {
	var raw map[string]int64
	if err := json.Unmarshal(b, &raw); err != nil {
		return fmt.Errorf("meters: meters object: %w", err)
	}
	var out Meters
	for k, v := range raw {
		m, ok := MeterByName(k)
		if !ok {
			return fmt.Errorf("meters: meters object: unknown key %q", k)
		}
		if v < 0 || v >= Modulus {
			return fmt.Errorf("meters: meters object: %s = %d outside 0..%d", k, v, Modulus-1)
		}
		out[m] = v
	}
	*ms = out
	return nil
}
