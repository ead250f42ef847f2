package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// The sweep deletes the sessions over at the time it is given, whatever the database's
// clock says (the cut-off here is years behind it): one expiring exactly then is over,
// one expiring a microsecond later (the table's precision) stays, and Session judges them
// the same way at the same time.
func TestDeleteExpiredSessionsAtTheCutOff(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	cut := time.Date(2021, 4, 2, 9, 30, 0, 0, time.UTC)
	_, err := st.Pool().Exec(ctx, `INSERT INTO sessions (token, data, expiry) VALUES
		('before', '\x00', $1::timestamptz - interval '1 microsecond'),
		('at', '\x00', $1),
		('after', '\x00', $1::timestamptz + interval '1 microsecond')`, cut)
	require.NoError(t, err)

	_, _, err = st.Session(ctx, "at", cut)
	assert.ErrorIs(t, err, store.ErrNotFound, "a session expiring exactly now is over")
	_, expiry, err := st.Session(ctx, "after", cut)
	require.NoError(t, err, "a session expiring a microsecond from now is live")
	assert.True(t, expiry.Equal(cut.Add(time.Microsecond)))
	_, _, err = st.Session(ctx, "at", cut.Add(-time.Microsecond))
	assert.NoError(t, err, "a microsecond earlier, it was live")

	n, err := st.DeleteExpiredSessions(ctx, cut.Add(-time.Hour))
	require.NoError(t, err)
	assert.Zero(t, n, "an hour before the cut-off nothing has expired, though the database's clock is years past")
	n, err = st.DeleteExpiredSessions(ctx, cut)
	require.NoError(t, err)
	assert.Equal(t, int64(2), n)
	var left string
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT string_agg(token, ',') FROM sessions`).Scan(&left))
	assert.Equal(t, "after", left)
}
