package platform

import (
	"bufio"
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strings"
	"time"

	"egm/machine"
	"egm/machine/refusal"
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
// (refusal.Reason: "state", "balance", …), the refusing state with "state", and
// the player's Message: its id in the screen's "play" catalogue ("msg":
// "play.refused.balance") and its numbers ("values": amounts in minor units of
// the machine's currency, counts), which a screen words in its player's language
// and currency; any other error only its text. The engineers' English is in
// "error".
type ErrorLine struct {
	Error   string          `json:"error"`
	Refused string          `json:"refused,omitempty"`
	State   *machine.State  `json:"state,omitempty"`
	Msg     string          `json:"msg,omitempty"`
	Values  *refusal.Values `json:"values,omitempty"`
}

func errorLine(err error) ErrorLine {
	l := ErrorLine{Error: err.Error()}
	var r *refusal.Refusal
	if errors.As(err, &r) {
		l.Refused, l.Msg = r.Reason.String(), r.Msg
		if len(r.Values.Amounts)+len(r.Values.Counts) > 0 {
			v := r.Values
			l.Values = &v
		}
		if r.Reason == refusal.RefusedState {
			l.State = &r.State
		}
	}
	return l
}

// Err is the error a line reports, for a screen reading the lines: a refusal is
// a *refusal.Refusal again (its wire.Message and numbers, the detail from "error"),
// errors.Is(err, machine.ErrRefused) holding; any other line's text an error of
// its own; nil for a line with no error.
func (l ErrorLine) Err() error {
	if l.Error == "" {
		return nil
	}
	reason, ok := refusal.ParseReason(l.Refused)
	if !ok {
		return errors.New(l.Error)
	}
	r := &refusal.Refusal{Reason: reason, Msg: l.Msg, Detail: strings.TrimPrefix(l.Error, machine.ErrRefused.Error()+": ")}
	if l.State != nil {
		r.State = *l.State
	}
	if l.Values != nil {
		r.Values = *l.Values
	}
	return r
}
