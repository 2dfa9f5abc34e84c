// Package sas is the machine's end of the floor link: the SAS 6.0x protocol as the
// public record describes it (../shared/SAS-NOTES.md), and the host end the floor
// simulator and the tests drive.
//
// Implemented so far (the link layer):
//
//   - the 9-bit line as an escaped byte stream (a wake-up byte b is FF 00 b, a data
//     FF is FF FF): what a Linux UART set for space parity with PARMRK delivers, and
//     what the project carries over pseudo-terminals and TCP, so that one decoder
//     serves every transport (symbol.go);
//
//   - frames: general polls (0x80|addr, answered with one exception code), long polls
//     of types R (no data, no CRC), S (fixed data, CRC) and M (length byte, data,
//     CRC) for the commands in pollShapes; ACK (the bare address), NACK (addr|0x80);
//     broadcasts (address 0) are never answered (frame.go, link.go);
//
//   - CRC-16/KERMIT sent low byte first, checked against the shared vectors (crc.go);
//     packed BCD, most significant digit first (bcd.go);
//
//   - bad input: a wrong CRC, a frame cut short, an unknown command, bytes without a
//     wake-up byte, another address's poll, a line error — each ignored, counted and
//     reported through Link.OnIgnored; never answered, never a stuck link;
//
//   - link supervision: no valid poll for 5 s is "link down", the next one "link up";
//
//   - a panic in the Handler is recovered by Serve (panic.go): counted
//     (Stats.Panics), told to OnPanic or the standard logger with its stack, and
//     that frame is not answered; the next poll is. KeepServing (keep.go) keeps a
//     line up: a serve that ended (a device that failed, a line that closed) is
//     logged and run again after a back-off, each attempt logged;
//
//   - a Machine that also implements MeterAvailability and says its meters are
//     unreadable (critical memory lost) gets silence for the meter polls (0F,
//     10–1A, 1C, 2F, 84, 9A), never zeros; the host's general poll that gets no
//     reply is ErrNoReply. LongPolls and PollLayout list the long polls the link
//     reads and how a host sends each, for tests that send every one;
//
//   - implied ACK/NACK as SAS 6.02 §3 states it: an exception reported to a general
//     poll is acknowledged by the host's next long poll to this machine, a poll to
//     another address or a valid broadcast; a general poll again is the implied
//     NACK and gets the same exception again, as often as the host asks (a lost
//     reply is delivered again; Stats.Redelivered); the floor's Drain acknowledges
//     each exception with a 1A;
//
//   - broadcasts (address 0): only the polls SAS defines as global broadcasts
//     (BroadcastPolls: 7F date and time, 80/86 progressive levels) reach the
//     machine; any other frame at address 0 (a broadcast 8A bonus, 01 disable,
//     72 transfer…) is ignored and counted (CauseBroadcast);
//
//   - a line error (FF x) inside a frame voids it whatever its CRC; ignored
//     frames are counted by cause (Stats.IgnoredBy: wrong CRC, cut short,
//     unknown command, interrupted, line error, not a broadcast poll) beside
//     polls, replies served, CRC and line errors, exceptions delivered and
//     redelivered, TCP hosts and takeovers; saslink logs them every minute;
//
//   - long poll 21 off the link (rom.go): a known seed is answered at once, a new
//     one is computed in the background while every other poll is answered, and
//     its reply goes to the first general poll after it is ready (SAS 6.02 §6);
//
//   - the exception Queue: priorities (money and faults, then doors and options,
//     then game start/end), first-in first-out within a priority, QueueCap codes and
//     the buffer-overflow exception 70 when full; a plain value the machine stores
//     in critical memory in the same commit as the event that raised it;
//
//   - the host end (host.go): one poll and its reply at a time (safe from several
//     goroutines: the floor's polling loop and AFT transfers share one Host); a
//     reply that carries a length byte (2F, 54, 56, 6F, 72, 73, 74, 87, AF, B2, B5)
//     ends at its CRC, one of a fixed length (15, 1B, 2D, 51, 52, 55, 80, 84, 85,
//     86, 8A, 94, 9A, A0, A8, B1) when it is complete, others when the line has
//     been quiet for Gap (the floor's linked jackpots ask 51 once per link and 55
//     when a hit waits: neither waits for Gap);
//
//   - transports: TCP (a serial-over-IP bridge: one host at a time; no UART
//     inter-byte limit inside a frame (StreamGap, 1 s), so a host that sends each
//     byte in a segment of its own loses nothing; a host that connects while
//     another holds the line waits until the first has been idle TakeoverAfter
//     (5 s), then takes over), pseudo-terminal
//     pairs, the cabinet's UART (termios below), and a serial device that carries
//     the escaped stream itself (OpenTTY, `--sas tty:DEVICE`): the test image's
//     emulated UART (image/, a QEMU 16550 behind a TCP chardev) has no 9th bit to
//     carry, and the host end polls it with `egm-floor run --connect tcp:…`, which
//     sends the escaped stream; read through PARMRK as on the cabinet's UART, that
//     stream would come out with every FF doubled, so the board's line is raw.
//
//   - the long polls of a 6.02 host's start-up and handpays (polls602.go): 1B
//     handpay information, 94 remote handpay reset, A8 its method, 2D and 52 game
//     meters, 6F/AF extended meters (18 digits), A0 enabled features, B1/B2
//     denominations, B5 extended game information; pinned in polls602_test.go;
//
//   - the first set of long polls (responder.go), answered from the Machine
//     interface the machine implements: 01/02 disable/enable, 03/04 sound off/on
//     (sound.go: an optional SoundSwitch, the screen's, never stored), 0F, 10–17, 18, 19, 1A,
//     1C meters, 1F machine information, 21 ROM signature, 2F selected meters,
//     51/53/55/56 games, 54 version and serial number, 7E/7F date and time, 80/86
//     progressive broadcasts; each reply's layout is drawn above its case and pinned
//     byte for byte in TestLongPollReplies.
//
//   - AFT (aft*.go): long polls 72 (transfer, cancel, interrogation FE/FF), 73
//     (registration) and 74 (game lock and status), parsed and encoded at both ends
//     (the machine parses requests and encodes replies, the host the reverse),
//     each layout drawn above its encoder and pinned byte for byte in aft_test.go,
//     every parser fuzzed (FuzzAFT…, seed corpus run by go test). The transfer and
//     registration statuses, transfer codes, types and flags are named constants;
//     the AFT exceptions are 69 (transfer complete), 6A/6B (host cash-out
//     requested / win), 6C–6E (registration) and 6F (game locked). The Responder
//     answers 72/73/74 only when its Machine also implements AFTMachine; a 72 that
//     does not parse is answered with the short reply and the status its fault
//     calls for (83 amount, 95 id, C1 code, 82 otherwise), a 73/74 with a NACK.
//     Binary fields (asset number, POS id, pool id) go least significant byte
//     first; amounts are 5-byte BCD cents.
//
//   - linked jackpots and bonuses (progressive.go, for a Machine that is also a
//     JackpotMachine): 85/87 the SAS progressive win queue of the game waiting for
//     the controller (amount 0 until answered), 84 the last progressive win paid,
//     an 80 addressed to the machine while a hit waits is the controller's amount
//     for its first unanswered hit (ACK when taken, NACK for another level), 8A
//     legacy bonus (amount 4 BCD in cents, tax status), 9A legacy bonus meters;
//     exceptions 56 (level hit), 54 (progressive win paid to credits), 7C (legacy
//     bonus). An addressed 80 carries no game number: the host reads 87 right
//     before each one and never resends one blindly.
//
// Meter map (SAS code → the machine's meter, meters/), by the SAS meter
// definitions: 00 coin in (credits wagered) → coin_in_cents; 01 coin out (credits
// paid to the credit meter by the games and the floor's bonuses) →
// won_to_credits_cents (coin_out_cents, the money that left the cabinet, is not a
// SAS game meter); 02 jackpot (wins paid by the attendant) → handpay_cents; 03
// handpaid cancelled credits and 04 cancelled credits → cancelled_credits_cents;
// 05 games played → games_played; 06 won → games_won; 07 lost → games_lost; 0C
// current credits → current_credits_cents; A0 in-house cashable transfers to the
// machine → the counter aft_in_house_cashable_in_cents, A1 their number →
// aft_in_house_transfers_in, B8 in-house cashable transfers to the host →
// aft_in_house_cashable_out_cents, B9 → aft_in_house_transfers_out. Per game
// (2F, 52, 6F/AF with a game number): 00, 05 from the title's game meters, 01 its
// won_cents less its handpays plus the bonuses credited while it was selected,
// 02 its handpays (the counters title_handpay_cents:…, title_bonus_cents:…,
// title_bonus_handpay_cents:…), so the games add up to the machine for every
// meter reported both ways. The legacy bonus meters (9A) are the counters
// bonus_deductible_cents, bonus_nondeductible_cents and bonus_wager_match_cents.
// Drop is always 0: the machine takes no cash. The accounting unit is one cent.
// Codes F0–F4 are the machine's own names for meters the single-meter polls
// report (drop, door opens, power resets, games since power up and since the
// door closed — the last two counted by saslink for long poll 18); they are
// never sent.
//
// Conformance with the SAS 6.02 long polls (implemented: answered and pinned by
// a test; not applicable: this machine is cashless — no bills, coins, hopper,
// tickets or printer — has no reels, cards or tournaments):
//
//	01 02 shutdown / startup                implemented
//	03 04 sound off / on                    implemented (the screen's switch)
//	05 game sounds disable                  not applicable: one sound switch (03/04)
//	06 07 08 bill acceptor enable/config    not applicable: no bill acceptor
//	09 enable/disable game N                not implemented: games are the operator's configuration
//	0A 0B maintenance mode                  not implemented: the operator menu is local
//	0E real-time event reporting            not implemented: exceptions by general poll only
//	0F meters 10–15                         implemented
//	10–17 single meters                     implemented (13 drop is 0: no cash)
//	18 games since power-up / door closure  implemented
//	19 meters 11–15, 1A current credits     implemented
//	1B handpay information                   implemented (24 bytes; the pending handpay: game, bonus, jackpot)
//	1C meter set                            implemented
//	1D cumulative promotional meters        not applicable: no promotional credits outside AFT
//	1E 20 bill meters                       not applicable: no bill acceptor
//	1F machine information                  implemented (the additional ID carries the ISO 4217 currency, machine_info.go)
//	21 ROM signature                        implemented (off the link)
//	24 25 26 27 28 legacy EFT                  not applicable: AFT replaces EFT (72–74)
//	2A 2B true coin in / out, 2C hopper     not applicable: no coins, no hopper
//	2D handpaid cancelled credits (game N)  implemented (game N: 0, cancelled credits are no game's)
//	2E game delay                           not implemented: no fast-cycle bonusing
//	2F selected meters                      implemented
//	31–3C 3E–47 bill and coin meters        not applicable: no bills or coins
//	3D cash-out ticket information          not applicable: no tickets
//	48 49 4A bill information / stacker     not applicable: no bill acceptor
//	4C 4D enhanced validation               not applicable: no tickets or validated handpays
//	4F hopper status                        not applicable: no hopper
//	50 validation meters                    not applicable: no tickets
//	51 number of games                      implemented
//	52 game N meters                        implemented
//	53 game N configuration                 implemented
//	54 version and serial number            implemented
//	55 56 selected / enabled games          implemented
//	57 58 system validation                 not applicable: no tickets
//	63–6A legacy EFT                        not applicable: AFT replaces EFT
//	6E component authentication             not implemented: 21 authenticates the program
//	6F extended meters                      implemented
//	70 71 ticket redemption                 not applicable: no ticket acceptor
//	72 73 74 AFT                            implemented
//	75 76 AFT receipt / ticket data         not applicable: no printer
//	7B 7C 7D extended validation, ticket data not applicable: no tickets
//	7E 7F date and time                     implemented (7F also as a broadcast)
//	80 86 progressive broadcasts            implemented
//	83 cumulative progressive wins          not implemented: 84/85/87 report the wins
//	84 85 87 progressive wins               implemented
//	8A legacy bonus                         implemented (never as a broadcast)
//	8B multiplied jackpot                   not implemented: SAS advises against it
//	8C 95–99 tournament                     not applicable: no tournament mode
//	8E 8F card / reel stop information      not applicable: no cards, video reels
//	90 legacy bonus win information         not implemented: 9A meters and the 7C exception
//	94 remote handpay reset                 implemented (as the attendant's key)
//	9A legacy bonus meters                  implemented
//	A0 enabled features                     implemented
//	A4 cash-out limit                       not applicable: no hopper
//	A8 handpay reset method                 implemented (standard only: no reset to credits over the limit)
//	AA auto rebet                           not applicable: the host never plays games on this machine
//	AF extended meters (alternate)          implemented
//	B0 multi-denom preamble                 not implemented: per-denomination meters are not kept per SAS code
//	B1 B2 player / enabled denominations    implemented
//	B3 token denomination                   not applicable: no coins
//	B4 wager category information           not implemented: one payback per paytable
//	B5 extended game information            implemented (the game's whole max bet, 2 BCD bytes)
//
// The machine side is machine/saslink (`egm run --headless --sas
// tcp:…|pty:…|serial:…|tty:…`), the host side floor/ and `egm-floor run`.
//
// On serial ports: go.bug.st/serial clears PARMRK, which would turn every wake-up
// byte into 00 on a real UART, so the cabinet's port is set up with
// golang.org/x/sys/unix termios (space parity, PARENB|CMSPAR, INPCK|PARMRK); the
// library is only fit for enumerating ports.
//
// It must not touch meters, credits or outcomes itself: the Handler (the machine)
// answers for them. It never imports the screen.
package sas
