package wire

import (
	"encoding/json"

	"egm/features/gamble"
	"egm/machine"
	"egm/machine/settings"
	"egm/wallet"
)

// Version is the protocol's version: the screen says it in its hello and the
// platform refuses another. 2: BET DOWN and DENOM are the machine's inputs
// (bet_down, next_denom); the screen no longer asks for bet ranges or
// denominations.
const Version = 2

// SocketName is the socket's file name in the platform's state directory.
const SocketName = "screen.sock"

// MaxLine bounds one line of the protocol (a view of critical memory with a full
// recall is the largest Message, about 1 MB).
const MaxLine = 16 << 20

// Operations the screen asks for (Request.Op).
const (
	OpHello     = "hello"       // → HelloResult
	OpHandle    = "handle"      // Input → nothing (or the machine's refusal)
	OpConfig    = "config"      // → settings.Config
	OpView      = "view"        // → a view of critical memory (meters.Snapshot's wire form)
	OpSeq       = "seq"         // → uint64
	OpPINIsSet  = "pin_is_set"  // → bool
	OpPINVerify = "pin_verify"  // PIN
	OpPINSet    = "pin_set"     // PIN
	OpPINChange = "pin_change"  // PIN (the current one), Next
	OpCode      = "wallet_code" // Kind → CodeResult
	OpLink      = "link"        // → sas.Stats: the floor link's counters
)

// Roles of a connection (the hello's Role).
const (
	// RoleScreen is the screen: one at a time, a newer one replaces the older;
	// it gets the machine's outputs and may send inputs.
	RoleScreen = "screen"
	// RoleReader reads critical memory, the configuration and the floor link's
	// counters only (egm meters, recall, events and link on a running cabinet);
	// it gets no pushes and sends no
	// inputs, and any number may connect beside the screen.
	RoleReader = "reader"
)

// Pushes from the platform (Message.Push).
const (
	PushOutput = "output" // Output, and Gamble with an OutState in GambleOffered
	PushLevels = "levels" // Levels
	PushSound  = "sound"  // Sound: the floor host's sound switch
	PushQuit   = "quit"   // the platform stops: the screen exits
	// PushCabinet is a cabinet key or deck button (Key: "operator_key" opens the
	// operator menu, "help" the help; every other is a button the machine was
	// handed, for the screen to show).
	PushCabinet = "cabinet"
)

// Request is one line from the screen:
//
//	{"id":7,"op":"handle","input":{"kind":"spin"}}
//	{"id":8,"op":"seq"}
//	{"id":9,"op":"pin_verify","pin":"2468"}
type Request struct {
	ID      uint64         `json:"id"`
	Op      string         `json:"op"`
	Version int            `json:"version,omitempty"`
	Role    string         `json:"role,omitempty"` // hello: RoleScreen (default) or RoleReader
	Input   *machine.Input `json:"input,omitempty"`
	Kind    uint8          `json:"kind,omitempty"` // wallet.Kind
	PIN     string         `json:"pin,omitempty"`
	Next    string         `json:"next,omitempty"`
}

// Message is one line from the platform: a reply (ID of its Request) or a push
// (ID 0, Push names it):
//
//	{"id":7}
//	{"id":7,"error":{"refusal":{"reason":"balance",…}}}
//	{"id":8,"result":1234}
//	{"push":"output","output":{"kind":"state","status":{…}},"gamble":{…}}
//	{"push":"levels","levels":{"grand":1000000,"major":50000,"ok":true}}
//	{"push":"cabinet","key":"operator_key"}
type Message struct {
	ID     uint64          `json:"id,omitempty"`
	Error  *Error          `json:"error,omitempty"`
	Result json.RawMessage `json:"result,omitempty"`
	Push   string          `json:"push,omitempty"`
	Output *machine.Output `json:"output,omitempty"`
	Gamble *GambleState    `json:"gamble,omitempty"`
	Levels *Levels         `json:"levels,omitempty"`
	Sound  *bool           `json:"sound,omitempty"`
	Key    string          `json:"key,omitempty"` // PushCabinet
}

// HelloResult is what a screen learns on connecting: the platform's build, the
// titles the machine offers (ids; the screen has the same catalogue), the
// configuration, the status, and the game in progress with its stored outcome.
type HelloResult struct {
	Version int             `json:"version"`
	Build   string          `json:"build"`
	Titles  []string        `json:"titles"`
	Config  settings.Config `json:"config"`
	Status  machine.Status  `json:"status"`
	Gamble  *GambleState    `json:"gamble,omitempty"`
	// Outcome is the stored outcome of the game in progress (Status.Game), as
	// an OutPresent of Status.Step carries it.
	Outcome json.RawMessage `json:"outcome,omitempty"`
	Levels  Levels          `json:"levels"`
	Sound   bool            `json:"sound"`
	Options ScreenOptions   `json:"options"`
}

// ScreenOptions are the platform's settings the screen follows.
type ScreenOptions struct {
	// Dev is development mode: the screen may name the development keys.
	Dev bool `json:"dev,omitempty"`
	// DepositWallet and DepositCents: the development test wallet's deposit key
	// (F2); empty: no such key.
	DepositWallet string `json:"deposit_wallet,omitempty"`
	DepositCents  int64  `json:"deposit_cents,omitempty"`
	// Codes: the wallet's QR codes are offered (the platform has a presenter).
	Codes bool `json:"codes,omitempty"`
	// PIN: the operator menu's PIN is kept by the platform.
	PIN bool `json:"pin,omitempty"`
	// Linked: the machine is on a floor link whose linked jackpot levels the
	// screen shows (pushed as Levels).
	Linked bool `json:"linked,omitempty"`
}

// GambleState is the gamble in play (machine.GambleHistory).
type GambleState struct {
	Round   gamble.Round   `json:"round"`
	History gamble.History `json:"history"`
}

// Levels are the linked jackpot levels the floor broadcasts (OK false while
// none arrive).
type Levels struct {
	Grand   int64 `json:"grand,omitempty"`
	Major   int64 `json:"major,omitempty"`
	Mystery int64 `json:"mystery,omitempty"`
	OK      bool  `json:"ok,omitempty"`
}

// CodeResult is a wallet code as the QR panel shows it: the text of the QR code
// and what it says.
type CodeResult struct {
	Text    string         `json:"text"`
	Payload wallet.Payload `json:"payload"`
}
