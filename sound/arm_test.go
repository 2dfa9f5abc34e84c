package sound

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"testing"
)

// The cabinet's boards are ARM: the golden digests hold there too (no fused
// multiply-add or other rounding of the board's changes a sample). This test
// cross-builds the package's tests for arm64 and armv7 and runs
// TestDeterministic under qemu-user (Debian's qemu-user, a make deps package).
func TestDeterministicOnARM(t *testing.T) {
	if testing.Short() || os.Getenv("EGM_SOUND_ON_ARM") == "0" {
		t.Skip("cross-built test skipped (-short or EGM_SOUND_ON_ARM=0)")
	}
	if runtime.GOARCH != "amd64" {
		t.Skip("runs from the amd64 build machine")
	}
	for _, arch := range []struct{ goarch, goarm, qemu string }{{"arm64", "", "qemu-aarch64"}, {"arm", "7", "qemu-arm"}} {
		t.Run(arch.goarch, func(t *testing.T) {
			qemu, err := exec.LookPath(arch.qemu)
			if err != nil {
				t.Skipf("%s not installed (make deps installs qemu-user)", arch.qemu)
			}
			bin := filepath.Join(t.TempDir(), "sound.test")
			build := exec.Command("go", "test", "-c", "-o", bin, ".")
			build.Env = append(os.Environ(), "CGO_ENABLED=0", "GOARCH="+arch.goarch, "GOARM="+arch.goarm, "GOFLAGS=")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("cross build: %v\n%s", err, out)
			}
			run := exec.Command(qemu, bin, "-test.run", "^TestDeterministic$", "-test.count", "1")
			if out, err := run.CombinedOutput(); err != nil {
				t.Fatalf("TestDeterministic on %s: %v\n%s", arch.goarch, err, out)
			}
		})
	}
}
