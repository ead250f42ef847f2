package storetest

import (
	"context"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// World is a test database with an organiser and nine players (ada to hugo, then xavier,
// who joins no league), for tests of result writes.
type World struct {
	TB        testing.TB
	Store     *store.Store
	Pool      *pgxpool.Pool
	Organiser store.User
	Players   []store.User
}

// NewWorld returns a World on a fresh database.
func NewWorld(t testing.TB) *World {
	t.Helper()
	pool := NewPool(t)
	st := store.New(pool, QuickPasswords())
	w := &World{TB: t, Store: st, Pool: pool}
	ctx := context.Background()
	var err error
	w.Organiser, err = st.CreateUser(ctx, store.NewUser{Username: "organiser", DisplayName: "The Organiser", Password: "password"})
	require.NoError(t, err)
	for _, name := range []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo", "xavier"} {
		u, err := st.CreateUser(ctx, store.NewUser{Username: name, DisplayName: name, Password: "password"})
		require.NoError(t, err)
		w.Players = append(w.Players, u)
	}
	return w
}

// League creates a running league of the first eight players (a league of the default
// size, store.DefaultLeagueSize) playing slug, with one game
// per entry of seats (player indices in seat order), and returns its id and game ids.
func (w *World) League(slug string, seats [][]int) (int64, []int64) {
	w.TB.Helper()
	ctx := context.Background()
	var leagueID int64
	require.NoError(w.TB, w.Pool.QueryRow(ctx, `
		INSERT INTO leagues (name, game, players_per_game, min_recent_games, organiser_id, status, started_at)
		VALUES ($1, $2, $3, 0, $4, 'running', now()) RETURNING id`,
		slug+" league", slug, len(seats[0]), w.Organiser.ID).Scan(&leagueID))
	for i := range store.DefaultLeagueSize {
		_, err := w.Pool.Exec(ctx, `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, $3)`,
			leagueID, w.Players[i].ID, i+1)
		require.NoError(w.TB, err)
	}
	var games []int64
	for n, gameSeats := range seats {
		var id int64
		require.NoError(w.TB, w.Pool.QueryRow(ctx, `INSERT INTO games (league_id, number, round) VALUES ($1, $2, $2) RETURNING id`,
			leagueID, n+1).Scan(&id))
		for pos, p := range gameSeats {
			_, err := w.Pool.Exec(ctx, `INSERT INTO seats (game_id, position, user_id) VALUES ($1, $2, $3)`, id, pos+1, w.Players[p].ID)
			require.NoError(w.TB, err)
		}
		games = append(games, id)
	}
	return leagueID, games
}

// Snapshot fingerprints every table a result write touches.
func (w *World) Snapshot() string {
	w.TB.Helper()
	var out string
	for _, table := range []string{"ladders", "results", "result_points", "rating_entries", "ratings", "result_audit", "games", "leagues"} {
		var sum *string
		require.NoError(w.TB, w.Pool.QueryRow(context.Background(),
			`SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) FROM `+table+` t`).Scan(&sum))
		if sum != nil {
			out += table + ":" + *sum + " "
		}
	}
	return out
}

// Expected replays the recorded games with the pure packages: standings from the scorer's
// points and places, ratings from rating.Replay in ladder order.
type Expected struct {
	Games   []rating.Game
	Members map[int64][]string
	Lines   map[int64][]scoring.StandingLine
}

// NewExpected returns an Expected with no games.
func NewExpected() *Expected {
	return &Expected{Members: map[int64][]string{}, Lines: map[int64][]scoring.StandingLine{}}
}

// Add adds the game id of the league, scored from input (replaced: seat username to
// substitute), as the next game of the ladder.
func (e *Expected) Add(t *testing.T, leagueID int64, id string, system scoring.System, input []byte, replaced map[string]string) {
	t.Helper()
	res, err := scoring.Score(system, input)
	require.NoError(t, err)
	g := rating.Game{ID: id, PointsArePot: system.PointsArePot()}
	places := scoring.Places(res.Results)
	for i, r := range res.Results {
		g.Seats = append(g.Seats, rating.Seat{Player: r.ID, Substitute: replaced[r.ID], Points: r.Points, Winner: r.Winner})
		e.Lines[leagueID] = append(e.Lines[leagueID], scoring.StandingLine{Player: r.ID, Points: r.Points, Place: places[i]})
	}
	e.Games = append(e.Games, g)
}

// Replace replaces the game id's result oldInput by input, in its ladder place.
func (e *Expected) Replace(t *testing.T, leagueID int64, id string, system scoring.System, oldInput, input []byte) {
	t.Helper()
	old, err := scoring.Score(system, oldInput)
	require.NoError(t, err)
	// Drop the old lines of the game, then add the new ones in the game's ladder place.
	oldPlaces := scoring.Places(old.Results)
	lines := e.Lines[leagueID]
	for i, r := range old.Results {
		for j, l := range lines {
			if l.Player == r.ID && l.Points.Cmp(r.Points) == 0 && l.Place == oldPlaces[i] {
				lines = append(lines[:j], lines[j+1:]...)
				break
			}
		}
	}
	e.Lines[leagueID] = lines
	at := -1
	for i, g := range e.Games {
		if g.ID == id {
			at = i
		}
	}
	require.GreaterOrEqual(t, at, 0)
	games := e.Games
	e.Games = games[:at:at]
	e.Add(t, leagueID, id, system, input, nil)
	e.Games = append(e.Games, games[at+1:]...)
}

// Check asserts the leagues' standings, the ladder's ratings and every game's ledger
// are what the pure packages make of the games.
func (e *Expected) Check(t *testing.T, st *store.Store, ladder string, leagueIDs ...int64) {
	t.Helper()
	ctx := context.Background()
	for _, id := range leagueIDs {
		want := scoring.Standings(e.Members[id], e.Lines[id])
		got, err := service.NewLeagues(st).Standings(ctx, id)
		require.NoError(t, err)
		require.Len(t, got, len(want))
		for i := range want {
			assert.Equal(t, want[i].Player, got[i].Player, "league %d row %d", id, i)
			assert.Equal(t, 0, want[i].Points.Cmp(got[i].Points), "league %d %s points %s, want %s", id, want[i].Player, got[i].Points, want[i].Points)
			assert.Equal(t, want[i].Games, got[i].Games)
			assert.Equal(t, want[i].Rank, got[i].Rank)
		}
	}
	ladder0, ledger, err := rating.Replay(e.Games)
	require.NoError(t, err)
	ratings, err := st.Ratings(ctx, ladder)
	require.NoError(t, err)
	want := ladder0.Standings()
	require.Len(t, ratings, len(want))
	var sum rating.Micros
	for i, s := range want {
		assert.Equal(t, s.Player, ratings[i].Username, "rating row %d", i)
		assert.Equal(t, s.Rating, ratings[i].Rating, "rating of %s", s.Player)
		assert.Equal(t, s.Games, ratings[i].Games, "games of %s", s.Player)
		sum += ratings[i].Rating
	}
	assert.Zero(t, sum, "a ladder's ratings sum to exactly 0")
	for gi, g := range e.Games {
		id, err := strconv.ParseInt(g.ID, 10, 64)
		require.NoError(t, err)
		r, err := st.Result(ctx, id)
		require.NoError(t, err)
		require.Len(t, r.Ledger, len(ledger[gi]))
		for si, entry := range ledger[gi] {
			l := r.Ledger[si]
			assert.Equal(t, entry, rating.Entry{Player: l.Player, Substitute: l.Substitute, Credited: l.Credited,
				Before: l.Before, Ante: l.Ante, Award: l.Award, Delta: l.Delta, After: l.After}, "game %s seat %d", g.ID, si)
		}
	}
}

// Check checks input against the game's seats, as the API does before it stores a result.
func (w *World) Check(ctx context.Context, gameID, by int64, input []byte) (store.ResultWrite, error) {
	return CheckResult(ctx, w.Store, gameID, by, input)
}

// Record checks input and records it, as POST /api/v1/games/{id}/result does.
func (w *World) Record(ctx context.Context, gameID, by int64, input []byte) (store.GameResult, error) {
	return RecordResult(ctx, w.Store, gameID, by, input)
}

// Correct checks input and corrects the recorded result, as PUT does.
func (w *World) Correct(ctx context.Context, gameID, by int64, input []byte) (store.GameResult, error) {
	rw, err := w.Check(ctx, gameID, by, input)
	if err != nil {
		return store.GameResult{}, err
	}
	return service.NewResults(w.Store).Correct(ctx, rw)
}

// SeasonSeats is a small schedule of 4-player games among a World's eight members (player
// indices in seat order), for World.League.
func SeasonSeats() [][]int {
	return [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 2, 4, 6}, {1, 3, 5, 7}, {0, 5, 2, 7}, {1, 4, 3, 6}}
}
