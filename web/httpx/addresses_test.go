package httpx

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
)

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

// Trust review 4, finding 7: loopback in disguise was accepted when a webhook was added
// (the send-time check held). Each reported form is read as the dialler reads it.
func TestWebhookHostInDisguiseIsRefusedWhenAdded(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	for _, host := range []string{
		"2130706433", "0x7f000001", "017700000001", "0177.0.0.1", "127.1", "0",
		"::ffff:0:127.0.0.1", "１２７.０.０.１", "127.0.0.1.", "localhost.", "0x0a.1",
	} {
		assert.Contains(t, hostProblem(ctx, host), "must reach a public address: "+host+" is ", host)
	}
	assert.Contains(t, hostProblem(ctx, "a..b"), "must name a host")
	assert.Empty(t, hostProblem(ctx, "0x08080808"), "8.8.8.8 in disguise is still public")
}
