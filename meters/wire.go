package meters

import "fmt"

// A Snapshot crosses a process boundary as JSON: the screen process reads the
// operator's pages (meters, events, recall, the game in progress) from the
// platform over its socket and never opens critical memory itself.
//
// The wire form is the snapshot image critical memory stores (image in state.go),
// without the machine's private values (Value) but the currency (CurrencyKey):
// {"seq":…, "meters":{…},
// "games":[…], "game":{…}, "recall":[…], "events":[…], "anchor":{…},
// "counters":{…}}. DecodeSnapshot checks it as Open checks a snapshot frame
// (meter invariants, game meters, the event chain).

// MarshalJSON writes the view's wire form.
func (v *Snapshot) MarshalJSON() ([]byte, error) { return v.st.encode(false) }

// DecodeSnapshot reads a view written by MarshalJSON. The view holds no values
// but the currency (Value reports only CurrencyKey's).
func DecodeSnapshot(b []byte) (*Snapshot, error) {
	s, err := decodeImage(b)
	if err != nil {
		return nil, fmt.Errorf("meters: view: %s", unprefixed(err))
	}
	return &Snapshot{s}, nil
}
