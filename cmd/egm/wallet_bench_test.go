package main

import (
	"context"
	"path/filepath"
	"testing"

	"egm/floor"
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
			st, w, err := openWallet(db, nil)
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
			a, closeLink, err := walletLink(e.spec, 1, w, e.cfg.AssetNumber)
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
				if tr, err := w.Scan(ctx, text, "alice", 1_00); err != nil || tr.State != floor.StateCommitted {
					b.Fatalf("%+v %v", tr, err)
				}
			}
		})
	}
}
