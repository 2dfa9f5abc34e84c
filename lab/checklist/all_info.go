package checklist

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"os/exec"
	"runtime"
	"strings"

	"egm/internal/buildinfo"
)

// FileHash is a file the lab run read, with its SHA-256.
type FileHash struct {
	Path   string `json:"path"`
	SHA256 string `json:"sha256"`
	Bytes  int64  `json:"bytes,omitempty"`
}

// Platform is where the run ran.
type Platform struct {
	Version   string `json:"version"`
	Commit    string `json:"commit"`
	Go        string `json:"go"`
	OS        string `json:"os"`
	Arch      string `json:"arch"`
	CPUs      int    `json:"cpus"`
	Host      string `json:"host"`
	Kernel    string `json:"kernel"`
	Dieharder string `json:"dieharder"` // its version line, or "not installed"
	Ent       string `json:"ent"`       // its path, or "not installed"
}

func sha256Hex(b []byte) string {
	h := sha256.Sum256(b)
	return hex.EncodeToString(h[:])
}

func platformInfo() Platform {
	p := Platform{Version: buildinfo.Version, Commit: buildinfo.Commit, Go: runtime.Version(), OS: runtime.GOOS, Arch: runtime.GOARCH,
		CPUs: runtime.NumCPU(), Dieharder: "not installed", Ent: "not installed"}
	p.Host, _ = os.Hostname()
	if b, err := os.ReadFile("/proc/sys/kernel/osrelease"); err == nil {
		p.Kernel = strings.TrimSpace(string(b))
	}
	if path, err := exec.LookPath("dieharder"); err == nil {
		p.Dieharder = path
		if out, err := exec.Command(path, "-l").CombinedOutput(); err == nil {
			for _, l := range strings.Split(string(out), "\n") {
				if strings.Contains(l, "dieharder version") {
					p.Dieharder = strings.Trim(strings.TrimSpace(l), "#| ")
					break
				}
			}
		}
	}
	if path, err := exec.LookPath("ent"); err == nil {
		p.Ent = path
	}
	return p
}
