package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestAddWebhook(t *testing.T) {
	for _, tc := range []struct {
		have int
		err  string
	}{
		{0, ""},
		{MaxWebhooks - 1, ""},
		{MaxWebhooks, "url: a league has at most 5 webhooks; remove one first"},
		{MaxWebhooks + 1, "url: a league has at most 5 webhooks; remove one first"},
	} {
		err := AddWebhook(tc.have)
		if tc.err == "" {
			assert.NoError(t, err, "%d webhooks", tc.have)
			continue
		}
		assert.EqualError(t, err, tc.err, "%d webhooks", tc.have)
		assert.ErrorIs(t, err, ErrConflict)
	}
	assert.Equal(t, 5, MaxWebhooks)
}
