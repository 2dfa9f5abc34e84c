package machine

import (
	"encoding/json"
	"reflect"
	"testing"
	"time"
)

// Every output kind and state reads back from its JSON name; an unknown name is
// refused.
func TestWireNames(t *testing.T) {
	for k := range outputNames {
		o := Output{Kind: k, Status: &Status{State: Tilt, Reason: "RNG failure", CreditsCents: 1250,
			IdleCashoutAt: time.Date(2026, 12, 1, 10, 0, 0, 0, time.UTC), JackpotLevels: []string{"grand"}}}
		b, err := json.Marshal(o)
		if err != nil {
			t.Fatal(err)
		}
		var back Output
		if err := json.Unmarshal(b, &back); err != nil {
			t.Fatalf("%s: %v", b, err)
		}
		if !reflect.DeepEqual(back, o) {
			t.Errorf("%s read back as %+v", b, back)
		}
	}
	for s := Idle; s <= JackpotPending; s++ {
		b, _ := json.Marshal(s)
		var back State
		if err := json.Unmarshal(b, &back); err != nil || back != s {
			t.Errorf("%s read back as %v, %v", b, back, err)
		}
	}
	var k OutputKind
	if err := json.Unmarshal([]byte(`"sing"`), &k); err == nil {
		t.Error("an unknown output kind was read")
	}
	var s State
	if err := json.Unmarshal([]byte(`"asleep"`), &s); err == nil {
		t.Error("an unknown state was read")
	}
}
