package service_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
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

// Reopening a league closed early takes back its "league finished" notice: the deliveries
// not yet sent go, and closing it again tells everyone again, those already told included.
func TestReopenTakesBackTheLeagueFinishedNotice(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "tb", 9)
	org := ps[0]
	l := storetest.Fill(t, st, storetest.League(t, st, org, "gonzaga", 4, 0), ps[1:])
	_, err := st.Pool().Exec(ctx, `UPDATE users SET email = username || '@club.example', email_verified_at = now()`)
	require.NoError(t, err)
	finished := fmt.Sprintf("league_finished:league:%d", l.ID)
	pending := func() []string {
		t.Helper()
		rows, err := st.Outbox(ctx)
		require.NoError(t, err)
		var out []string
		for _, r := range rows {
			if r.EventKey == finished && r.Status == "pending" && r.Channel == "email" {
				out = append(out, r.Recipient)
			}
		}
		sort.Strings(out)
		return out
	}
	everyone := []string{"tb2", "tb3", "tb4", "tb5", "tb6", "tb7", "tb8", "tb9"}
	require.NoError(t, leagues.End(ctx, l.ID, org.ID, "close"))
	require.Equal(t, everyone, pending(), "the organiser who closed it is not told")
	// tb2's notice went out before the reopen.
	_, err = st.Pool().Exec(ctx, `UPDATE outbox SET sent_at = now() FROM users u
		WHERE u.id = outbox.user_id AND u.username = 'tb2' AND event_key = $1`, finished)
	require.NoError(t, err)

	require.NoError(t, leagues.Reopen(ctx, l.ID, org.ID))
	assert.Empty(t, pending(), "nobody is told later that a running league finished")

	require.NoError(t, leagues.End(ctx, l.ID, org.ID, "close"))
	assert.Equal(t, everyone, pending(), "closing it again tells everyone again")
}
