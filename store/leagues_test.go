package store_test

import (
	"context"
	"errors"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// newPlayers creates n accounts named prefix1..prefixN (storetest.Players).
func newPlayers(t *testing.T, st *store.Store, prefix string, n int) []store.User {
	t.Helper()
	return storetest.Players(t, st, prefix, n)
}

// newLeague creates an open league of game, perGame players per game and minRecent
// finished games needed to join, organised by organiser (storetest.League).
func newLeague(t *testing.T, st *store.Store, organiser store.User, game string, perGame, minRecent int) store.League {
	t.Helper()
	return storetest.League(t, st, organiser, game, perGame, minRecent)
}

// fill joins the players to the league in order and returns the league after the last
// join (storetest.Fill).
func fill(t *testing.T, st *store.Store, l store.League, players []store.User) store.League {
	t.Helper()
	return storetest.Fill(t, st, l, players)
}

// mustGames returns the league's games (storetest.Games).
func mustGames(t *testing.T, st *store.Store, leagueID int64) []store.Game {
	t.Helper()
	return storetest.Games(t, st, leagueID)
}

// finishGames marks the first n of the league's games finished daysAgo days ago
// (storetest.FinishGames).
func finishGames(t *testing.T, st *store.Store, leagueID int64, n, daysAgo int) {
	t.Helper()
	storetest.FinishGames(t, st, leagueID, n, daysAgo)
}

// pgCode is the SQLSTATE of a Postgres error, or "".
func pgCode(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

func TestCreateLeague(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	org := newPlayers(t, st, "organiser", 1)[0]

	l, err := leagues.Create(ctx, store.NewLeague{
		Name: "Winter Vortex", Game: "vortex", Version: "d12", Edition: "base game", PlayersPerGame: 4,
		MinRecentGames: store.DefaultMinRecentGames, RecentDays: store.DefaultRecentDays, OrganiserID: org.ID,
	})
	require.NoError(t, err)
	assert.NotZero(t, l.ID)
	assert.Equal(t, "Winter Vortex", l.Name)
	assert.Equal(t, "vortex", l.Game)
	assert.Equal(t, "d12", l.Version)
	assert.Equal(t, "base game", l.Edition)
	assert.Equal(t, 4, l.PlayersPerGame)
	assert.Equal(t, 5, l.MinRecentGames)
	assert.Equal(t, 90, l.RecentDays)
	assert.Equal(t, store.LeagueOpen, l.Status)
	assert.Equal(t, org.ID, l.OrganiserID)
	assert.Equal(t, "organiser1", l.Organiser)
	assert.Zero(t, l.Members)
	assert.Nil(t, l.StartedAt)
	assert.Nil(t, l.ScheduleSeed)

	got, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, l, got)

	_, err = st.League(ctx, l.ID+1000)
	assert.ErrorIs(t, err, store.ErrNotFound)

	// The database refuses what validation should have caught, and stores nothing.
	for _, bad := range []store.NewLeague{
		{Name: " ", Game: "vortex", PlayersPerGame: 4, RecentDays: 90, OrganiserID: org.ID},
		{Name: "x", Game: "Vortex!", PlayersPerGame: 4, RecentDays: 90, OrganiserID: org.ID},
		{Name: "x", Game: "vortex", PlayersPerGame: 9, RecentDays: 90, OrganiserID: org.ID},
		{Name: "x", Game: "vortex", PlayersPerGame: 4, RecentDays: 0, OrganiserID: org.ID},
		{Name: "x", Game: "vortex", PlayersPerGame: 4, MinRecentGames: -1, RecentDays: 90, OrganiserID: org.ID},
	} {
		_, err := leagues.Create(ctx, bad)
		assert.Equal(t, "23514", pgCode(err), "check violation for %+v: %v", bad, err)
	}
	open, err := st.LeaguesByStatus(ctx, store.LeagueOpen)
	require.NoError(t, err)
	assert.Len(t, open, 1)
}

func TestLeagueConstraints(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	db := st.Pool()
	players := newPlayers(t, st, "player", 9)
	l := fill(t, st, newLeague(t, st, players[0], "gonzaga", 4, 0), players[:8])
	g := mustGames(t, st, l.ID)[0]
	open := newLeague(t, st, players[0], "gonzaga", 4, 0)
	_, err := service.NewLeagues(st).Join(ctx, open.ID, players[0].ID)
	require.NoError(t, err)

	for _, tc := range []struct {
		name, sql  string
		args       []any
		constraint string // the constraint that refuses it; "" for a CHECK
		code       string
	}{
		{"one membership per player per league", `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, 2)`,
			[]any{open.ID, players[0].ID}, "memberships_pkey", "23505"},
		{"at most 32 members: no slot 33", `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, 33)`,
			[]any{l.ID, players[8].ID}, "", "23514"},
		{"slots are unique", `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, 3)`,
			[]any{l.ID, players[8].ID}, "memberships_slot_key", "23505"},
		{"unique seat per game and position", `INSERT INTO seats (game_id, position, user_id) VALUES ($1, 1, $2)`,
			[]any{g.ID, players[8].ID}, "seats_pkey", "23505"},
		{"a player sits once per game", `INSERT INTO seats (game_id, position, user_id) VALUES ($1, 5, $2)`,
			[]any{g.ID, g.Seats[0].UserID}, "seats_player_key", "23505"},
		{"seat positions 1..8", `INSERT INTO seats (game_id, position, user_id) VALUES ($1, 9, $2)`,
			[]any{g.ID, players[8].ID}, "", "23514"},
		{"unique game number per league", `INSERT INTO games (league_id, number, round) VALUES ($1, 1, 1)`,
			[]any{l.ID}, "games_number_key", "23505"},
		{"a finished game has its time", `UPDATE games SET status = 'finished' WHERE id = $1`,
			[]any{g.ID}, "", "23514"},
		{"a running league has started", `UPDATE leagues SET started_at = NULL WHERE id = $1`,
			[]any{l.ID}, "", "23514"},
		{"a league has at least 3 players", `UPDATE leagues SET players = 2 WHERE id = $1`,
			[]any{l.ID}, "leagues_players_check", "23514"},
		{"a league has at most 32 players", `UPDATE leagues SET players = 33 WHERE id = $1`,
			[]any{l.ID}, "leagues_players_check", "23514"},
		{"a league has at least a game's players", `UPDATE leagues SET players = players_per_game - 1 WHERE id = $1`,
			[]any{l.ID}, "leagues_players_check", "23514"},
		{"games per player are a multiple of the players per game", `UPDATE leagues SET games_per_player = players_per_game + 1 WHERE id = $1`,
			[]any{l.ID}, "leagues_games_per_player_check", "23514"},
		{"status is one of open, running, finished", `UPDATE leagues SET status = 'paused' WHERE id = $1`,
			[]any{l.ID}, "", "23514"},
	} {
		_, err := db.Exec(ctx, tc.sql, tc.args...)
		assert.Equal(t, tc.code, pgCode(err), "%s: %v", tc.name, err)
		if tc.constraint != "" {
			var pgErr *pgconn.PgError
			if assert.ErrorAs(t, err, &pgErr, tc.name) {
				assert.Equal(t, tc.constraint, pgErr.ConstraintName, tc.name)
			}
		}
	}

	after, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	assert.Len(t, after, 8)
	seats, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, g, seats, "nothing changed")
}

func TestLeagueLists(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "player", 9)
	open := newLeague(t, st, players[0], "arcs", 4, 0)
	_, err := service.NewLeagues(st).Join(ctx, open.ID, players[1].ID)
	require.NoError(t, err)
	running := fill(t, st, newLeague(t, st, players[8], "vortex", 4, 0), players[:8])

	list, err := st.LeaguesByStatus(ctx, store.LeagueOpen)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, open.ID, list[0].ID)
	assert.Equal(t, 1, list[0].Members)
	list, err = st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, running.ID, list[0].ID)

	ids := func(ls []store.League) []int64 {
		var out []int64
		for _, l := range ls {
			out = append(out, l.ID)
		}
		return out
	}
	mine, err := st.LeaguesOf(ctx, players[0].ID) // organises open, plays in running
	require.NoError(t, err)
	assert.Equal(t, []int64{running.ID, open.ID}, ids(mine))
	mine, err = st.LeaguesOf(ctx, players[8].ID) // organises running without playing
	require.NoError(t, err)
	assert.Equal(t, []int64{running.ID}, ids(mine))
	mine, err = st.LeaguesOf(ctx, players[5].ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{running.ID}, ids(mine))

	_, err = st.Game(ctx, 999999)
	assert.ErrorIs(t, err, store.ErrNotFound)
}
