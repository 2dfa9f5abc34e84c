package desk

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"time"

	"egm/floor"
)

// ControlClient is the wallet commands' side of the control endpoint.
type ControlClient struct {
	base string
	c    *http.Client
}

// ErrControlUnreachable is a control endpoint nobody answers on.
var ErrControlUnreachable = errors.New("floor: the floor's control endpoint does not answer (is `egm-floor run --wallet --control …` running?)")

// NewControlClient is a client of the control endpoint at spec (HOST:PORT on
// loopback, or unix:PATH).
func NewControlClient(spec string) (*ControlClient, error) {
	network, addr, err := floor.ControlNetwork(spec)
	if err != nil {
		return nil, err
	}
	tr := &http.Transport{}
	base := "http://" + addr
	if network == "unix" {
		tr.DialContext = func(ctx context.Context, _, _ string) (net.Conn, error) {
			var d net.Dialer
			return d.DialContext(ctx, "unix", addr)
		}
		base = "http://floor"
	}
	return &ControlClient{base: base, c: &http.Client{Transport: tr, Timeout: 2 * time.Minute}}, nil
}

// Call sends in (nil: a GET) to path and decodes the reply into out; a refusal is
// the floor's error text.
func (fc *ControlClient) Call(path string, in, out any) error {
	var resp *http.Response
	var err error
	if in == nil {
		resp, err = fc.c.Get(fc.base + path)
	} else {
		b, _ := json.Marshal(in)
		resp, err = fc.c.Post(fc.base+path, "application/json", strings.NewReader(string(b)))
	}
	if err != nil {
		return fmt.Errorf("%w: %v", ErrControlUnreachable, err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		var e controlError
		if json.NewDecoder(resp.Body).Decode(&e) != nil || e.Error == "" {
			return fmt.Errorf("floor: control: the floor answered %s", resp.Status)
		}
		return errors.New(e.Error)
	}
	if err := json.NewDecoder(resp.Body).Decode(out); err != nil {
		return fmt.Errorf("floor: control: the floor's reply: %w", err)
	}
	return nil
}
