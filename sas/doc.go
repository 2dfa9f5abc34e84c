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
//   - implied acknowledgement of exceptions: an exception reported to a general poll
//     stays at the head of the queue until the host's next valid poll;
//
//   - the exception Queue: priorities (money and faults, then doors and options,
//     then game start/end), first-in first-out within a priority, QueueCap codes and
//     the buffer-overflow exception 70 when full; a plain value the machine stores
//     in critical memory in the same commit as the event that raised it;
//
//   - the host end (host.go): one poll and its reply at a time (safe from several
//     goroutines: the floor's polling loop and AFT transfers share one Host); a
//     reply that carries a length byte (2F, 54, 56, 72, 73, 74, 87) ends at its
//     CRC, one of a fixed length (15, 80, 84, 85, 86, 8A, 9A) when it is complete,
//     others when the line has been quiet for Gap;
//
//   - transports: TCP (a serial-over-IP bridge: one host at a time), pseudo-terminal
//     pairs, the cabinet's UART (termios below), and a serial device that carries
//     the escaped stream itself (OpenTTY, `--sas tty:DEVICE`): the test image's
//     emulated UART (image/, a QEMU 16550 behind a TCP chardev) has no 9th bit to
//     carry, and the host end polls it with `egm floor --connect tcp:…`, which
//     sends the escaped stream; read through PARMRK as on the cabinet's UART, that
//     stream would come out with every FF doubled, so the board's line is raw.
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
// Meter map (SAS code → the machine's meter, meters/): 00 coin in → coin_in_cents;
// 01 coin out → coin_out_cents; 02 jackpot → jackpot_cents; 03 handpaid cancelled
// credits → handpay_cents; 04 cancelled credits → cancelled_credits_cents; 05 games
// played → games_played; 06 won → games_won; 07 lost → games_lost; 0C current
// credits → current_credits_cents; A0 in-house cashable transfers to the machine →
// the counter aft_in_house_cashable_in_cents, A1 their number →
// aft_in_house_transfers_in, B8 in-house cashable transfers to the host →
// aft_in_house_cashable_out_cents, B9 → aft_in_house_transfers_out. The legacy
// bonus meters (9A) are the counters bonus_deductible_cents,
// bonus_nondeductible_cents and bonus_wager_match_cents. Drop is always 0: the machine takes no cash. The
// accounting unit is one cent. Codes F0–F4 are the machine's own names for meters
// the single-meter polls report (drop, door opens, power resets, games since power
// up and since the door closed); they are never sent.
//
// The machine side is machine/saslink (`egm run --headless --sas
// tcp:…|pty:…|serial:…|tty:…`), the host side floor/ and `egm floor`.
//
// On serial ports: go.bug.st/serial clears PARMRK, which would turn every wake-up
// byte into 00 on a real UART, so the cabinet's port is set up with
// golang.org/x/sys/unix termios (space parity, PARENB|CMSPAR, INPCK|PARMRK); the
// library is only fit for enumerating ports.
//
// It must not touch meters, credits or outcomes itself: the Handler (the machine)
// answers for them. It never imports the screen.
package sas
