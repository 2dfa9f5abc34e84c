package floor

import (
	"errors"
	"strings"
	"testing"
	"time"
)

// Validate refuses every wrong setting with a message that names it and wraps
// ErrOptions, and makes the plan of good ones.
func TestOptionsValidate(t *testing.T) {
	good := func() Options {
		return Options{Connects: []string{"tcp:127.0.0.1:5700"}, FirstAddr: 1, Interval: time.Second, Currency: "EUR", RecoverEvery: 30 * time.Second}
	}
	tests := []struct {
		name string
		edit func(*Options)
		want string // "" valid
		is   error  // also wrapped, if not nil
	}{
		{"valid", func(*Options) {}, "", nil},
		{"address 0", func(o *Options) { o.FirstAddr = 0 }, "--addr must be 1..127, not 0", nil},
		{"address 128", func(o *Options) { o.FirstAddr = 128 }, "--addr must be 1..127, not 128", nil},
		{"enable and disable", func(o *Options) { o.Enable, o.Disable = true, true }, "exclude each other", nil},
		{"interval", func(o *Options) { o.Interval = time.Millisecond }, "--interval must be at least 10ms", nil},
		{"control without wallet", func(o *Options) { o.Control = "127.0.0.1:7710" }, "--control needs --wallet", nil},
		{"wallet once", func(o *Options) { o.Wallet, o.Once = true, true }, "not --once", nil},
		{"recover every", func(o *Options) { o.RecoverEvery = 0 }, "--recover-every must be positive", nil},
		{"no machine", func(o *Options) { o.Connects = nil }, "--connect is required", nil},
		{"currency", func(o *Options) { o.Currency = "USD" }, "USD", nil},
		{"window", func(o *Options) { o.MysteryWindow = "20:10" }, "window", nil},
		{"control not loopback", func(o *Options) { o.Wallet, o.Control = true, "0.0.0.0:7710" }, "only a loopback address", ErrControlAddr},
		{"link", func(o *Options) { o.Connects = []string{"udp:x"} }, "unknown transport", nil},
		{"bbolt db", func(o *Options) { o.DB, o.Wallet = "bbolt:/srv/floor.db", true }, "", nil},
		{"postgres db", func(o *Options) { o.DB = "postgres://egm_floor@db1/casino" }, "", nil},
		{"db kind", func(o *Options) { o.DB = "mysql://db1/casino" }, "unknown kind of database", ErrDBSpec},
		{"db password", func(o *Options) { o.DB = "postgres://egm_floor:pw@db1/casino" }, "carries a password", ErrDBSpec},
		{"wallet on postgres", func(o *Options) { o.DB, o.Wallet = "postgres://egm_floor@db1/casino", true }, "", nil},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			o := good()
			tc.edit(&o)
			p, err := o.Validate()
			if tc.want == "" {
				if err != nil || len(p.Machines) != 1 || p.Currency.Code != "EUR" || p.Machines[0].Currency.Code != "EUR" {
					t.Fatalf("plan %+v, %v", p, err)
				}
				return
			}
			if !errors.Is(err, ErrOptions) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("err %v, want ErrOptions saying %q", err, tc.want)
			}
			if tc.is != nil && !errors.Is(err, tc.is) {
				t.Fatalf("err %v does not wrap %v", err, tc.is)
			}
		})
	}
}

// A tenge floor plans the Kazakh levels; --once keeps the first machine only.
func TestOptionsPlan(t *testing.T) {
	p, err := Options{Connects: []string{"tcp:127.0.0.1:1", "tcp:127.0.0.1:2"}, FirstAddr: 5, Once: true, Interval: time.Second,
		Currency: "KZT", RecoverEvery: time.Second}.Validate()
	if err != nil {
		t.Fatal(err)
	}
	if p.Profile.Code != "KZ" || len(p.Machines) != 1 || p.Machines[0].Addr != 5 || p.Machines[0].Currency.Code != "KZT" {
		t.Fatalf("plan %+v (machine %+v)", p, p.Machines[0])
	}
}
