package service_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

// A league closed early or cancelled is reopened by its organiser within 7 days, never
// after, and never by anyone else.
func TestReopenLeagueWithinSevenDays(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "ro", 2)
	org, other := ps[0], ps[1]
	l := storetest.League(t, st, org, "gonzaga", 4, 0)
	require.NoError(t, leagues.End(ctx, l.ID, org.ID, "cancel"))
	require.Error(t, leagues.Reopen(ctx, l.ID, other.ID), "only the organiser")
	require.NoError(t, leagues.Reopen(ctx, l.ID, org.ID))
	got, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueOpen, got.Status)

	require.NoError(t, leagues.End(ctx, l.ID, org.ID, "cancel"))
	_, err = st.Pool().Exec(ctx, `UPDATE leagues SET cancelled_at = now() - interval '8 days' WHERE id = $1`, l.ID)
	require.NoError(t, err)
	err = leagues.Reopen(ctx, l.ID, org.ID)
	var conflict *store.Conflict
	require.True(t, errors.As(err, &conflict), "%v", err)
	assert.Contains(t, conflict.Reason, "more than 7 days ago")
	got, err = st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueCancelled, got.Status, "unchanged")
}
