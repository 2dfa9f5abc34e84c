package cli

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
)

// TestProgramMain runs a program's command table: the usage and its exit code for no
// command, help and an unknown one, and the command's own exit code with its
// arguments.
func TestProgramMain(t *testing.T) {
	var ran []string
	cmds := map[string]Command{
		"run":    {Summary: "run the machine", Run: func(a []string, _, _ io.Writer) int { ran = a; return 7 }},
		"verify": {Summary: "check the files", Run: func([]string, io.Writer, io.Writer) int { return 0 }},
	}
	tests := []struct {
		args           []string
		code           int
		stdout, stderr string
	}{
		{nil, 2, "", "usage: egm <command> [flags]"},
		{[]string{"help"}, 0, "  run     run the machine\n  verify  check the files\n", ""},
		{[]string{"--help"}, 0, "Run 'egm <command> -h'", ""},
		{[]string{"nope"}, 2, "", `egm: unknown command "nope"`},
		{[]string{"run", "--x", "1"}, 7, "", ""},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		ran = nil
		code := Program{Name: "egm"}.Main(cmds, tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(out.String(), tc.stdout) || !strings.Contains(errb.String(), tc.stderr) {
			t.Errorf("egm %v: exit %d, stdout %q, stderr %q; want %d, %q, %q", tc.args, code, out.String(), errb.String(), tc.code, tc.stdout, tc.stderr)
		}
		if tc.code == 7 && strings.Join(ran, " ") != "--x 1" {
			t.Errorf("egm run got %q, want its flags", ran)
		}
		if tc.stdout == "" && out.Len() > 0 {
			t.Errorf("egm %v wrote to stdout: %q", tc.args, out.String())
		}
	}
}

func TestSubcommands(t *testing.T) {
	cmds := map[string]Command{"rng": {Summary: "the batteries", Run: func([]string, io.Writer, io.Writer) int { return 1 }}}
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{nil, 2, "usage: egm-lab check <check> [flags]\n\nchecks:\n  rng  the batteries\n"},
		{[]string{"-h"}, 0, "checks:\n  rng"},
		{[]string{"dice"}, 2, `egm-lab check: unknown check "dice"`},
		{[]string{"rng"}, 1, ""},
	}
	for _, tc := range tests {
		var out, errb bytes.Buffer
		code := Program{Name: "egm-lab"}.Subcommands("check", "check", cmds, tc.args, &out, &errb)
		if code != tc.code || !strings.Contains(errb.String(), tc.stderr) || out.Len() > 0 {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want %d and %q", tc.args, code, errb.String(), out.String(), tc.code, tc.stderr)
		}
	}
}

// TestStopContext sends the test process each signal: the context ends, and
// the command that stops reports the signal and a shell's exit status for it.
func TestStopContext(t *testing.T) {
	tests := []struct {
		sig  syscall.Signal
		name string
		code int
	}{
		{syscall.SIGTERM, "SIGTERM", 143},
		{syscall.SIGINT, "SIGINT", 130},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			ctx, stop := StopContext()
			defer stop()
			if err := syscall.Kill(os.Getpid(), tc.sig); err != nil {
				t.Fatal(err)
			}
			<-ctx.Done()
			var b bytes.Buffer
			code := Program{Name: "egm-lab"}.Stopped(ctx, &b, "sim", "after 3 of 25 titles")
			if want := "egm-lab sim: stopped by " + tc.name + " after 3 of 25 titles\n"; code != tc.code || b.String() != want {
				t.Fatalf("exit %d, %q; want %d, %q", code, b.String(), tc.code, want)
			}
		})
	}
}

// UntilStopped returns the computation's result, or the context's error when
// the context ends first.
func TestUntilStopped(t *testing.T) {
	if err := UntilStopped(context.Background(), func() error { return io.EOF }); !errors.Is(err, io.EOF) {
		t.Fatalf("finished computation: %v, want its error", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	block := make(chan struct{})
	defer close(block)
	if err := UntilStopped(ctx, func() error { <-block; return nil }); !errors.Is(err, context.Canceled) {
		t.Fatalf("stopped computation: %v, want context.Canceled", err)
	}
}

func TestPlural(t *testing.T) {
	for n, want := range map[int]string{0: "0 kills", 1: "1 kill", 2: "2 kills"} {
		if got := Plural(n, "kill"); got != want {
			t.Errorf("Plural(%d): %q, want %q", n, got, want)
		}
	}
}
