package webhook

import (
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Trust review 4, finding 7: loopback in disguise was accepted when a webhook was added.
// Each reported form is normalised to the address the dialler reaches, and that address is
// special-use; ordinary names and public addresses pass through.
func TestDialHostNormalisesAsTheDiallerWill(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		host, want string
	}{
		// The reported forms.
		{"2130706433", "127.0.0.1"},
		{"0x7f000001", "127.0.0.1"},
		{"0X7F000001", "127.0.0.1"},
		{"017700000001", "127.0.0.1"},
		{"0177.0.0.1", "127.0.0.1"},
		{"127.1", "127.0.0.1"},
		{"0", "0.0.0.0"},
		{"::ffff:0:127.0.0.1", "::ffff:0:7f00:1"},
		{"１２７.０.０.１", "127.0.0.1"},
		{"127.0.0.1.", "127.0.0.1"},
		{"localhost.", "localhost"},
		{"LOCALHOST", "localhost"},
		// Every inet_aton shape: a.b.c with a 16-bit last part, a.b with a 24-bit one.
		{"10.1.258", "10.1.1.2"},
		{"192.11010049", "192.168.0.1"},
		{"0x7f.1", "127.0.0.1"},
		{"0x", "0.0.0.0"},
		// Public addresses and names stay what they are.
		{"8.8.8.8", "8.8.8.8"},
		{"discord.com", "discord.com"},
		{"Discord.COM.", "discord.com"},
		{"bücher.example", "xn--bcher-kva.example"},
		{"2606:4700::1111", "2606:4700::1111"},
		// Not inet_aton: too many parts, a part out of range, a non-digit.
		{"1.2.3.4.5", "1.2.3.4.5"},
		{"256.1.1.1", "256.1.1.1"},
		{"1.2.65536", "1.2.65536"},
		{"08.1.1.1", "08.1.1.1"},
		{"4294967296", "4294967296"},
		{"1e3", "1e3"},
	} {
		got, err := DialHost(tc.host)
		require.NoError(t, err, tc.host)
		assert.Equal(t, tc.want, got, tc.host)
	}
	for _, host := range []string{"", ".", "a..b\x00"} {
		_, err := DialHost(host)
		assert.ErrorIs(t, err, ErrBadHost, "%q", host)
	}
}

// The special-use blocks the review found missing: IPv4-translated addresses (RFC 2765),
// the discard-only dummy prefix (RFC 9780) and AS112's IPv6 block (RFC 7534).
func TestSpecialUseAddsTheMissingBlocks(t *testing.T) {
	t.Parallel()
	for _, ip := range []string{"::ffff:0:7f00:1", "::ffff:0:a00:1", "100:0:0:1::1", "2620:4f:8000::1"} {
		assert.True(t, SpecialUse(netip.MustParseAddr(ip)), ip)
	}
}
