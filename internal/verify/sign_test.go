package verify

import (
	"bytes"
	"encoding/hex"
	"strings"
	"testing"
)

// RFC 2202, section 3: the HMAC-SHA1 test cases.
func TestHMACSHA1RFC2202(t *testing.T) {
	rep := func(b byte, n int) string { return hex.EncodeToString(bytes.Repeat([]byte{b}, n)) }
	cases := []struct {
		name, key, data, want string // key as --hmac-sha1 takes it; data hex
	}{
		{"1", "hex:" + rep(0x0b, 20), hex.EncodeToString([]byte("Hi There")), "b617318655057264e28bc0b6fb378c8ef146be00"},
		{"2", "Jefe", hex.EncodeToString([]byte("what do ya want for nothing?")), "effcdf6ae5eb2fa2d27416d5f184df9c259a7c79"},
		{"3", "hex:" + rep(0xaa, 20), rep(0xdd, 50), "125d7342b9ac11cd91a39af48aa17b4f63f175d3"},
		{"4", "hex:0102030405060708090a0b0c0d0e0f10111213141516171819", rep(0xcd, 50), "4c9007f4026250c6bc8414f9bf50c86c2d7235da"},
		{"5", "hex:" + rep(0x0c, 20), hex.EncodeToString([]byte("Test With Truncation")), "4c1a03424b55e07fe7f27be1d58bb9324a9a5a04"},
		{"6", "hex:" + rep(0xaa, 80), hex.EncodeToString([]byte("Test Using Larger Than Block-Size Key - Hash Key First")), "aa4ae5e15272d00e95705637ce8a3b55ed402112"},
		{"7", "hex:" + rep(0xaa, 80), hex.EncodeToString([]byte("Test Using Larger Than Block-Size Key and Larger Than One Block-Size Data")), "e8e99d0f45237d786d6bbaa7965c7808bbff1a91"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			seed, err := ParseSeed(c.key)
			if err != nil {
				t.Fatal(err)
			}
			data, err := hex.DecodeString(c.data)
			if err != nil {
				t.Fatal(err)
			}
			if got := HMACSHA1(seed, data); got != c.want {
				t.Fatalf("HMACSHA1 = %s, want %s", got, c.want)
			}
			// The streaming digest the listing uses agrees.
			s := newSummer(seed)
			s.Write(data[:len(data)/2])
			s.Write(data[len(data)/2:])
			if got := s.sum().HMACSHA1; got != c.want {
				t.Fatalf("streamed = %s, want %s", got, c.want)
			}
		})
	}
}

func TestParseSeed(t *testing.T) {
	cases := []struct {
		in      string
		want    []byte
		wantErr string
	}{
		{"1234", []byte("1234"), ""},
		{"hex:00ff", []byte{0, 0xff}, ""},
		{"HEX:00", []byte("HEX:00"), ""}, // only the lower-case prefix means hex
		{"", nil, "empty seed"},
		{"hex:", nil, "no bytes"},
		{"hex:0g", nil, "not hex"},
		{"hex:abc", nil, "not hex"},
	}
	for _, c := range cases {
		got, err := ParseSeed(c.in)
		if c.wantErr != "" {
			if err == nil || !strings.Contains(err.Error(), c.wantErr) || !strings.HasPrefix(err.Error(), "verify: ") {
				t.Errorf("ParseSeed(%q) error = %v, want %q", c.in, err, c.wantErr)
			}
			continue
		}
		if err != nil || !bytes.Equal(got, c.want) {
			t.Errorf("ParseSeed(%q) = %x, %v; want %x", c.in, got, err, c.want)
		}
	}
}
