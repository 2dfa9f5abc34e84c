package board

import (
	"strings"
	"testing"

	"egm/floor"
	"egm/lab/campaign"
	"egm/meters"
)

func TestFloorWentBack(t *testing.T) {
	old := floor.Meters{CoinIn: 500, GamesPlayed: 7, GamesWon: 3, Handpay: 100}
	if vs := floorWentBack(old, floor.Meters{CoinIn: 500, GamesPlayed: 8, GamesWon: 3, Handpay: 100, CurrentCredits: 0}); len(vs) != 0 {
		t.Fatalf("meters that only went up: %v", vs)
	}
	vs := floorWentBack(old, floor.Meters{CoinIn: 400, GamesPlayed: 7, GamesWon: 3, Handpay: 100})
	if len(vs) != 1 || !strings.Contains(vs[0], "coin_in went back from 500 to 400") {
		t.Fatalf("coin_in down: %v", vs)
	}
}

func TestDiskBehindFloor(t *testing.T) {
	var mem campaign.Memory
	mem.Meters[meters.GamesPlayed], mem.Meters[meters.CoinIn] = 10, 1000
	if vs := diskBehindFloor(floor.Meters{GamesPlayed: 10, CoinIn: 1000}, mem); len(vs) != 0 {
		t.Fatalf("the disk holds what the floor read: %v", vs)
	}
	if vs := diskBehindFloor(floor.Meters{GamesPlayed: 11, CoinIn: 1100}, mem); len(vs) != 2 {
		t.Fatalf("the floor read more than the disk holds: %v", vs)
	}
}

func TestPlatformStart(t *testing.T) {
	s, ok := platformStart([]byte("boot: SAS UART on tcp:127.0.0.1:5700\negm: starting the platform at uptime 3.41s\n"))
	if !ok || s != 3.41 {
		t.Fatalf("%v %v", s, ok)
	}
	if _, ok := platformStart([]byte("nothing")); ok {
		t.Fatal("a console without the line")
	}
}

func TestBoardPowerfailNeedsTheImage(t *testing.T) {
	_, err := Powerfail(PowerfailOptions{Boot: "/nonexistent/boot.sh", Image: t.TempDir(), Dir: t.TempDir(), Cuts: 1})
	if err == nil || !strings.Contains(err.Error(), "make image") {
		t.Fatalf("%v", err)
	}
}
