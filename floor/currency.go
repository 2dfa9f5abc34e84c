package floor

import (
	"errors"
	"fmt"

	"egm/money"
	"egm/sas"
)

// The floor counts in one currency (Machine.Currency, Loop.Currency; EUR
// unless set: egm-floor run --currency). SAS carries amounts as credits ×
// denomination with no currency, so a machine's meters, jackpot contributions
// and wallet transfers mean money only in the machine's own currency: the floor
// asks each machine for it once per link (long poll 1F, whose additional ID the
// machine fills with its ISO 4217 code) before any other poll, and refuses a
// machine in another currency — no meters, no jackpot, no wallet traffic — until
// its link is made again. A machine whose 1F names no known currency (silent, or
// a game's id there) is taken to count in the floor's.

// CurrencyError is the refusal of a machine that counts in another currency.
type CurrencyError struct {
	Machine byte           // its number on the floor
	Its     money.Currency // the machine's
	Floor   money.Currency // the floor's
}

func (e *CurrencyError) Error() string {
	return fmt.Sprintf("floor: machine %d counts in %s, this floor in %s: not linked", e.Machine, e.Its.Code, e.Floor.Code)
}

// IsCurrency reports a machine refused for its currency.
func IsCurrency(err error) bool {
	var ce *CurrencyError
	return errors.As(err, &ce)
}

// MachineInfo reads the machine's ID and information with long poll 1F
// (sas.ParseMachineInfo: the additional ID is its currency).
//
//	addr 1F → addr 1F data(20) CRC
func (p *Poller) MachineInfo() (sas.MachineInfo, error) {
	r, err := p.Host.LongPoll(p.Addr, 0x1F, nil, false)
	if err != nil {
		return sas.MachineInfo{}, fmt.Errorf("floor: 1F to machine %d: %w", p.Addr, err)
	}
	data, err := checkReply(r, p.Addr, 0x1F)
	if err != nil {
		return sas.MachineInfo{}, err
	}
	info, err := sas.ParseMachineInfo(data)
	if err != nil {
		return sas.MachineInfo{}, fmt.Errorf("floor: 1F reply from machine %d: %w", p.Addr, err)
	}
	return info, nil
}

// CheckCurrency asks the machine its currency (1F) once per link and refuses it
// (a *CurrencyError) when it is not the floor's. The link must be up (Dial).
func (m *Machine) CheckCurrency() error {
	if m.p == nil {
		return fmt.Errorf("floor: machine %d: the link is down", m.Num)
	}
	if m.currencyOK {
		return nil
	}
	if err := CheckCurrencyOn(m.p, m.Num, m.Currency); err != nil {
		return err
	}
	m.currencyOK = true
	return nil
}

// CheckCurrencyOn asks the machine on p (number num on the floor) its currency
// with 1F and refuses it when it is not fl (zero: EUR).
func CheckCurrencyOn(p *Poller, num byte, fl money.Currency) error {
	fl = fl.OrRecorded()
	info, err := p.MachineInfo()
	var u unanswered
	switch {
	case errors.As(err, &u): // a machine without 1F names no currency
		return nil
	case err != nil:
		return err
	}
	its, err := money.ByCode(info.AdditionalID)
	if err != nil { // not a currency: a game's additional ID
		return nil
	}
	if its != fl {
		return &CurrencyError{Machine: num, Its: its, Floor: fl}
	}
	return nil
}
