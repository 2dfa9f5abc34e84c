package floorcli

import (
	"fmt"
	"io"
	"strconv"
	"time"

	"egm/floor"
)

// romSignatureWithin is how long `egm-floor run --once --rom-signature` waits for
// the machine's answer (a cabinet takes well under a second; an emulated board
// a few).
const romSignatureWithin = time.Minute

// romSignatureReport is what `--rom-signature SEED --json` prints.
type romSignatureReport struct {
	Machine   byte    `json:"machine"`
	Seed      string  `json:"seed"`
	Signature string  `json:"signature"`
	Seconds   float64 `json:"seconds"` // from the first 21 to the answer
}

// parseSeed reads a seed of long poll 21: 4 hex digits.
func parseSeed(s string) (uint16, bool) {
	v, err := strconv.ParseUint(s, 16, 16)
	return uint16(v), err == nil && len(s) == 4
}

// romSignature asks p's machine for its ROM signature seeded with seed (long
// poll 21, repeated every 50 ms until answered) and prints it.
func romSignature(p *floor.Poller, seed uint16, asJSON bool, stdout, stderr io.Writer) int {
	sig, took, err := p.Host.ROMSignature(p.Addr, seed, romSignatureWithin, 50*time.Millisecond)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	r := romSignatureReport{Machine: p.Addr, Seed: fmt.Sprintf("%04X", seed), Signature: fmt.Sprintf("%04X", sig), Seconds: took.Seconds()}
	if asJSON {
		return prog.WriteJSON(stdout, stderr, r)
	}
	fmt.Fprintf(stdout, "machine %d: ROM signature %s with seed %s, answered in %.3f s\n", r.Machine, r.Signature, r.Seed, r.Seconds)
	return 0
}
