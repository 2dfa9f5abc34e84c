package main

import (
	"fmt"
	"io"
	"runtime"

	"egm/internal/buildinfo"
)

func cmdVersion(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("version", "version", stderr)
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	sum, err := buildinfo.ProgramSHA256()
	if err != nil {
		return prog.Fail(stderr, err)
	}
	fmt.Fprintf(stdout, "egm %s\ncommit  %s\nplatform %s/%s %s\nsha256  %s\n",
		buildinfo.Version, buildinfo.Commit, runtime.GOOS, runtime.GOARCH, runtime.Version(), sum)
	return 0
}
