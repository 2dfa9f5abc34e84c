package main

import (
	"fmt"
	"io"
	"runtime"

	"egm/internal/buildinfo"
)

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := newFlags("version", "version", stderr)
	if code, ok := parseFlags(fs, args); !ok {
		return code
	}
	sum, err := buildinfo.ProgramSHA256()
	if err != nil {
		return fail(stderr, err)
	}
	fmt.Fprintf(stdout, "egm %s\ncommit  %s\nplatform %s/%s %s\nsha256  %s\n",
		buildinfo.Version, buildinfo.Commit, runtime.GOOS, runtime.GOARCH, runtime.Version(), sum)
	return 0
}
