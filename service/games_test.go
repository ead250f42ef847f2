package service_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// openTable opens a normal game of game with seats seats, organised by organiser, and
// seats players in order.
func openTable(t *testing.T, st *store.Store, organiser store.User, game string, seats int, players ...store.User) store.Game {
	t.Helper()
	ctx := context.Background()
	games := service.NewGames(st)
	g, err := games.Create(ctx, store.NewNormalGame{Game: game, Seats: seats, OrganiserID: organiser.ID})
	require.NoError(t, err)
	for _, p := range players {
		g, err = games.Join(ctx, g.ID, p.ID)
		require.NoError(t, err, "%s takes a seat", p.Username)
	}
	return g
}

// pgCode is the SQLSTATE of a Postgres error, or "".
func pgCode(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

// seatedNames are a game's usernames in seat order.
func seatedNames(g store.Game) []string {
	var out []string
	for _, s := range g.Seats {
		out = append(out, s.Username)
	}
	return out
}

func TestNormalGameSeatsInJoinOrder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := storetest.Players(t, st, "player", 5)
	org := players[0]

	g := openTable(t, st, org, "cartagena", 3)
	assert.Zero(t, g.LeagueID, "a normal game belongs to no league")
	assert.Equal(t, "cartagena", g.Game)
	assert.Equal(t, store.GameOpen, g.Status)
	assert.Equal(t, 3, g.SeatCount)
	assert.Equal(t, org.ID, g.OrganiserID)
	assert.Equal(t, org.Username, g.Organiser)
	assert.Empty(t, g.Seats, "the organiser is not seated unless they join")

	g, err := service.NewGames(st).Join(ctx, g.ID, players[3].ID)
	require.NoError(t, err)
	g, err = service.NewGames(st).Join(ctx, g.ID, players[1].ID)
	require.NoError(t, err)
	assert.Equal(t, store.GameOpen, g.Status)
	_, err = service.NewGames(st).Join(ctx, g.ID, players[1].ID)
	assert.ErrorIs(t, err, store.ErrAlreadySeated)
	g, err = service.NewGames(st).Join(ctx, g.ID, org.ID)
	require.NoError(t, err, "the organiser may take a seat too")
	assert.Equal(t, store.GameReady, g.Status, "the last seat taken makes the game ready")
	assert.Equal(t, []string{"player4", "player2", "player1"}, seatedNames(g), "seat order is join order")
	_, err = service.NewGames(st).Join(ctx, g.ID, players[4].ID)
	assert.ErrorIs(t, err, store.ErrGameFull)
	_, err = service.NewGames(st).Join(ctx, 999999, players[4].ID)
	assert.ErrorIs(t, err, store.ErrNotFound)

	l := storetest.Fill(t, st, storetest.League(t, st, org, "vampiring", 8, 0), storetest.Players(t, st, "member", 8))
	leagueGame := storetest.Games(t, st, l.ID)[0]
	_, err = service.NewGames(st).Join(ctx, leagueGame.ID, players[4].ID)
	assert.ErrorIs(t, err, store.ErrLeagueGameSeats, "a league game's seats are the schedule's")
	assert.Equal(t, "vampiring", leagueGame.Game)
	assert.Equal(t, 8, leagueGame.SeatCount)
	assert.Equal(t, l.ID, leagueGame.LeagueID)

	open, err := st.NormalGames(ctx, store.GameOpen)
	require.NoError(t, err)
	assert.Empty(t, open)
	ready, err := st.NormalGames(ctx, store.GameReady, store.GameFinished)
	require.NoError(t, err)
	require.Len(t, ready, 1, "the list holds normal games only")
	assert.Equal(t, g.ID, ready[0].ID)
	assert.Equal(t, seatedNames(g), seatedNames(ready[0]))
}

func TestNormalGameConstraints(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	org := storetest.Players(t, st, "player", 1)[0]
	for _, seats := range []int{1, 9} {
		_, err := service.NewGames(st).Create(ctx, store.NewNormalGame{Game: "king-me", Seats: seats, OrganiserID: org.ID})
		assert.Equal(t, "23514", pgCode(err), "%d seats break the check", seats)
	}
	_, err := st.Pool().Exec(ctx, `INSERT INTO games (league_id, number, round, status) VALUES (NULL, 1, 1, 'open')`)
	assert.Equal(t, "23514", pgCode(err), "a game outside a league needs its game, seats and organiser")
	_, err = st.Pool().Exec(ctx, `INSERT INTO games (league_id, number, round, status, game, seat_count, organiser_id)
VALUES (NULL, 1, 1, 'scheduled', 'king-me', 2, $1)`, org.ID)
	assert.Equal(t, "23514", pgCode(err), "a normal game is open, ready or finished")
}

func TestConcurrentJoinsFillATableExactlyOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := storetest.Players(t, st, "player", 9)
	g := openTable(t, st, players[0], "king-me", 4)
	var wg sync.WaitGroup
	errs := make([]error, len(players))
	for i, p := range players {
		wg.Go(func() { _, errs[i] = service.NewGames(st).Join(ctx, g.ID, p.ID) })
	}
	wg.Wait()
	joined := 0
	for _, err := range errs {
		if err == nil {
			joined++
		} else {
			assert.ErrorIs(t, err, store.ErrGameFull)
		}
	}
	assert.Equal(t, 4, joined)
	g, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, store.GameReady, g.Status)
	require.Len(t, g.Seats, 4)
	for i, s := range g.Seats {
		assert.Equal(t, i+1, s.Position)
	}
}

// TestNormalGameResultCountsForActivityAndRatings: "In order to play a league game you
// have to be an Active player. To be an active player you just need to have terminated at
// least 5 games in the last 90 days" and "Games created for the league have the exact same
// rules of the normal games" (league-scoring-system.txt): a normal game's result is scored
// by the same scorer, moves the same ladder, and counts toward the activity rule.
func TestNormalGameResultCountsForActivityAndRatings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	players := storetest.Players(t, st, "player", 6)
	org, ann, bob := players[0], players[1], players[2]
	strict := storetest.League(t, st, org, "cartagena", 4, store.DefaultMinRecentGames)
	_, err := leagues.Join(ctx, strict.ID, ann.ID)
	require.ErrorAs(t, err, new(*store.InactiveError), "a new player is not active")

	for i := range store.DefaultMinRecentGames {
		g := openTable(t, st, org, "cartagena", 2)
		// The seed's Cartagena example, cut to two players.
		rg, err := st.ResultGame(ctx, g.ID)
		require.NoError(t, err)
		assert.ErrorIs(t, service.Writable(rg, org.ID, false), store.ErrTableNotReady, "a table with free seats has no result yet")
		g = openTable(t, st, org, "cartagena", 2, ann, bob)
		_, err = storetest.RecordResult(ctx, st, g.ID, ann.ID, storetest.PlacementInput([]string{"player2", "player3"}, []int{1000, 970}))
		assert.ErrorIs(t, err, store.ErrNotTableOrganiser, "a seated player is not the table's organiser")
		r, err := storetest.RecordResult(ctx, st, g.ID, org.ID, storetest.PlacementInput([]string{"player2", "player3"}, []int{1000, 970}))
		require.NoError(t, err, "game %d", i+1)
		assert.Zero(t, r.LeagueID)
		assert.Equal(t, "2", r.Lines[0].Points.RatString(), "place 1 of 2 earns 2 (the seed table)")
		assert.Equal(t, "0", r.Lines[1].Points.RatString())
		assert.Len(t, r.Ledger, 2, "rated on the Cartagena ladder")
		back, err := st.Result(ctx, g.ID)
		require.NoError(t, err)
		assert.Zero(t, back.LeagueID)
		rw, err := storetest.CheckResult(ctx, st, g.ID, org.ID, storetest.PlacementInput([]string{"player2", "player3"}, []int{1000, 960}))
		require.NoError(t, err)
		_, err = service.NewResults(st).Correct(ctx, rw)
		require.NoError(t, err, "the organiser corrects a normal game's result")
		g, err = st.Game(ctx, g.ID)
		require.NoError(t, err)
		assert.Equal(t, store.GameFinished, g.Status)
	}
	have, err := leagues.RecentGames(ctx, ann.ID, league.Activity{RecentDays: store.DefaultRecentDays})
	require.NoError(t, err)
	assert.Equal(t, store.DefaultMinRecentGames, have)
	_, err = leagues.Join(ctx, strict.ID, ann.ID)
	require.NoError(t, err, "five normal games in 90 days make an active player")

	ratings, err := st.Ratings(ctx, "cartagena")
	require.NoError(t, err)
	require.Len(t, ratings, 2)
	assert.Equal(t, ann.Username, ratings[0].Username)
	assert.Positive(t, int64(ratings[0].Rating))
	assert.Equal(t, int64(0), int64(ratings[0].Rating+ratings[1].Rating), "a ladder sums to 0")

	games, err := st.PlayerGames(ctx, ann.ID, 0, 50)
	require.NoError(t, err)
	require.Len(t, games, store.DefaultMinRecentGames, "the player's page lists normal games")
	for _, g := range games {
		assert.Zero(t, g.LeagueID)
		assert.Empty(t, g.LeagueName)
		assert.Equal(t, "cartagena", g.Game)
		assert.Equal(t, 1, g.Position)
		assert.Equal(t, 1, g.Place)
	}
	history, err := st.RatingHistory(ctx, ann.ID)
	require.NoError(t, err)
	assert.Len(t, history, store.DefaultMinRecentGames, "the rating history holds normal games")
	finished, err := st.NormalGames(ctx, store.GameFinished)
	require.NoError(t, err)
	assert.Len(t, finished, store.DefaultMinRecentGames)
	open, err := st.NormalGames(ctx, store.GameOpen)
	require.NoError(t, err)
	assert.Len(t, open, store.DefaultMinRecentGames, "the tables left with free seats")
}
