package testkit

import (
	"bufio"
	"errors"
	"fmt"
	"net"
	"strings"
	"time"
)

// Client is the host's end of the control channel: one command at a time, each
// waiting for its reply.
type Client struct {
	conn   net.Conn
	r      *bufio.Reader
	broken error // a reply that never came: the next line could be its
}

// NewClient talks to the kit over conn (the TCP end of the board's
// virtio-serial port).
func NewClient(conn net.Conn) *Client { return &Client{conn: conn, r: bufio.NewReader(conn)} }

// Close closes the channel.
func (c *Client) Close() error { return c.conn.Close() }

// Do sends one command and returns its reply, waiting up to timeout. An error
// reply is a ReplyError; a reply that does not come in time leaves the client
// broken (every later call fails: the late reply would answer the next one).
func (c *Client) Do(line string, timeout time.Duration) (string, error) {
	if c.broken != nil {
		return "", c.broken
	}
	cmd, err := ParseCommand(line)
	if err != nil {
		return "", err
	}
	c.conn.SetDeadline(time.Now().Add(timeout))
	defer c.conn.SetDeadline(time.Time{})
	if _, err := fmt.Fprintf(c.conn, "%s\n", cmd); err != nil {
		c.broken = fmt.Errorf("testkit: send %q: %w", cmd, err)
		return "", c.broken
	}
	reply, err := c.r.ReadString('\n')
	if err != nil {
		var ne net.Error
		if errors.As(err, &ne) && ne.Timeout() {
			c.broken = fmt.Errorf("testkit: no reply to %q in %v", cmd, timeout)
		} else {
			c.broken = fmt.Errorf("testkit: the reply to %q: %w", cmd, err)
		}
		return "", c.broken
	}
	reply = strings.TrimRight(reply, "\r\n")
	return reply, CheckReply(cmd, reply)
}

// Lamps asks lamps?.
func (c *Client) Lamps(timeout time.Duration) (map[string]Lamp, error) {
	r, err := c.Do(OpLamps, timeout)
	if err != nil {
		return nil, err
	}
	return ParseLamps(r)
}

// Screen asks screen?.
func (c *Client) Screen(timeout time.Duration) (Screen, error) {
	r, err := c.Do(OpScreen, timeout)
	if err != nil {
		return Screen{}, err
	}
	return ParseScreen(r)
}
