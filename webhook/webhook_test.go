package webhook

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The special-use blocks a webhook may not reach (trust review 3, finding 6), with the
// reported ones first, and public addresses beside them.
func TestSpecialUseAddresses(t *testing.T) {
	for _, tc := range []struct {
		ip      string
		special bool
	}{
		{"100.64.0.1", true}, {"100.127.255.254", true}, {"198.18.0.1", true}, {"198.19.255.255", true},
		{"240.0.0.1", true}, {"255.255.255.255", true}, {"0.0.0.0", true}, {"0.1.2.3", true},
		{"64:ff9b::a00:1", true}, {"2002:a00:1::", true},
		{"127.0.0.1", true}, {"10.1.2.3", true}, {"172.16.0.1", true}, {"192.168.1.1", true}, {"169.254.169.254", true},
		{"192.0.2.1", true}, {"224.0.0.1", true}, {"::1", true}, {"::", true}, {"fc00::1", true}, {"fe80::1", true},
		{"::ffff:127.0.0.1", true}, {"::ffff:100.64.0.1", true}, {"2001::1", true}, {"2001:db8::1", true}, {"ff02::1", true},
		{"100.63.255.255", false}, {"100.128.0.0", false}, {"198.20.0.1", false}, {"8.8.8.8", false},
		{"93.184.215.14", false}, {"2606:4700::1111", false}, {"::ffff:8.8.8.8", false},
	} {
		assert.Equal(t, tc.special, SpecialUse(netip.MustParseAddr(tc.ip)), tc.ip)
	}
}

// The dialer refuses the resolved address it is about to connect to when it is not public,
// whichever way it is written.
func TestRefusePrivateAddress(t *testing.T) {
	for _, tc := range []struct {
		address string
		want    error
	}{
		{"127.0.0.1:8080", ErrPrivateAddress},
		{"[::1]:443", ErrPrivateAddress},
		{"[fe80::1%eth0]:80", ErrPrivateAddress},
		{"[::ffff:10.0.0.1]:80", ErrPrivateAddress},
		{"100.64.0.1:80", ErrPrivateAddress},
		{"localhost:80", ErrPrivateAddress}, // a name, not an address: never dialled unresolved
		{"8.8.8.8:443", nil},
		{"[2606:4700::1111]:443", nil},
	} {
		assert.Equal(t, tc.want, RefusePrivateAddress("tcp", tc.address, nil), tc.address)
	}
	require.Error(t, RefusePrivateAddress("tcp", "no port", nil))
}

// A body's signature is HMAC-SHA256 of "<timestamp>.<body>" under the secret, in hex: what
// a receiver recomputes to trust X-TableStakes-Signature.
func TestSign(t *testing.T) {
	for _, tc := range []struct {
		secret, timestamp, body, want string
	}{
		{"the-secret", "1700000000", `{"event":"schedule_drawn"}`, "f7fbba13860f80f2406ca0dc68beec379c1e8d6fcb5c4db51ae31a38cff24b4f"},
		{"", "0", "", "b849d5a581847b281957065739df36df2463d1977ea8d6e1e4e6cf33fadc68c3"},
	} {
		assert.Equal(t, tc.want, Sign(tc.secret, tc.timestamp, []byte(tc.body)), tc.body)
	}
}
