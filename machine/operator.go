package machine

import (
	"encoding/json"
	"fmt"
	"slices"

	"egm/games/slot"
	"egm/machine/refusal"
	"egm/machine/settings"
	"egm/meters"
)

// operatorKey is the critical-memory value holding the operator's settings: they
// are laid over the configuration file's at every boot, so a restart keeps them.
const operatorKey = "operator_config"

// configKey is the critical-memory value holding the configuration last booted with.
const configKey = "config"

// Config returns the configuration the machine runs with (the file's, with the
// operator's settings over it).
func (m *Machine) Config() settings.Config {
	m.mu.Lock()
	defer m.mu.Unlock()
	c := m.cfg
	c.DenominationsCents = slices.Clone(c.DenominationsCents)
	return c
}

// configure is InConfigure: the operator's new settings, applied at once when no
// game is in progress and no cash-out is pending, in one commit with a
// config_change event naming what changed, and kept for the next boots.
func (m *Machine) configure(in Input) error {
	if in.Config == nil {
		return refusal.Other("configure: no configuration")
	}
	if c := m.game; c != nil {
		return refusal.Other("configure: game %d is in progress: the configuration changes only between games", c.g.Number)
	}
	if m.d.Cashout != nil {
		return refusal.Other("configure: a cash-out of %d cents is pending", m.d.Cashout.Cents)
	}
	next := *in.Config
	if next.MachineID == "" && next.AssetNumber == 0 { // left out: the file's
		next.MachineID, next.AssetNumber = m.cfg.MachineID, m.cfg.AssetNumber
	}
	if next.MachineID != m.cfg.MachineID || next.AssetNumber != m.cfg.AssetNumber {
		return refusal.Other("configure: machine_id and asset_number are set in the configuration file, not on the cabinet")
	}
	next = m.cfg.WithOperator(next.Operator())
	if err := next.Validate(); err != nil {
		return fmt.Errorf("%w: configure: %v", ErrRefused, err)
	}
	sel, err := m.selectionFor(next)
	if err != nil {
		return fmt.Errorf("%w: configure: %v", ErrRefused, err)
	}
	oldJSON, _ := json.Marshal(m.cfg) // plain fields: cannot fail
	newJSON, _ := json.Marshal(next)
	changed := settings.Changes(oldJSON, newJSON)
	if changed == "" {
		return nil
	}
	opJSON, _ := json.Marshal(next.Operator())
	who := in.Who
	if who == "" {
		who = "operator"
	}
	if err := m.update(func(tx *meters.Tx) error {
		m.event(tx, meters.EvConfigChange, "by "+who+": "+changed)
		if err := tx.SetValue(operatorKey, opJSON); err != nil {
			return err
		}
		return tx.SetValue(configKey, newJSON)
	}); err != nil {
		return err
	}
	m.cfg, m.sel = next, sel
	return nil
}

// EvOperatorAccess is the event of an access to the operator menu: opened with
// the PIN, a wrong PIN, a lockout, a new PIN set, closed.
const EvOperatorAccess meters.EventKind = "operator_access"

// operatorAccess logs an access to the operator menu (InOperatorAccess), in any
// state with critical memory open; it changes nothing else.
func (m *Machine) operatorAccess(who, detail string) error {
	if detail == "" {
		return refusal.Other("operator access: nothing to log")
	}
	if who == "" {
		who = "operator"
	}
	return m.update(func(tx *meters.Tx) error {
		m.event(tx, EvOperatorAccess, who+": "+detail)
		return nil
	})
}

// selectionFor is the player's selection under configuration c: the current one
// when c still offers it, else the same title at its first denomination, else the
// first title and denomination c offers.
func (m *Machine) selectionFor(c settings.Config) (selection, error) {
	offers := func(s selection) bool {
		_, _, ok := m.betRange(s.title, s.denom)
		return ok && slices.Contains(c.DenominationsCents, s.denom)
	}
	sel := m.sel
	if sel.title != nil && offers(sel) {
		return sel, nil
	}
	titles := m.titles
	if sel.title != nil {
		titles = append([]*slot.Title{sel.title}, m.titles...)
	}
	for _, t := range titles {
		for _, d := range c.DenominationsCents {
			if s := (selection{t, d, 0}); offers(s) {
				s.perLine, _, _ = m.betRange(t, d)
				return s, nil
			}
		}
	}
	return selection{}, fmt.Errorf("denominations_cents: no title can be played at %v within the bet range", c.DenominationsCents)
}

// applyOperator lays the operator's stored settings over the file's configuration
// at boot. Settings that no longer validate against the file (say a handpay limit
// under a new gamble cap) are not applied, with a config_change event saying why.
func (m *Machine) applyOperator() {
	m.cfg = m.base
	m.cfg.DenominationsCents = slices.Clone(m.base.DenominationsCents)
	var raw json.RawMessage
	m.st.View(func(v *meters.Snapshot) { raw, _ = v.Value(operatorKey) })
	if raw == nil || string(raw) == "null" {
		m.fixSelection()
		return
	}
	o := m.base.Operator() // settings stored before a key existed keep the file's value for it
	err := json.Unmarshal(raw, &o)
	var next settings.Config
	var sel selection
	if err == nil {
		next = m.base.WithOperator(o)
		if err = next.Validate(); err == nil {
			sel, err = m.selectionFor(next)
		}
	}
	if err != nil {
		m.fixSelection()
		m.update(func(tx *meters.Tx) error {
			m.event(tx, meters.EvConfigChange, "operator settings not applied, the configuration file's stand: "+err.Error())
			return tx.SetValue(operatorKey, nil)
		})
		return
	}
	m.cfg, m.sel = next, sel
}

// fixSelection keeps the selection valid under m.cfg.
func (m *Machine) fixSelection() {
	if sel, err := m.selectionFor(m.cfg); err == nil {
		m.sel = sel
	}
}
