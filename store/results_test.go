package store_test

import (
	"cmp"
	"context"
	"encoding/json"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
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

func TestRecordResultSeedExample(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	// The seed's Cartagena example: A 1000, B 970, C 970, D 800, E 770 → 20, 9, 9, 2, 0.
	leagueID, games := w.league("cartagena", [][]int{{0, 1, 2, 3, 4}})
	names := []string{"ada", "bruno", "chloe", "dmitri", "elena"}
	input := placementInput(names, []int{1000, 970, 970, 800, 770})
	r, err := w.record(ctx, games[0], w.organiser.ID, input)
	require.NoError(t, err)

	require.Len(t, r.Lines, 5)
	for i, want := range []struct {
		points int64
		place  int
	}{{20, 1}, {9, 2}, {9, 2}, {2, 4}, {0, 5}} {
		assert.Equal(t, names[i], r.Lines[i].Username)
		assert.Equal(t, 0, r.Lines[i].Points.Cmp(big.NewRat(want.points, 1)), "%s: %s", names[i], r.Lines[i].Points)
		assert.Equal(t, want.place, r.Lines[i].Place)
	}
	assert.Equal(t, "organiser", r.RecordedBy)
	assert.Equal(t, int64(1), r.LadderSeq)
	assert.JSONEq(t, string(input), string(r.Input))
	require.Len(t, r.Changes.Points, 5)
	assert.Len(t, r.Changes.Ratings, 5)

	var status string
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT status FROM games WHERE id = $1`, games[0]).Scan(&status))
	assert.Equal(t, "finished", status)
	// The league's only game is recorded: the league is finished.
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT status FROM leagues WHERE id = $1`, leagueID).Scan(&status))
	assert.Equal(t, "finished", status)

	exp := newExpected()
	exp.members[leagueID] = []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	exp.add(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Placement, input, nil)
	exp.check(t, w.st, "cartagena", leagueID)

	audit, err := w.st.ResultAudit(ctx, games[0])
	require.NoError(t, err)
	require.Len(t, audit, 1)
	assert.Equal(t, "record", audit[0].Action)
	assert.Equal(t, "organiser", audit[0].Username)
	assert.Len(t, audit[0].Changes.Points, 5)
}

// seasonSeats is a small schedule of 4-player games among the eight members.
var seasonSeats = [][]int{
	{0, 1, 2, 3}, {4, 5, 6, 7}, {0, 2, 4, 6}, {1, 3, 5, 7}, {0, 5, 2, 7}, {1, 4, 3, 6},
}

func TestFullSeasonCrossCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	// Two leagues on the same ladder, their results interleaved: the ladder order is the
	// order results were recorded, across leagues.
	l1, g1 := w.league("vampiring", seasonSeats)
	l2, g2 := w.league("vampiring", seasonSeats)
	exp := newExpected()
	exp.members[l1], exp.members[l2] = members, members
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range seasonSeats {
		for _, lg := range []struct {
			id    int64
			games []int64
		}{{l2, g2}, {l1, g1}} {
			names := make([]string, 4)
			scores := make([]int, 4)
			for k, p := range seasonSeats[i] {
				names[k], scores[k] = members[p], rng.IntN(5)*10 // ties are common
			}
			input := placementInput(names, scores)
			_, err := w.record(ctx, lg.games[i], w.organiser.ID, input)
			require.NoError(t, err)
			exp.add(t, lg.id, strconv.FormatInt(lg.games[i], 10), scoring.Placement, input, nil)
		}
	}
	exp.check(t, w.st, "vampiring", l1, l2)
	for _, id := range []int64{l1, l2} {
		var status string
		require.NoError(t, w.pool.QueryRow(ctx, `SELECT status FROM leagues WHERE id = $1`, id).Scan(&status))
		assert.Equal(t, "finished", status)
	}
	ladders, err := w.st.Ladders(ctx)
	require.NoError(t, err)
	require.Len(t, ladders, 1)
	assert.Equal(t, store.LadderSummary{Game: "vampiring", Results: 12, Players: 8}, ladders[0])
}

// kingMeSeason records the King Me games of seasonSeats in the given order (the k-th
// recorded scores 40-k, 30, 20+k, 10 in seat order) and returns the league, its games,
// what the ladder and standings should be, and each game's input.
func (w *world) kingMeSeason(t *testing.T, order []int) (int64, []int64, *expected, [][]byte) {
	t.Helper()
	ctx := context.Background()
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.league("king-me", seasonSeats)
	exp := newExpected()
	exp.members[leagueID] = members
	inputs := make([][]byte, len(games))
	for k, i := range order {
		names := make([]string, 4)
		for j, p := range seasonSeats[i] {
			names[j] = members[p]
		}
		inputs[i] = placementInput(names, []int{40 - k, 30, 20 + k, 10})
		_, err := w.record(ctx, games[i], w.organiser.ID, inputs[i])
		require.NoError(t, err)
		exp.add(t, leagueID, strconv.FormatInt(games[i], 10), scoring.Placement, inputs[i], nil)
	}
	return leagueID, games, exp, inputs
}

func TestCorrectionReplaysTheLadder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	// Record out of number order: the ladder order is the recording order.
	leagueID, games, exp, inputs := w.kingMeSeason(t, []int{2, 0, 1, 4, 3})
	before, err := w.st.Ratings(ctx, "king-me")
	require.NoError(t, err)

	// Correct game 1 (recorded second): its first and last swap.
	names := []string{"ada", "bruno", "chloe", "dmitri"}
	corrected := placementInput(names, []int{10, 30, 20, 40})
	r, err := w.correct(ctx, games[0], w.organiser.ID, corrected)
	require.NoError(t, err)
	exp.replace(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Placement, inputs[0], corrected)
	exp.check(t, w.st, "king-me", leagueID)

	assert.Equal(t, int64(2), r.LadderSeq, "a correction keeps the game's place in the ladder")
	assert.Equal(t, "organiser", r.CorrectedBy)
	require.NotNil(t, r.CorrectedAt)
	// ada went from 12 to 0 points, dmitri from 0 to 12; bruno and chloe kept theirs.
	require.Len(t, r.Changes.Points, 2)
	assert.Equal(t, "ada", r.Changes.Points[0].Username)
	assert.Equal(t, 0, r.Changes.Points[0].Delta().Cmp(big.NewRat(-12, 1)))
	assert.Equal(t, "dmitri", r.Changes.Points[1].Username)
	assert.Equal(t, 0, r.Changes.Points[1].Delta().Cmp(big.NewRat(12, 1)))
	after, err := w.st.Ratings(ctx, "king-me")
	require.NoError(t, err)
	beforeBy := map[string]rating.Micros{}
	for _, b := range before {
		beforeBy[b.Username] = b.Rating
	}
	var wantMoves []store.RatingChange
	for _, a := range after {
		if beforeBy[a.Username] != a.Rating {
			wantMoves = append(wantMoves, store.RatingChange{Username: a.Username, Before: beforeBy[a.Username], After: a.Rating})
		}
	}
	assert.ElementsMatch(t, wantMoves, r.Changes.Ratings)
	assert.NotEmpty(t, r.Changes.Ratings)

	audit, err := w.st.ResultAudit(ctx, games[0])
	require.NoError(t, err)
	require.Len(t, audit, 2)
	assert.Equal(t, "correct", audit[1].Action)
	assert.Equal(t, r.Changes.Ratings, audit[1].Changes.Ratings)
	require.Len(t, audit[1].Changes.Points, 2)
	assert.Equal(t, 0, audit[1].Changes.Points[0].After.Cmp(r.Changes.Points[0].After))

	// Recording after a correction continues the ladder from the replayed ratings.
	names = []string{"bruno", "elena", "dmitri", "greta"}
	last := placementInput(names, []int{5, 6, 7, 8})
	_, err = w.record(ctx, games[5], w.organiser.ID, last)
	require.NoError(t, err)
	exp.add(t, leagueID, strconv.FormatInt(games[5], 10), scoring.Placement, last, nil)
	exp.check(t, w.st, "king-me", leagueID)
}

// A correction rewrites the later ledger lines in place; a ledger missing lines (damaged
// outside the app) is written afresh from the replay instead.
func TestCorrectionRewritesTheLedgerInPlaceOrAfresh(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games, exp, inputs := w.kingMeSeason(t, []int{0, 1, 2, 3, 4, 5})
	// Each ledger line: its values and its row version.
	type line struct{ values, version string }
	ledger := func() map[string]line {
		rows, err := w.pool.Query(ctx, `
			SELECT game_id || '/' || position, (player_id, substitute_id, credited_id, before_micros, ante_micros,
			       award_micros, delta_micros, after_micros)::text, xmin::text
			FROM rating_entries`)
		require.NoError(t, err)
		out := map[string]line{}
		for rows.Next() {
			var key string
			var l line
			require.NoError(t, rows.Scan(&key, &l.values, &l.version))
			out[key] = l
		}
		require.NoError(t, rows.Err())
		return out
	}
	before := ledger()
	names := []string{"ada", "bruno", "chloe", "dmitri"}
	for k, scores := range [][]int{{10, 30, 20, 40}, {40, 10, 30, 20}} {
		if k == 1 {
			// Damage: the last game's ledger lines are gone.
			_, err := w.pool.Exec(ctx, `DELETE FROM rating_entries WHERE game_id = $1`, games[len(games)-1])
			require.NoError(t, err)
		}
		corrected := placementInput(names, scores)
		_, err := w.correct(ctx, games[0], w.organiser.ID, corrected)
		require.NoError(t, err)
		exp.replace(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Placement, inputs[0], corrected)
		inputs[0] = corrected
		exp.check(t, w.st, "king-me", leagueID)
		if k == 0 {
			after := ledger()
			require.Len(t, after, len(before))
			kept := 0
			for key, b := range before {
				a := after[key]
				if a.values == b.values {
					kept++
					assert.Equal(t, b.version, a.version, "line %s is unchanged and not rewritten", key)
				} else {
					assert.NotEqual(t, b.version, a.version, "line %s changed", key)
				}
			}
			assert.Positive(t, kept, "some lines keep their values")
		}
	}
}

func TestDiplomacyReplacedSeat(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.league("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}})
	exp := newExpected()
	exp.members[leagueID] = members
	first := []byte(`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"]}`)
	_, err := w.record(ctx, games[0], w.organiser.ID, first)
	require.NoError(t, err)
	exp.add(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Armada, first, nil)

	// bruno left mid-game; xavier (not a member) finished the seat and soloed with it.
	second := []byte(`{"outcome":"solo","players":[
		{"id":"bruno","centers":18,"years":10},{"id":"chloe","centers":6,"years":10},{"id":"dmitri","centers":5,"years":10},
		{"id":"elena","centers":5,"years":10},{"id":"farid","centers":0,"years":6,"eliminated":1906},
		{"id":"greta","centers":0,"years":7,"eliminated":1907},{"id":"hugo","centers":0,"years":7,"eliminated":1907}],
		"winners":["bruno"],"replaced":{"bruno":"xavier"}}`)
	scorerInput := []byte(`{"outcome":"solo","players":[
		{"id":"bruno","centers":18,"years":10},{"id":"chloe","centers":6,"years":10},{"id":"dmitri","centers":5,"years":10},
		{"id":"elena","centers":5,"years":10},{"id":"farid","centers":0,"years":6,"eliminated":1906},
		{"id":"greta","centers":0,"years":7,"eliminated":1907},{"id":"hugo","centers":0,"years":7,"eliminated":1907}],
		"winners":["bruno"]}`)
	r, err := w.record(ctx, games[1], w.organiser.ID, second)
	require.NoError(t, err)
	exp.add(t, leagueID, strconv.FormatInt(games[1], 10), scoring.Armada, scorerInput, map[string]string{"bruno": "xavier"})
	exp.check(t, w.st, "diplomacy", leagueID)

	assert.Equal(t, "xavier", r.Lines[0].Substitute)
	require.Len(t, r.Ledger, 7)
	assert.Equal(t, "xavier", r.Ledger[0].Credited, "a winning replaced seat whose award beats its ante credits the substitute (seed 4.2)")
	// League points stay with the seated player.
	st, err := w.st.Standings(ctx, leagueID)
	require.NoError(t, err)
	for _, s := range st {
		assert.NotEqual(t, "xavier", s.Player)
	}
	total := new(big.Rat)
	for _, l := range r.Lines {
		total.Add(total, l.Points)
	}
	assert.Equal(t, 0, total.Cmp(big.NewRat(420, 1)), "ARMADA points sum to 420")
}

func TestRecordRefusalsChangeNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.league("blue-max", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	ok := []byte(`{"sides":[{"name":"Allies","players":[{"id":"ada","destroyed":1,"points":30},{"id":"bruno","points":10}]},
		{"name":"Central Powers","players":[{"id":"chloe","lost":1,"points":5},{"id":"dmitri","points":12}]}]}`)
	_, err := w.record(ctx, games[0], w.organiser.ID, ok)
	require.NoError(t, err)
	clean := w.snapshot()

	other := []byte(`{"sides":[{"name":"Allies","players":[{"id":"elena","points":3},{"id":"farid","points":1}]},
		{"name":"Central Powers","players":[{"id":"greta","points":5},{"id":"hugo","points":2}]}]}`)
	tests := []struct {
		name  string
		game  int64
		by    int64
		input []byte
		put   bool
		is    error
		field string
	}{
		{name: "a seated player is not the organiser", game: games[1], by: w.players[4].ID, input: other, is: store.ErrNotOrganiser},
		{name: "another player is not the organiser", game: games[1], by: w.players[0].ID, input: other, is: store.ErrNotOrganiser},
		{name: "correction by a player", game: games[0], by: w.players[0].ID, input: ok, put: true, is: store.ErrNotOrganiser},
		{name: "second record", game: games[0], by: w.organiser.ID, input: ok, is: store.ErrResultRecorded},
		{name: "correction before a record", game: games[1], by: w.organiser.ID, input: other, put: true, is: store.ErrNoResult},
		{name: "unknown game", game: games[1] + 100, by: w.organiser.ID, input: other, is: store.ErrNotFound},
		{name: "someone not seated", game: games[1], by: w.organiser.ID, field: "sides[1].players[1].id",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"ada"}]}]}`)},
		{name: "a seated player missing", game: games[1], by: w.organiser.ID, field: "sides",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"}]}]}`)},
		{name: "the same player twice in other letters", game: games[1], by: w.organiser.ID, field: "sides[1].players[1].id",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"ELENA"}]}]}`)},
		{name: "the scorer's validation", game: games[1], by: w.organiser.ID, field: "sides[0].players[0].lost",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena","lost":2}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"},{"id":"farid"}]}]}`)},
		{name: "malformed JSON", game: games[1], by: w.organiser.ID, field: "input", input: []byte(`{"sides":`)},
		{name: "substitute unknown", game: games[1], by: w.organiser.ID, field: "replaced.elena",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"elena":"nobody"}}`)},
		{name: "substitute with a NUL", game: games[1], by: w.organiser.ID, field: "replaced.elena",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"elena":"no\u0000body"}}`)},
		{name: "substitute seated", game: games[1], by: w.organiser.ID, field: "replaced.elena",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"elena":"hugo"}}`)},
		{name: "replaced seat not seated", game: games[1], by: w.organiser.ID, field: "replaced.ada",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"ada":"xavier"}}`)},
		{name: "bad correction", game: games[0], by: w.organiser.ID, put: true, field: "sides[0].players[0].id",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"zed"}]},{"name":"B","players":[{"id":"chloe"}]}]}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.put {
				_, err = w.correct(ctx, tt.game, tt.by, tt.input)
			} else {
				_, err = w.record(ctx, tt.game, tt.by, tt.input)
			}
			require.Error(t, err)
			if tt.is != nil {
				assert.ErrorIs(t, err, tt.is)
			}
			if tt.field != "" {
				var fe *scoring.FieldError
				require.ErrorAs(t, err, &fe, "%v", err)
				assert.Equal(t, tt.field, fe.Field, "%v", err)
			}
			assert.Equal(t, clean, w.snapshot(), "nothing changed")
		})
	}
	_, err = w.write(ctx, games[1], w.organiser.ID, other)
	require.NoError(t, err)
	assert.Equal(t, clean, w.snapshot(), "a preview stores nothing")
}

func TestStandingsOfUnknownLeague(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, err := w.st.Standings(context.Background(), 424242)
	assert.ErrorIs(t, err, store.ErrNotFound)
	leagueID, _ := w.league("gonzaga", [][]int{{0, 1}})
	st, err := w.st.Standings(context.Background(), leagueID)
	require.NoError(t, err)
	assert.Len(t, st, 8)
	assert.Equal(t, 1, st[7].Rank, "before any result everyone shares first place")
}

func TestConcurrentRecordsKeepTheLadderWhole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.league("arcs", seasonSeats)
	inputs := make([][]byte, len(games))
	for i := range games {
		names := make([]string, 4)
		for j, p := range seasonSeats[i] {
			names[j] = members[p]
		}
		inputs[i] = placementInput(names, []int{10 + i, 20 - i, 15, 5 * i})
	}

	// Eight organisers' clicks on the same game: exactly one records it.
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, err := w.record(ctx, games[0], w.organiser.ID, inputs[0])
			errs <- err
		}()
	}
	recorded := 0
	for range 8 {
		err := <-errs
		if err == nil {
			recorded++
			continue
		}
		assert.ErrorIs(t, err, store.ErrResultRecorded)
	}
	assert.Equal(t, 1, recorded)

	// The other games of the ladder at once: each is rated after the one before it in the
	// ladder, whatever order the transactions commit in.
	for i := 1; i < len(games); i++ {
		go func() {
			_, err := w.record(ctx, games[i], w.organiser.ID, inputs[i])
			errs <- err
		}()
	}
	for i := 1; i < len(games); i++ {
		require.NoError(t, <-errs)
	}
	type placed struct {
		seq int64
		i   int
	}
	var order []placed
	for i, id := range games {
		r, err := w.st.Result(ctx, id)
		require.NoError(t, err)
		order = append(order, placed{r.LadderSeq, i})
	}
	slices.SortFunc(order, func(a, b placed) int { return cmp.Compare(a.seq, b.seq) })
	exp := newExpected()
	exp.members[leagueID] = members
	for k, p := range order {
		assert.Equal(t, int64(k+1), p.seq, "ladder places are 1..n without gaps")
		exp.add(t, leagueID, strconv.FormatInt(games[p.i], 10), scoring.Placement, inputs[p.i], nil)
	}
	exp.check(t, w.st, "arcs", leagueID)
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
	return g.Write(by, input)
}

// recordResult checks input and records it, as POST /api/v1/games/{id}/result does.
func recordResult(ctx context.Context, st *store.Store, gameID, by int64, input []byte) (store.GameResult, error) {
	rw, err := checkResult(ctx, st, gameID, by, input)
	if err != nil {
		return store.GameResult{}, err
	}
	return st.RecordResult(ctx, rw)
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
	return w.st.CorrectResult(ctx, rw)
}

func TestStaleWritesAndEmptyCorrectionsChangeNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.league("cartagena", [][]int{{0, 1, 2, 3}})
	input := placementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{40, 30, 20, 10})
	stale, err := w.write(ctx, games[0], w.organiser.ID, input) // built from version 0
	require.NoError(t, err)
	_, err = w.record(ctx, games[0], w.organiser.ID, input)
	require.NoError(t, err)
	clean := w.snapshot()

	_, err = w.st.CorrectResult(ctx, stale)
	assert.ErrorIs(t, err, store.ErrStaleResult, "a write built before the record is stale")
	_, err = w.correct(ctx, games[0], w.organiser.ID, input)
	assert.ErrorIs(t, err, store.ErrNoChange)
	_, err = w.correct(ctx, games[0], w.organiser.ID,
		[]byte(`{"players":[{"id":"dmitri","score":10},{"id":"chloe","score":20},{"id":"bruno","score":30},{"id":"ada","score":40}]}`))
	assert.ErrorIs(t, err, store.ErrNoChange, "the same result in another order is no change")
	assert.Equal(t, clean, w.snapshot(), "nothing changed, nothing logged")

	_, err = w.correct(ctx, games[0], w.organiser.ID, placementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{40, 30, 20, 20}))
	require.NoError(t, err)
	g, err := w.st.ResultGame(ctx, games[0])
	require.NoError(t, err)
	assert.Equal(t, 2, g.Version)
}
