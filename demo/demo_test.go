package demo_test

import (
	"context"
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// seededStore is a fresh database with the demo data seeded into it: a clone of one
// seeded once per test process (storetest.NewSeededStore), since seeding through the
// services takes seconds under the race detector. TestSeedFillsAnEmptyDatabaseOnce seeds
// a fresh database itself.
func seededStore(t *testing.T) *store.Store {
	t.Helper()
	return storetest.NewSeededStore(t, "demo", func(ctx context.Context, st *store.Store) error {
		seeded, err := demo.Seed(ctx, st)
		if err == nil && !seeded {
			err = errors.New("demo.Seed left a fresh database empty")
		}
		return err
	})
}

func TestSeedFillsAnEmptyDatabaseOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)

	seeded, err := demo.Seed(ctx, st)
	require.NoError(t, err)
	assert.True(t, seeded)
	users, err := st.Users(ctx)
	require.NoError(t, err)
	require.Len(t, users, len(demo.Users()))
	for _, u := range demo.Users() {
		got, err := st.Authenticate(ctx, u.Username, demo.Password)
		require.NoError(t, err, "%s logs in with the README's password", u.Username)
		assert.Equal(t, u.DisplayName, got.DisplayName)
	}

	seeded, err = demo.Seed(ctx, st)
	require.NoError(t, err)
	assert.False(t, seeded, "a second start seeds nothing")
	n, err := st.UserCount(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(demo.Users()), n)
}

func TestSeedLeavesARealDatabaseAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	_, err := st.CreateUser(ctx, store.NewUser{Username: "someone", DisplayName: "Someone", Password: "a-real-password"})
	require.NoError(t, err)

	seeded, err := demo.Seed(ctx, st)
	require.NoError(t, err)
	assert.False(t, seeded)
	_, err = st.UserByUsername(ctx, demo.Users()[0].Username)
	assert.ErrorIs(t, err, store.ErrNotFound)
}

func TestSeedShowsPlayersAtTheTable(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	var l store.League
	for _, x := range running {
		if x.Name == demo.TableLeagueName {
			l = x
		}
	}
	require.NotZero(t, l.ID)
	assert.Equal(t, store.ResultsByPlayers, l.ResultsBy)
	games, err := st.Games(ctx, l.ID)
	require.NoError(t, err)
	ids := make([]int64, len(games))
	for i, g := range games {
		ids[i] = g.ID
	}
	proposals, err := service.NewResults(st).Proposals(ctx, ids)
	require.NoError(t, err)
	require.Len(t, proposals, 2)
	waiting, disputed := 0, 0
	for _, p := range proposals {
		if p.Disputed() {
			disputed++
		} else if len(p.Confirmed) == 1 && len(p.Waiting) == 2 {
			waiting++
		}
	}
	assert.Equal(t, 1, waiting, "one proposal waits for confirmations")
	assert.Equal(t, 1, disputed, "one proposal is disputed")
	answers, err := st.GamesAttendance(ctx, ids)
	require.NoError(t, err)
	away := 0
	for _, g := range games {
		for _, a := range answers[g.ID] {
			if a.Coming != nil && !*a.Coming {
				away++
				assert.Equal(t, 2, g.Round)
				assert.NotNil(t, g.StartsAt, "the next round is dated")
			}
		}
	}
	assert.Equal(t, 1, away, "one player of the next round can't come")
}
