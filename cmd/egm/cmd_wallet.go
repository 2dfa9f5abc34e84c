package main

import (
	"crypto/ed25519"
	"fmt"
	"io"

	"egm/internal/cli"
	"egm/wallet"
)

// cmdWallet is `egm wallet pubkey`: the cabinet's side of the cashless wallet is
// its key; the floor's wallet desk is egm-floor's (`egm-floor wallet …`).
func cmdWallet(args []string, stdout, stderr io.Writer) int {
	return prog.Subcommands("wallet", "subcommand", map[string]cli.Command{
		"pubkey": {Summary: "print the machine's wallet public key (made on first use): --state DIR", Run: cmdWalletPubkey},
	}, args, stdout, stderr)
}

func cmdWalletPubkey(args []string, stdout, stderr io.Writer) int {
	fs := prog.Flags("wallet pubkey", "wallet pubkey [--state DIR] [--config FILE]", stderr)
	stateDir := fs.String("state", "", "the machine's state directory (default: the configuration's state_dir)")
	cfgPath := fs.String("config", "", "configuration file (default: the embedded configuration)")
	if code, ok := prog.Parse(fs, args); !ok {
		return code
	}
	cfg, err := loadConfig(*cfgPath, *stateDir)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	k, err := wallet.LoadOrCreateKey(cfg.StateDir)
	if err != nil {
		return prog.Fail(stderr, err)
	}
	fmt.Fprintln(stdout, wallet.PublicKeyText(k.Public().(ed25519.PublicKey)))
	fmt.Fprintf(stderr, "register it on the floor: egm-floor wallet register --asset %d --machine %s --pubkey @%s/%s\n",
		cfg.AssetNumber, cfg.MachineID, cfg.StateDir, wallet.PubKeyFile)
	return 0
}
