package lab

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"syscall"

	"egm/rng"
)

// Generator is the generator a lab check draws from: the cabinet's (the
// operating system's entropy through the DRBG), or with seed ≥ 0 a seeded one
// that reproduces a run.
func Generator(seed int64) (*rng.Generator, error) {
	if seed >= 0 {
		return rng.NewSeeded(uint64(seed)), nil
	}
	return rng.NewCabinet(rng.Settings{Mode: rng.ModeOS}, nil)
}

// WriteStream writes n bytes of g's raw output to w (n = 0: until w stops taking
// them), for external batteries (dieharder -g 200, ent). A reader that closes the
// pipe (EPIPE) ends the stream without an error: that is how such a reader says it
// has enough. The caller ignores SIGPIPE.
func WriteStream(w io.Writer, g *rng.Generator, n int64) error {
	return WriteStreamContext(context.Background(), w, g, n)
}

// WriteStreamContext is WriteStream stopped by ctx between two blocks (what was
// written is flushed), with ctx's error.
func WriteStreamContext(ctx context.Context, w io.Writer, g *rng.Generator, n int64) error {
	bw := bufio.NewWriterSize(w, rng.MaxRequestBytes)
	buf := make([]byte, rng.MaxRequestBytes)
	for left := n; n == 0 || left > 0; {
		if err := ctx.Err(); err != nil {
			bw.Flush()
			return err
		}
		k := int64(len(buf))
		if n > 0 {
			k = min(k, left)
			left -= k
		}
		if _, err := g.Read(buf[:k]); err != nil {
			return err
		}
		if _, err := bw.Write(buf[:k]); err != nil {
			if errors.Is(err, syscall.EPIPE) {
				return nil
			}
			return fmt.Errorf("lab: rng stream: write: %w", err)
		}
	}
	if err := bw.Flush(); err != nil && !errors.Is(err, syscall.EPIPE) {
		return fmt.Errorf("lab: rng stream: write: %w", err)
	}
	return nil
}
