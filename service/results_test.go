package service_test

import (
	"cmp"
	"context"
	"math/big"
	"math/rand/v2"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestRecordResultSeedExample(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	// The seed's Cartagena example: A 1000, B 970, C 970, D 800, E 770 → 20, 9, 9, 2, 0.
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3, 4}})
	names := []string{"ada", "bruno", "chloe", "dmitri", "elena"}
	input := storetest.PlacementInput(names, []int{1000, 970, 970, 800, 770})
	r, err := w.Record(ctx, games[0], w.Organiser.ID, input)
	require.NoError(t, err)

	require.Len(t, r.Lines, 5)
	for i, want := range []struct {
		points int64
		place  int
	}{{20, 1}, {9, 2}, {9, 2}, {2, 4}, {0, 5}} {
		assert.Equal(t, names[i], r.Lines[i].Player)
		assert.Equal(t, 0, r.Lines[i].Points.Cmp(big.NewRat(want.points, 1)), "%s: %s", names[i], r.Lines[i].Points)
		assert.Equal(t, want.place, r.Lines[i].Place)
	}
	assert.Equal(t, "organiser", r.RecordedBy)
	assert.Equal(t, int64(1), r.LadderSeq)
	assert.JSONEq(t, string(input), string(r.Input))
	require.Len(t, r.Changes.Points, 5)
	assert.Len(t, r.Changes.Ratings, 5)

	var status string
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT status FROM games WHERE id = $1`, games[0]).Scan(&status))
	assert.Equal(t, "finished", status)
	// The league's only game is recorded: the league is finished.
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT status FROM leagues WHERE id = $1`, leagueID).Scan(&status))
	assert.Equal(t, "finished", status)

	exp := storetest.NewExpected()
	exp.Members[leagueID] = []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	exp.Add(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Placement, input, nil)
	exp.Check(t, w.Store, "cartagena", leagueID)

	audit, err := w.Store.ResultAudit(ctx, games[0])
	require.NoError(t, err)
	require.Len(t, audit, 1)
	assert.Equal(t, "record", audit[0].Action)
	assert.Equal(t, "organiser", audit[0].Username)
	assert.Len(t, audit[0].Changes.Points, 5)
}

func TestFullSeasonCrossCheck(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	// Two leagues on the same ladder, their results interleaved: the ladder order is the
	// order results were recorded, across leagues.
	l1, g1 := w.League("vampiring", storetest.SeasonSeats())
	l2, g2 := w.League("vampiring", storetest.SeasonSeats())
	exp := storetest.NewExpected()
	exp.Members[l1], exp.Members[l2] = members, members
	rng := rand.New(rand.NewPCG(7, 11))
	for i := range storetest.SeasonSeats() {
		for _, lg := range []struct {
			id    int64
			games []int64
		}{{l2, g2}, {l1, g1}} {
			names := make([]string, 4)
			scores := make([]int, 4)
			for k, p := range storetest.SeasonSeats()[i] {
				names[k], scores[k] = members[p], rng.IntN(5)*10 // ties are common
			}
			input := storetest.PlacementInput(names, scores)
			_, err := w.Record(ctx, lg.games[i], w.Organiser.ID, input)
			require.NoError(t, err)
			exp.Add(t, lg.id, strconv.FormatInt(lg.games[i], 10), scoring.Placement, input, nil)
		}
	}
	exp.Check(t, w.Store, "vampiring", l1, l2)
	for _, id := range []int64{l1, l2} {
		var status string
		require.NoError(t, w.Pool.QueryRow(ctx, `SELECT status FROM leagues WHERE id = $1`, id).Scan(&status))
		assert.Equal(t, "finished", status)
	}
	ladders, err := w.Store.Ladders(ctx)
	require.NoError(t, err)
	require.Len(t, ladders, 1)
	assert.Equal(t, store.LadderSummary{Game: "vampiring", Results: 12, Players: 8}, ladders[0])
}

// kingMeSeason records the King Me games of storetest.SeasonSeats() in the given order (the k-th
// recorded scores 40-k, 30, 20+k, 10 in seat order) and returns the league, its games,
// what the ladder and standings should be, and each game's input.
func (w *world) kingMeSeason(t *testing.T, order []int) (int64, []int64, *storetest.Expected, [][]byte) {
	t.Helper()
	ctx := context.Background()
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("king-me", storetest.SeasonSeats())
	exp := storetest.NewExpected()
	exp.Members[leagueID] = members
	inputs := make([][]byte, len(games))
	for k, i := range order {
		names := make([]string, 4)
		for j, p := range storetest.SeasonSeats()[i] {
			names[j] = members[p]
		}
		inputs[i] = storetest.PlacementInput(names, []int{40 - k, 30, 20 + k, 10})
		_, err := w.Record(ctx, games[i], w.Organiser.ID, inputs[i])
		require.NoError(t, err)
		exp.Add(t, leagueID, strconv.FormatInt(games[i], 10), scoring.Placement, inputs[i], nil)
	}
	return leagueID, games, exp, inputs
}

func TestRecordRefusalsChangeNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("blue-max", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	ok := []byte(`{"sides":[{"name":"Allies","players":[{"id":"ada","destroyed":1,"points":30},{"id":"bruno","points":10}]},
		{"name":"Central Powers","players":[{"id":"chloe","lost":1,"points":5},{"id":"dmitri","points":12}]}]}`)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, ok)
	require.NoError(t, err)
	clean := w.Snapshot()

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
		{name: "a seated player is not the organiser", game: games[1], by: w.Players[4].ID, input: other, is: store.ErrNotOrganiser},
		{name: "another player is not the organiser", game: games[1], by: w.Players[0].ID, input: other, is: store.ErrNotOrganiser},
		{name: "correction by a player", game: games[0], by: w.Players[0].ID, input: ok, put: true, is: store.ErrNotOrganiser},
		{name: "second record", game: games[0], by: w.Organiser.ID, input: ok, is: store.ErrResultRecorded},
		{name: "correction before a record", game: games[1], by: w.Organiser.ID, input: other, put: true, is: store.ErrNoResult},
		{name: "unknown game", game: games[1] + 100, by: w.Organiser.ID, input: other, is: store.ErrNotFound},
		{name: "someone not seated", game: games[1], by: w.Organiser.ID, field: "sides[1].players[1].id",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"ada"}]}]}`)},
		{name: "a seated player missing", game: games[1], by: w.Organiser.ID, field: "sides",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"}]}]}`)},
		{name: "the same player twice in other letters", game: games[1], by: w.Organiser.ID, field: "sides[1].players[1].id",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"ELENA"}]}]}`)},
		{name: "the scorer's validation", game: games[1], by: w.Organiser.ID, field: "sides[0].players[0].lost",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena","lost":2}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"},{"id":"farid"}]}]}`)},
		{name: "malformed JSON", game: games[1], by: w.Organiser.ID, field: "input", input: []byte(`{"sides":`)},
		{name: "substitute unknown", game: games[1], by: w.Organiser.ID, field: "replaced.elena",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"elena":"nobody"}}`)},
		{name: "substitute with a NUL", game: games[1], by: w.Organiser.ID, field: "replaced.elena",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"elena":"no\u0000body"}}`)},
		{name: "substitute seated", game: games[1], by: w.Organiser.ID, field: "replaced.elena",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"elena":"hugo"}}`)},
		{name: "replaced seat not seated", game: games[1], by: w.Organiser.ID, field: "replaced.ada",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"elena"},{"id":"farid"}]},{"name":"B","players":[{"id":"greta"},{"id":"hugo"}]}],"replaced":{"ada":"xavier"}}`)},
		{name: "bad correction", game: games[0], by: w.Organiser.ID, put: true, field: "sides[0].players[0].id",
			input: []byte(`{"sides":[{"name":"A","players":[{"id":"zed"}]},{"name":"B","players":[{"id":"chloe"}]}]}`)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var err error
			if tt.put {
				_, err = w.Correct(ctx, tt.game, tt.by, tt.input)
			} else {
				_, err = w.Record(ctx, tt.game, tt.by, tt.input)
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
			assert.Equal(t, clean, w.Snapshot(), "nothing changed")
		})
	}
	_, err = w.Check(ctx, games[1], w.Organiser.ID, other)
	require.NoError(t, err)
	assert.Equal(t, clean, w.Snapshot(), "a preview stores nothing")
}

func TestConcurrentRecordsKeepTheLadderWhole(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("arcs", storetest.SeasonSeats())
	inputs := make([][]byte, len(games))
	for i := range games {
		names := make([]string, 4)
		for j, p := range storetest.SeasonSeats()[i] {
			names[j] = members[p]
		}
		inputs[i] = storetest.PlacementInput(names, []int{10 + i, 20 - i, 15, 5 * i})
	}

	// Eight organisers' clicks on the same game: exactly one records it.
	errs := make(chan error, 8)
	for range 8 {
		go func() {
			_, err := w.Record(ctx, games[0], w.Organiser.ID, inputs[0])
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
			_, err := w.Record(ctx, games[i], w.Organiser.ID, inputs[i])
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
		r, err := w.Store.Result(ctx, id)
		require.NoError(t, err)
		order = append(order, placed{r.LadderSeq, i})
	}
	slices.SortFunc(order, func(a, b placed) int { return cmp.Compare(a.seq, b.seq) })
	exp := storetest.NewExpected()
	exp.Members[leagueID] = members
	for k, p := range order {
		assert.Equal(t, int64(k+1), p.seq, "ladder places are 1..n without gaps")
		exp.Add(t, leagueID, strconv.FormatInt(games[p.i], 10), scoring.Placement, inputs[p.i], nil)
	}
	exp.Check(t, w.Store, "arcs", leagueID)
}
