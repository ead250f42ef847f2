package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
)

func TestDeleteExpiredSessions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	_, err := st.Pool().Exec(ctx, `INSERT INTO sessions (token, data, expiry) VALUES
		('old', '\x00', now() - interval '1 minute'),
		('live', '\x00', now() + interval '1 hour')`)
	require.NoError(t, err)

	n, err := st.DeleteExpiredSessions(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(1), n)
	var left string
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT string_agg(token, ',') FROM sessions`).Scan(&left))
	assert.Equal(t, "live", left)
}
