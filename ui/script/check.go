package script

import (
	"fmt"
	"io"
	"os"
	"path/filepath"

	"egm/games/slot"
)

// Read reads a script and checks it whole (Parse, then Check) before
// anything runs: a script that cannot be played to its end fails before the
// machine powers on, not halfway through.
func Read(r io.Reader, name string, titles []*slot.Title) (*Script, error) {
	s, err := Parse(r, name)
	if err != nil {
		return nil, err
	}
	if err := s.Check(titles); err != nil {
		return nil, err
	}
	return s, nil
}

// Check checks what Parse cannot: every screenshot's file can be written
// (its directory exists and takes a new file, the file is no directory and, if it
// exists, can be overwritten) and every select names one of titles (not checked
// when titles is nil). The first problem is the error, with its line.
func (s *Script) Check(titles []*slot.Title) error {
	ids := map[string]bool{}
	for _, t := range titles {
		ids[t.Spec.ID] = true
	}
	for _, c := range s.Cmds {
		bad := func(err error) error {
			return fmt.Errorf("script: %s:%d: %s %s: %w", s.Name, c.Line, c.Op, c.Arg, err)
		}
		switch c.Op {
		case "screenshot":
			if err := writable(c.Arg); err != nil {
				return bad(err)
			}
		case "select":
			if titles != nil && !ids[c.Arg] {
				return bad(fmt.Errorf("no such title"))
			}
		}
	}
	return nil
}

// writable reports why path cannot be written as a new or overwritten file (nil:
// it can). It leaves nothing behind.
func writable(path string) error {
	if fi, err := os.Stat(path); err == nil {
		if fi.IsDir() {
			return fmt.Errorf("is a directory")
		}
		f, err := os.OpenFile(path, os.O_WRONLY, 0)
		if err != nil {
			return err
		}
		return f.Close()
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".egm-script-check-*")
	if err != nil {
		return err
	}
	name := f.Name()
	f.Close()
	return os.Remove(name)
}
