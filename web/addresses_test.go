package web

import (
	"context"
	"net/netip"
	"testing"

	"github.com/stretchr/testify/assert"
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
		assert.Equal(t, tc.special, isSpecialUse(netip.MustParseAddr(tc.ip)), tc.ip)
	}
}

// A webhook's host is checked when the webhook is added: an address literal or a name that
// resolves inside is refused then, with the reason.
func TestWebhookHostIsCheckedWhenAdded(t *testing.T) {
	ctx := context.Background()
	assert.Contains(t, hostProblem(ctx, "100.64.0.1"), "100.64.0.1, a loopback, private or special-use address")
	assert.Contains(t, hostProblem(ctx, "::ffff:10.0.0.1"), "must reach a public address")
	assert.Contains(t, hostProblem(ctx, "localhost"), "must reach a public address: localhost is ")
	assert.Empty(t, hostProblem(ctx, "8.8.8.8"))
	assert.Empty(t, hostProblem(ctx, "name.invalid"), "a name that does not resolve is checked on delivery")
}
