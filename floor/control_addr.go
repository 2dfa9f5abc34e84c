package floor

import (
	"errors"
	"fmt"
	"net"
	"strings"
)

// ErrControlAddr is a control endpoint that is neither a loopback address nor a
// unix socket: the endpoint moves money.
var ErrControlAddr = errors.New("floor: control endpoint: only a loopback address (127.0.0.1:PORT, [::1]:PORT) or unix:PATH: the endpoint moves money")

// ControlNetwork checks spec (HOST:PORT on a loopback address, or unix:PATH) and
// returns the network and address to listen on or dial.
func ControlNetwork(spec string) (string, string, error) {
	if path, ok := strings.CutPrefix(spec, "unix:"); ok {
		if path == "" {
			return "", "", fmt.Errorf("%w: unix:PATH needs a path", ErrControlAddr)
		}
		return "unix", path, nil
	}
	host, _, err := net.SplitHostPort(spec)
	if err != nil {
		return "", "", fmt.Errorf("%w: not %q", ErrControlAddr, spec)
	}
	ip := net.ParseIP(host)
	if host == "localhost" {
		ip = net.IPv4(127, 0, 0, 1)
	}
	if ip == nil || !ip.IsLoopback() {
		return "", "", fmt.Errorf("%w: %q is not a loopback address", ErrControlAddr, spec)
	}
	return "tcp", spec, nil
}
