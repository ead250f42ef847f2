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
