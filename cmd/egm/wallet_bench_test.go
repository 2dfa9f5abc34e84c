package main

import (
	"bytes"
	"context"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"egm/floor/desk"
	"egm/wallet"
)

// BenchmarkWalletCashIn is one cash-in end to end over the simulated link (loopback
// TCP, the machine's SAS responder in this process): the machine issues and signs a
// code, the floor verifies it, journals the debit, sends the AFT transfer and
// interrogates it to the end, the machine commits, the floor commits.
func BenchmarkWalletCashIn(b *testing.B) {
	for _, transport := range []string{"tcp", "pty"} {
		b.Run(transport, func(b *testing.B) {
			e := startE2EMachineB(b, transport)
			db := filepath.Join(b.TempDir(), "floor.db")
			st, w, err := desk.OpenWalletAt(db, nil)
			if err != nil {
				b.Fatal(err)
			}
			defer st.Close()
			p, err := machinePresenter(e.cfg, e.m)
			if err != nil {
				b.Fatal(err)
			}
			if err := w.RegisterMachine(e.cfg.AssetNumber, e.cfg.MachineID, wallet.PublicKeyText(p.PublicKey())); err != nil {
				b.Fatal(err)
			}
			w.CreateAccount("alice")
			w.Fund("alice", 1_000_000_000_00)
			a, closeLink, err := desk.LinkWallet(e.spec, 1, w, e.cfg.AssetNumber)
			if err != nil {
				b.Fatal(err)
			}
			defer closeLink()
			ctx := context.Background()
			if _, err := a.Register(ctx); err != nil {
				b.Fatal(err)
			}
			b.ResetTimer()
			for b.Loop() {
				text, _, err := p.Present(wallet.CashIn)
				if err != nil {
					b.Fatal(err)
				}
				if tr, err := w.Scan(ctx, text, "alice", 1_00); err != nil || tr.State != desk.StateCommitted {
					b.Fatalf("%+v %v", tr, err)
				}
			}
		})
	}
}

// BenchmarkFloorScan is one cash-in through the running floor: the player's
// command's request to `egm-floor run --wallet --control` (HTTP on loopback), the
// floor's checks and journal, the AFT transfer over the floor loop's own Poller
// (loopback TCP) while the loop keeps polling the machine, and the reply.
func BenchmarkFloorScan(b *testing.B) {
	e := startE2EMachineB(b, "tcp")
	db := filepath.Join(b.TempDir(), "floor.db")
	var out, errs bytes.Buffer
	if code := runProgram([]string{"egm-floor", "wallet", "register", "--db", db, "--asset", "1", "--machine", e.cfg.MachineID,
		"--pubkey", "@" + filepath.Join(e.cfg.StateDir, wallet.PubKeyFile), "--connect", e.spec}, &out, &errs); code != 0 {
		b.Fatal(errs.String())
	}
	ctl, fout := startFloor(b, "--connect", e.spec, "--db", db)
	for i := 0; !strings.Contains(fout.String(), "linked as asset"); i++ {
		if i > 1000 {
			b.Fatalf("the floor's wallet linked no machine: %s", fout.String())
		}
		time.Sleep(10 * time.Millisecond)
	}
	p, err := machinePresenter(e.cfg, e.m)
	if err != nil {
		b.Fatal(err)
	}
	fc, err := desk.NewControlClient(ctl)
	if err != nil {
		b.Fatal(err)
	}
	var a desk.Account
	if err := fc.Call("/v1/account", desk.ControlAccount{Player: "alice", Fund: 1_000_000_000_00}, &a); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		text, _, err := p.Present(wallet.CashIn)
		if err != nil {
			b.Fatal(err)
		}
		var rep desk.ControlScanReply
		if err := fc.Call("/v1/scan", desk.ControlScan{Payload: text, Player: "alice", Cents: 1_00}, &rep); err != nil || rep.Transfer.State != desk.StateCommitted {
			b.Fatalf("%+v %v", rep, err)
		}
	}
}
