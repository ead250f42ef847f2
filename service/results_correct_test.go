package service_test

import (
	"context"
	"math/big"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestCorrectionReplaysTheLadder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	// Record out of number order: the ladder order is the recording order.
	leagueID, games, exp, inputs := w.kingMeSeason(t, []int{2, 0, 1, 4, 3})
	before, err := w.Store.Ratings(ctx, "king-me")
	require.NoError(t, err)

	// Correct game 1 (recorded second): its first and last swap.
	names := []string{"ada", "bruno", "chloe", "dmitri"}
	corrected := storetest.PlacementInput(names, []int{10, 30, 20, 40})
	r, err := w.Correct(ctx, games[0], w.Organiser.ID, corrected)
	require.NoError(t, err)
	exp.Replace(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Placement, inputs[0], corrected)
	exp.Check(t, w.Store, "king-me", leagueID)

	assert.Equal(t, int64(2), r.LadderSeq, "a correction keeps the game's place in the ladder")
	assert.Equal(t, "organiser", r.CorrectedBy)
	require.NotNil(t, r.CorrectedAt)
	// ada went from 12 to 0 points, dmitri from 0 to 12; bruno and chloe kept theirs.
	require.Len(t, r.Changes.Points, 2)
	assert.Equal(t, "ada", r.Changes.Points[0].Username)
	assert.Equal(t, 0, r.Changes.Points[0].Delta().Cmp(big.NewRat(-12, 1)))
	assert.Equal(t, "dmitri", r.Changes.Points[1].Username)
	assert.Equal(t, 0, r.Changes.Points[1].Delta().Cmp(big.NewRat(12, 1)))
	after, err := w.Store.Ratings(ctx, "king-me")
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

	audit, err := w.Store.ResultAudit(ctx, games[0])
	require.NoError(t, err)
	require.Len(t, audit, 2)
	assert.Equal(t, "correct", audit[1].Action)
	assert.Equal(t, r.Changes.Ratings, audit[1].Changes.Ratings)
	require.Len(t, audit[1].Changes.Points, 2)
	assert.Equal(t, 0, audit[1].Changes.Points[0].After.Cmp(r.Changes.Points[0].After))

	// Recording after a correction continues the ladder from the replayed ratings.
	names = []string{"bruno", "elena", "dmitri", "greta"}
	last := storetest.PlacementInput(names, []int{5, 6, 7, 8})
	_, err = w.Record(ctx, games[5], w.Organiser.ID, last)
	require.NoError(t, err)
	exp.Add(t, leagueID, strconv.FormatInt(games[5], 10), scoring.Placement, last, nil)
	exp.Check(t, w.Store, "king-me", leagueID)
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
		rows, err := w.Pool.Query(ctx, `
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
			_, err := w.Pool.Exec(ctx, `DELETE FROM rating_entries WHERE game_id = $1`, games[len(games)-1])
			require.NoError(t, err)
		}
		corrected := storetest.PlacementInput(names, scores)
		_, err := w.Correct(ctx, games[0], w.Organiser.ID, corrected)
		require.NoError(t, err)
		exp.Replace(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Placement, inputs[0], corrected)
		inputs[0] = corrected
		exp.Check(t, w.Store, "king-me", leagueID)
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
	leagueID, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}})
	exp := storetest.NewExpected()
	exp.Members[leagueID] = members
	first := []byte(`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"]}`)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, first)
	require.NoError(t, err)
	exp.Add(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Armada, first, nil)

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
	r, err := w.Record(ctx, games[1], w.Organiser.ID, second)
	require.NoError(t, err)
	exp.Add(t, leagueID, strconv.FormatInt(games[1], 10), scoring.Armada, scorerInput, map[string]string{"bruno": "xavier"})
	exp.Check(t, w.Store, "diplomacy", leagueID)

	assert.Equal(t, "xavier", r.Lines[0].Substitute)
	require.Len(t, r.Ledger, 7)
	assert.Equal(t, "xavier", r.Ledger[0].Credited, "a winning replaced seat whose award beats its ante credits the substitute (seed 4.2)")
	// League points stay with the seated player.
	st, err := service.NewLeagues(w.Store).Standings(ctx, leagueID)
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

func TestStaleWritesAndEmptyCorrectionsChangeNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}})
	input := storetest.PlacementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{40, 30, 20, 10})
	stale, err := w.Check(ctx, games[0], w.Organiser.ID, input) // built from version 0
	require.NoError(t, err)
	_, err = w.Record(ctx, games[0], w.Organiser.ID, input)
	require.NoError(t, err)
	clean := w.Snapshot()

	_, err = service.NewResults(w.Store).Correct(ctx, stale)
	assert.ErrorIs(t, err, store.ErrStaleResult, "a write built before the record is stale")
	_, err = w.Correct(ctx, games[0], w.Organiser.ID, input)
	assert.ErrorIs(t, err, store.ErrNoChange)
	_, err = w.Correct(ctx, games[0], w.Organiser.ID,
		[]byte(`{"players":[{"id":"dmitri","score":10},{"id":"chloe","score":20},{"id":"bruno","score":30},{"id":"ada","score":40}]}`))
	assert.ErrorIs(t, err, store.ErrNoChange, "the same result in another order is no change")
	assert.Equal(t, clean, w.Snapshot(), "nothing changed, nothing logged")

	_, err = w.Correct(ctx, games[0], w.Organiser.ID, storetest.PlacementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{40, 30, 20, 20}))
	require.NoError(t, err)
	g, err := w.Store.ResultGame(ctx, games[0])
	require.NoError(t, err)
	assert.Equal(t, 2, g.Version)
}

// A reason league.ResultReason refuses is refused by the service, on a record and on a
// correction alike, and changes nothing.
func TestResultReasonsTheLeagueRefusesChangeNothing(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	players := `{"players":[{"id":"ada","score":40},{"id":"bruno","score":30},{"id":"chloe","score":20},{"id":"dmitri","score":10}],`
	_, err := w.Record(ctx, games[0], w.Organiser.ID, []byte(players+`"reason":"dmitri scored 10"}`))
	require.NoError(t, err)
	clean := w.Snapshot()

	refused := map[string]string{
		`"typo \u202etxet"`:                   "reason: must not contain invisible or text-direction characters",
		`"\u3164"`:                            "reason: must not contain characters that look blank (such as U+3164 or U+2800)",
		`"no\u0000body"`:                      "reason: must be text without NUL characters",
		`"` + strings.Repeat("x", 1001) + `"`: "reason: longer than 1000 bytes",
	}
	corrected := `{"players":[{"id":"ada","score":40},{"id":"bruno","score":30},{"id":"chloe","score":20},{"id":"dmitri","score":15}],`
	for reason, want := range refused {
		_, err = w.Correct(ctx, games[0], w.Organiser.ID, []byte(corrected+`"reason":`+reason+`}`))
		var fe *scoring.FieldError
		require.ErrorAs(t, err, &fe, reason)
		assert.Equal(t, want, fe.Error())
		_, err = w.Record(ctx, games[1], w.Organiser.ID,
			[]byte(`{"players":[{"id":"elena","score":4},{"id":"farid","score":3},{"id":"greta","score":2},{"id":"hugo","score":1}],"reason":`+reason+`}`))
		require.ErrorAs(t, err, &fe, reason)
		assert.Equal(t, want, fe.Error())
	}
	assert.Equal(t, clean, w.Snapshot(), "nothing changed, nothing logged")
}
