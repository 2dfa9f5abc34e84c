package platform

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"time"

	"egm/machine"
)

// ServeLines is the machine without a screen (`egm run --headless`): it reads the
// machine's inputs from in as JSON lines ({"kind":"spin"},
// {"kind":"deposit","wallet":"w","cents":500}, …), hands each to the machine in
// order, and writes the machine's outputs to out as JSON lines, in order, each
// input's outputs before the next input is read; a refused input is a line
// {"error":"…","refused":REASON,…} after its outputs (errorLine), and a line that
// is no input (an unknown field, bad JSON) is {"error":"…"}. The machine is ticked every second (the idle cash-out) and
// outputs that come between inputs (the floor link's AFT) are written as they
// come. It returns when in ends (nil, or the read error) or ctx ends (nil).
func ServeLines(ctx context.Context, m *machine.Machine, in io.Reader, out io.Writer) error {
	enc := json.NewEncoder(out)
	outs := make(chan machine.Output, 64)
	m.Subscribe(func(o machine.Output) { outs <- o })
	lines := make(chan []byte)
	readErr := make(chan error, 1)
	go func() {
		sc := bufio.NewScanner(in)
		for sc.Scan() {
			lines <- append([]byte(nil), sc.Bytes()...)
		}
		readErr <- sc.Err()
		close(lines)
	}()
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
	handle := func(i machine.Input) {
		done := make(chan error, 1)
		go func() { done <- m.Handle(i) }()
		for {
			select {
			case o := <-outs:
				enc.Encode(o)
			case err := <-done:
				for len(outs) > 0 {
					enc.Encode(<-outs)
				}
				if err != nil {
					enc.Encode(errorLine(err))
				}
				return
			}
		}
	}
	handle(machine.Input{Kind: machine.InTick})
	for {
		select {
		case <-ctx.Done():
			return nil
		case o := <-outs: // outputs of the floor link's requests (AFT) between inputs
			enc.Encode(o)
		case <-tick.C:
			handle(machine.Input{Kind: machine.InTick})
		case b, ok := <-lines:
			if !ok {
				if err := <-readErr; err != nil {
					return fmt.Errorf("platform: reading inputs: %w", err)
				}
				return nil
			}
			var i machine.Input
			dec := json.NewDecoder(bytes.NewReader(b))
			dec.DisallowUnknownFields()
			if err := dec.Decode(&i); err != nil {
				err = fmt.Errorf("platform: input %s: %w", b, err)
				enc.Encode(map[string]string{"error": err.Error()})
				continue
			}
			handle(i)
		}
	}
}

// ErrorLine is the line a failed input gets. A refusal carries its reason's code
// (machine.Reason: "state", "balance", …), the refusing state with "state", and
// the sentence the screen would show the player; any other error only its text.
type ErrorLine struct {
	Error   string         `json:"error"`
	Refused string         `json:"refused,omitempty"`
	State   *machine.State `json:"state,omitempty"`
	Player  string         `json:"player,omitempty"`
}

func errorLine(err error) ErrorLine {
	l := ErrorLine{Error: err.Error()}
	var r *machine.Refusal
	if errors.As(err, &r) {
		l.Refused, l.Player = r.Reason.String(), r.Player
		if r.Reason == machine.RefusedState {
			l.State = &r.State
		}
	}
	return l
}
