package main

import (
	"encoding/binary"
	"fmt"
	"image"
	"io"
	"net"
	"time"
)

// rfbClient is the smallest VNC viewer a test needs (RFC 6143): no security,
// raw 32-bit pixels, key and pointer events.
type rfbClient struct {
	c    net.Conn
	w, h int
}

// dialRFB connects and initialises a shared session.
func dialRFB(addr string) (*rfbClient, error) {
	c, err := net.DialTimeout("tcp", addr, 10*time.Second)
	if err != nil {
		return nil, err
	}
	r := &rfbClient{c: c}
	if err := r.init(); err != nil {
		c.Close()
		return nil, fmt.Errorf("rfb %s: %w", addr, err)
	}
	return r, nil
}

func (r *rfbClient) read(n int) ([]byte, error) {
	_ = r.c.SetReadDeadline(time.Now().Add(time.Minute))
	b := make([]byte, n)
	_, err := io.ReadFull(r.c, b)
	return b, err
}

func (r *rfbClient) write(b ...byte) error {
	_ = r.c.SetWriteDeadline(time.Now().Add(time.Minute))
	_, err := r.c.Write(b)
	return err
}

func (r *rfbClient) init() error {
	if _, err := r.read(12); err != nil { // "RFB 003.008\n"
		return err
	}
	if err := r.write([]byte("RFB 003.008\n")...); err != nil {
		return err
	}
	n, err := r.read(1)
	if err != nil || n[0] == 0 {
		return fmt.Errorf("no security types (%v)", err)
	}
	types, err := r.read(int(n[0]))
	if err != nil {
		return err
	}
	none := false
	for _, t := range types {
		none = none || t == 1
	}
	if !none {
		return fmt.Errorf("security types %v, want None (1)", types)
	}
	if err := r.write(1); err != nil {
		return err
	}
	if res, err := r.read(4); err != nil || binary.BigEndian.Uint32(res) != 0 {
		return fmt.Errorf("security result %v, %v", res, err)
	}
	if err := r.write(1); err != nil { // ClientInit: shared
		return err
	}
	si, err := r.read(24) // width, height, pixel format (16), name length
	if err != nil {
		return err
	}
	r.w, r.h = int(binary.BigEndian.Uint16(si[0:])), int(binary.BigEndian.Uint16(si[2:]))
	if _, err := r.read(int(binary.BigEndian.Uint32(si[20:]))); err != nil {
		return err
	}
	// SetPixelFormat: 32 bpp, depth 24, little-endian true colour, red<<16 green<<8 blue.
	if err := r.write(0, 0, 0, 0, 32, 24, 0, 1, 0, 255, 0, 255, 0, 255, 16, 8, 0, 0, 0, 0); err != nil {
		return err
	}
	return r.write(2, 0, 0, 1, 0, 0, 0, 0) // SetEncodings: raw
}

// frame reads the whole screen.
func (r *rfbClient) frame() (*image.RGBA, error) {
	req := []byte{3, 0, 0, 0, 0, 0, 0, 0, 0, 0}
	binary.BigEndian.PutUint16(req[6:], uint16(r.w))
	binary.BigEndian.PutUint16(req[8:], uint16(r.h))
	if err := r.write(req...); err != nil {
		return nil, err
	}
	img := image.NewRGBA(image.Rect(0, 0, r.w, r.h))
	for {
		t, err := r.read(1)
		if err != nil {
			return nil, err
		}
		switch t[0] {
		case 2: // bell
			continue
		case 3: // server cut text
			b, err := r.read(7)
			if err != nil {
				return nil, err
			}
			if _, err := r.read(int(binary.BigEndian.Uint32(b[3:]))); err != nil {
				return nil, err
			}
			continue
		case 0:
		default:
			return nil, fmt.Errorf("server message %d", t[0])
		}
		h, err := r.read(3)
		if err != nil {
			return nil, err
		}
		for range int(binary.BigEndian.Uint16(h[1:])) {
			rh, err := r.read(12)
			if err != nil {
				return nil, err
			}
			x, y := int(binary.BigEndian.Uint16(rh[0:])), int(binary.BigEndian.Uint16(rh[2:]))
			w, hh := int(binary.BigEndian.Uint16(rh[4:])), int(binary.BigEndian.Uint16(rh[6:]))
			if enc := int32(binary.BigEndian.Uint32(rh[8:])); enc != 0 {
				return nil, fmt.Errorf("rectangle encoding %d, asked for raw", enc)
			}
			px, err := r.read(w * hh * 4)
			if err != nil {
				return nil, err
			}
			for j := range hh {
				for i := range w {
					p := px[(j*w+i)*4:]
					o := img.PixOffset(x+i, y+j)
					img.Pix[o], img.Pix[o+1], img.Pix[o+2], img.Pix[o+3] = p[2], p[1], p[0], 255
				}
			}
		}
		return img, nil
	}
}

// key presses and releases the key of X keysym sym, hold apart.
func (r *rfbClient) key(sym uint32, hold time.Duration) error {
	ev := []byte{4, 1, 0, 0, 0, 0, 0, 0}
	binary.BigEndian.PutUint32(ev[4:], sym)
	if err := r.write(ev...); err != nil {
		return err
	}
	time.Sleep(hold)
	ev[1] = 0
	return r.write(ev...)
}

func (r *rfbClient) Close() error { return r.c.Close() }
