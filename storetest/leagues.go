package storetest

import (
	"context"
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// Players creates n accounts named prefix1..prefixN.
func Players(t testing.TB, st *store.Store, prefix string, n int) []store.User {
	t.Helper()
	users := make([]store.User, n)
	for i := range users {
		u, err := st.CreateUser(context.Background(), store.NewUser{
			Username: fmt.Sprintf("%s%d", prefix, i+1), DisplayName: fmt.Sprintf("Player %d", i+1), Password: "password-1",
		})
		require.NoError(t, err)
		users[i] = u
	}
	return users
}

// League creates an open league of game, perGame players per game and minRecent finished
// games needed to join, organised by organiser.
func League(t testing.TB, st *store.Store, organiser store.User, game string, perGame, minRecent int) store.League {
	t.Helper()
	l, err := service.NewLeagues(st).Create(context.Background(), store.NewLeague{
		Name: "League of " + game, Game: game, Edition: "2nd edition", PlayersPerGame: perGame,
		MinRecentGames: minRecent, RecentDays: store.DefaultRecentDays, OrganiserID: organiser.ID,
	})
	require.NoError(t, err)
	return l
}

// Fill joins the players to the league in order and returns the league after the last join.
func Fill(t testing.TB, st *store.Store, l store.League, players []store.User) store.League {
	t.Helper()
	for _, p := range players {
		var err error
		l, err = service.NewLeagues(st).Join(context.Background(), l.ID, p.ID)
		require.NoError(t, err, "join %s", p.Username)
	}
	return l
}

// Games returns the league's games.
func Games(t testing.TB, st *store.Store, leagueID int64) []store.Game {
	t.Helper()
	games, err := st.Games(context.Background(), leagueID)
	require.NoError(t, err)
	return games
}

// FinishGames marks the first n of the league's games finished daysAgo days ago, the way
// result recording does.
func FinishGames(t testing.TB, st *store.Store, leagueID int64, n, daysAgo int) {
	t.Helper()
	_, err := st.Pool().Exec(context.Background(), `
UPDATE games SET status = 'finished', finished_at = now() - make_interval(days => $3)
WHERE id IN (SELECT id FROM games WHERE league_id = $1 AND status = 'scheduled' ORDER BY number LIMIT $2)`,
		leagueID, n, daysAgo)
	require.NoError(t, err)
}

// Schedule turns a league's stored games back into a scheduler.Schedule (player p is the
// member in slot p), so the scheduler's independent Verify can check what was stored.
func Schedule(t testing.TB, st *store.Store, l store.League) scheduler.Schedule {
	t.Helper()
	ctx := context.Background()
	members, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	slot := map[int64]int{}
	for _, m := range members {
		slot[m.UserID] = m.Slot
	}
	games, err := st.Games(ctx, l.ID)
	require.NoError(t, err)
	s := scheduler.Schedule{Players: l.Players, PerGame: l.PlayersPerGame}
	for _, g := range games {
		sg := scheduler.Game{Number: g.Number, Round: g.Round}
		for i, seat := range g.Seats {
			require.Equal(t, i+1, seat.Position, "seats come in seat order")
			sg.Seats = append(sg.Seats, slot[seat.UserID])
		}
		s.Games = append(s.Games, sg)
	}
	return s
}

// History is the league's history as "action: detail" lines, oldest first.
func History(t testing.TB, st *store.Store, leagueID int64) []string {
	t.Helper()
	es, err := st.LeagueEvents(context.Background(), leagueID)
	require.NoError(t, err)
	out := make([]string, len(es))
	for i, e := range es {
		out[len(es)-1-i] = e.Action + ": " + e.Detail
	}
	return out
}

// SeatNames are a game's usernames in seat order.
func SeatNames(g store.Game) []string {
	out := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = s.Username
	}
	return out
}

// PlacementInput is a placement result body with the given scores, in order.
func PlacementInput(names []string, scores []int) []byte {
	type p struct {
		ID    string `json:"id"`
		Score int    `json:"score"`
	}
	in := struct {
		Players []p `json:"players"`
	}{}
	for i, n := range names {
		in.Players = append(in.Players, p{n, scores[i]})
	}
	b, err := json.Marshal(in)
	if err != nil {
		panic(err) // a struct of strings and ints always marshals
	}
	return b
}

// CheckResult checks input against the game's seats, as the API does before it stores it.
func CheckResult(ctx context.Context, st *store.Store, gameID, by int64, input []byte) (store.ResultWrite, error) {
	g, err := st.ResultGame(ctx, gameID)
	if err != nil {
		return store.ResultWrite{}, err
	}
	return service.CheckResultBody(g, by, input)
}

// RecordResult checks input and records it, as POST /api/v1/games/{id}/result does.
func RecordResult(ctx context.Context, st *store.Store, gameID, by int64, input []byte) (store.GameResult, error) {
	rw, err := CheckResult(ctx, st, gameID, by, input)
	if err != nil {
		return store.GameResult{}, err
	}
	return service.NewResults(st).Record(ctx, rw)
}
