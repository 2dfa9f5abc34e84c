package platform

import (
	"bufio"
	"crypto/sha256"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"egm/machine"
	"egm/meters"
	"egm/wallet"
)

// The boot record (stateDir/boot.log) is also a witness of critical memory kept
// apart from its copies: at each power-on that opens critical memory, and at each
// orderly stop, a line
//
//	2026-11-30T08:15:42Z memory power-on commit=1234 mac=<64 hex>
//
// records the number of the last commit, MACed under the machine's key (derived
// from the wallet key, never the key itself: meters.WitnessMAC). At the next
// power-on the last line whose MAC verifies is handed to critical memory
// (meters.Options.Recorded): memory that ends before it, or is missing, is a RAM
// ERROR instead of a new or an older memory. A line that does not verify (edited,
// or written under another key) is passed over, so a forged line can never lower
// what the record saw. A cabinet whose boot record holds no memory line is on its
// first power-on.

// BootRecordName is the boot record's file in the state directory.
const BootRecordName = "boot.log"

// MemoryKey is the key critical memory's witnesses are MACed under: derived from
// the machine's wallet key (created on first use), so the boot record and the
// witness files cannot be rewritten without it.
func MemoryKey(stateDir string) ([]byte, error) {
	if err := os.MkdirAll(stateDir, 0o750); err != nil {
		return nil, fmt.Errorf("platform: state directory: %w", err)
	}
	k, err := wallet.LoadOrCreateKey(stateDir)
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(append([]byte("egm critical memory witness\x00"), k.Seed()...))
	return sum[:], nil
}

// memoryRecord reads the boot record's last memory line that verifies under key
// (nil: the record has none, a first power-on).
func memoryRecord(stateDir string, key []byte) (*meters.Record, error) {
	path := filepath.Join(stateDir, BootRecordName)
	f, err := os.Open(path)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("platform: boot record: %w", err)
	}
	defer f.Close()
	var rec *meters.Record
	lines, bad := 0, 0
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		seq, ok, found := parseMemoryLine(sc.Text(), key)
		switch {
		case found && ok:
			lines++
			rec = &meters.Record{Seq: seq, From: "the boot record " + path}
		case found:
			bad++
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("platform: boot record %s: %w", path, err)
	}
	if rec == nil && bad > 0 {
		rec = &meters.Record{From: fmt.Sprintf("the boot record %s (%d memory lines, none verifying under the machine's key)", path, bad)}
	}
	return rec, nil
}

// parseMemoryLine reads a memory line: found when it is one, ok when its MAC
// verifies.
func parseMemoryLine(line string, key []byte) (seq uint64, ok, found bool) {
	f := strings.Fields(line)
	if len(f) < 5 || f[1] != "memory" {
		return 0, false, false
	}
	c, hasC := strings.CutPrefix(f[3], "commit=")
	mac, hasM := strings.CutPrefix(f[4], "mac=")
	if !hasC || !hasM {
		return 0, false, true
	}
	seq, err := strconv.ParseUint(c, 10, 64)
	if err != nil {
		return 0, false, true
	}
	return seq, mac == meters.WitnessMAC(key, seq), true
}

// RecordMemory appends a memory line (when: power-on, power-down) for the
// machine's last commit to the boot record, synced; nothing while critical memory
// is in RAM ERROR (the record keeps what it saw last).
func RecordMemory(stateDir string, key []byte, when string, m *machine.Machine) error {
	seq, ok := m.MemorySeq()
	if !ok {
		return nil
	}
	line := fmt.Sprintf("%s memory %s commit=%d mac=%s\n", time.Now().UTC().Format(time.RFC3339), when, seq, meters.WitnessMAC(key, seq))
	return appendSynced(filepath.Join(stateDir, BootRecordName), line)
}

// Shutdown is the platform's orderly stop: the machine's power_down event, then
// the boot record's memory line. written tells whether power_down was written (not
// in RAM ERROR, nor after a failed write).
func Shutdown(m *machine.Machine, stateDir string, key []byte) (written bool, err error) {
	written, err = m.ShutdownRecorded()
	if written {
		if rerr := RecordMemory(stateDir, key, "power-down", m); err == nil {
			err = rerr
		}
	}
	if cerr := m.Close(); err == nil {
		err = cerr
	}
	return written, err
}
