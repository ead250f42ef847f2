package store_test

import (
	"context"
	"encoding/json"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

// world is a test database with an organiser and eight players.
type world struct {
	tb        testing.TB
	st        *store.Store
	pool      *pgxpool.Pool
	organiser store.User
	players   []store.User
}

func newWorld(t testing.TB) *world {
	t.Helper()
	pool := storetest.NewPool(t)
	st := store.New(pool, store.WithPasswordCost(bcrypt.MinCost))
	w := &world{tb: t, st: st, pool: pool}
	ctx := context.Background()
	var err error
	w.organiser, err = st.CreateUser(ctx, store.NewUser{Username: "organiser", DisplayName: "The Organiser", Password: "password"})
	require.NoError(t, err)
	for _, name := range []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo", "xavier"} {
		u, err := st.CreateUser(ctx, store.NewUser{Username: name, DisplayName: name, Password: "password"})
		require.NoError(t, err)
		w.players = append(w.players, u)
	}
	return w
}

// league creates a running league of the first eight players playing slug, with one game
// per entry of seats (player indices in seat order), and returns its id and game ids.
func (w *world) league(slug string, seats [][]int) (int64, []int64) {
	w.tb.Helper()
	ctx := context.Background()
	var leagueID int64
	require.NoError(w.tb, w.pool.QueryRow(ctx, `
		INSERT INTO leagues (name, game, players_per_game, min_recent_games, organiser_id, status, started_at)
		VALUES ($1, $2, $3, 0, $4, 'running', now()) RETURNING id`,
		slug+" league", slug, len(seats[0]), w.organiser.ID).Scan(&leagueID))
	for i := range 8 {
		_, err := w.pool.Exec(ctx, `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, $3)`,
			leagueID, w.players[i].ID, i+1)
		require.NoError(w.tb, err)
	}
	var games []int64
	for n, gameSeats := range seats {
		var id int64
		require.NoError(w.tb, w.pool.QueryRow(ctx, `INSERT INTO games (league_id, number, round) VALUES ($1, $2, $2) RETURNING id`,
			leagueID, n+1).Scan(&id))
		for pos, p := range gameSeats {
			_, err := w.pool.Exec(ctx, `INSERT INTO seats (game_id, position, user_id) VALUES ($1, $2, $3)`, id, pos+1, w.players[p].ID)
			require.NoError(w.tb, err)
		}
		games = append(games, id)
	}
	return leagueID, games
}

// snapshot fingerprints every table a result write touches.
func (w *world) snapshot() string {
	w.tb.Helper()
	var out string
	for _, table := range []string{"ladders", "results", "result_points", "rating_entries", "ratings", "result_audit", "games", "leagues"} {
		var sum *string
		require.NoError(w.tb, w.pool.QueryRow(context.Background(),
			`SELECT md5(string_agg(t::text, ',' ORDER BY t::text)) FROM `+table+` t`).Scan(&sum))
		if sum != nil {
			out += table + ":" + *sum + " "
		}
	}
	return out
}

// placementInput is a placement result body with the given scores, in order.
func placementInput(names []string, scores []int) []byte {
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
	b, _ := json.Marshal(in)
	return b
}

// expected replays the recorded games with the pure packages: standings from the scorer's
// points and places, ratings from rating.Replay in ladder order.
type expected struct {
	games   []rating.Game
	members map[int64][]string
	lines   map[int64][]scoring.StandingLine
}

func newExpected() *expected {
	return &expected{members: map[int64][]string{}, lines: map[int64][]scoring.StandingLine{}}
}

func (e *expected) add(t *testing.T, leagueID int64, id string, system scoring.System, input []byte, replaced map[string]string) {
	t.Helper()
	res, err := scoring.Score(system, input)
	require.NoError(t, err)
	g := rating.Game{ID: id, PointsArePot: system.PointsArePot()}
	places := scoring.Places(res.Results)
	for i, r := range res.Results {
		g.Seats = append(g.Seats, rating.Seat{Player: r.ID, Substitute: replaced[r.ID], Points: r.Points, Winner: r.Winner})
		e.lines[leagueID] = append(e.lines[leagueID], scoring.StandingLine{Player: r.ID, Points: r.Points, Place: places[i]})
	}
	e.games = append(e.games, g)
}

func (e *expected) replace(t *testing.T, leagueID int64, id string, system scoring.System, oldInput, input []byte) {
	t.Helper()
	old, err := scoring.Score(system, oldInput)
	require.NoError(t, err)
	// Drop the old lines of the game, then add the new ones in the game's ladder place.
	oldPlaces := scoring.Places(old.Results)
	lines := e.lines[leagueID]
	for i, r := range old.Results {
		for j, l := range lines {
			if l.Player == r.ID && l.Points.Cmp(r.Points) == 0 && l.Place == oldPlaces[i] {
				lines = append(lines[:j], lines[j+1:]...)
				break
			}
		}
	}
	e.lines[leagueID] = lines
	at := -1
	for i, g := range e.games {
		if g.ID == id {
			at = i
		}
	}
	require.GreaterOrEqual(t, at, 0)
	games := e.games
	e.games = games[:at:at]
	e.add(t, leagueID, id, system, input, nil)
	e.games = append(e.games, games[at+1:]...)
}

func (e *expected) check(t *testing.T, st *store.Store, ladder string, leagueIDs ...int64) {
	t.Helper()
	ctx := context.Background()
	for _, id := range leagueIDs {
		want := scoring.Standings(e.members[id], e.lines[id])
		got, err := st.Standings(ctx, id)
		require.NoError(t, err)
		require.Len(t, got, len(want))
		for i := range want {
			assert.Equal(t, want[i].Player, got[i].Player, "league %d row %d", id, i)
			assert.Equal(t, 0, want[i].Points.Cmp(got[i].Points), "league %d %s points %s, want %s", id, want[i].Player, got[i].Points, want[i].Points)
			assert.Equal(t, want[i].Games, got[i].Games)
			assert.Equal(t, want[i].Rank, got[i].Rank)
		}
	}
	ladder0, ledger, err := rating.Replay(e.games)
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
	for gi, g := range e.games {
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

// write checks input against the game's seats, as the API does before it stores a result.
func (w *world) write(ctx context.Context, gameID, by int64, input []byte) (store.ResultWrite, error) {
	return checkResult(ctx, w.st, gameID, by, input)
}

// checkResult checks input against the game's seats, as the API does before it stores it.
func checkResult(ctx context.Context, st *store.Store, gameID, by int64, input []byte) (store.ResultWrite, error) {
	g, err := st.ResultGame(ctx, gameID)
	if err != nil {
		return store.ResultWrite{}, err
	}
	return g.Check(by, input)
}

// recordResult checks input and records it, as POST /api/v1/games/{id}/result does.
func recordResult(ctx context.Context, st *store.Store, gameID, by int64, input []byte) (store.GameResult, error) {
	rw, err := checkResult(ctx, st, gameID, by, input)
	if err != nil {
		return store.GameResult{}, err
	}
	return service.NewResults(st).Record(ctx, rw)
}

// record checks input and records it, as POST /api/v1/games/{id}/result does.
func (w *world) record(ctx context.Context, gameID, by int64, input []byte) (store.GameResult, error) {
	return recordResult(ctx, w.st, gameID, by, input)
}

// correct checks input and corrects the recorded result, as PUT does.
func (w *world) correct(ctx context.Context, gameID, by int64, input []byte) (store.GameResult, error) {
	rw, err := w.write(ctx, gameID, by, input)
	if err != nil {
		return store.GameResult{}, err
	}
	return service.NewResults(w.st).Correct(ctx, rw)
}
