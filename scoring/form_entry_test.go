package scoring_test

import (
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
)

// entryOf is the empty result form of the game slug seated by players, seat 1 first.
func entryOf(t *testing.T, slug string, players ...string) scoring.FormEntry {
	t.Helper()
	g, err := scoring.GameBySlug(slug)
	require.NoError(t, err)
	v, err := g.Version("")
	require.NoError(t, err)
	seats := make([]scoring.Seat, len(players))
	for i, p := range players {
		seats[i] = scoring.Seat{Position: i + 1, Player: p}
	}
	return scoring.NewFormEntry(g, v, seats)
}

// problemsOf are err's problems by form input, and the problems no input holds.
func problemsOf(e *scoring.FormEntry, err error) (map[string]string, []string) {
	on, elsewhere := e.Problems(err)
	out := map[string]string{}
	for name, fe := range on {
		out[name] = fe.Problem
	}
	var rest []string
	for _, fe := range elsewhere {
		rest = append(rest, fe.Error())
	}
	return out, rest
}

// One build reports every field's problem at once, each on its input: those of the
// inputs left empty or not numbers, and those the scorer's own rule for a field finds in
// the inputs that were given, never scoring the result with stand-in values.
func TestFormEntryReportsEveryFieldAtOnce(t *testing.T) {
	tests := []struct {
		name string
		game string
		form url.Values
		want map[string]string
	}{
		{name: "placement: empty, negative and fractional scores", game: "cartagena",
			form: url.Values{"score-1": {"-1"}, "score-2": {""}, "score-3": {"2.50"}, "score-4": {"1"}},
			want: map[string]string{
				"score-1": "Cartagena scores are whole numbers of 0 or more, got -1",
				"score-2": "Enter the final score",
				"score-3": "Cartagena scores are whole numbers of 0 or more, got 2.50",
			}},
		{name: "team game: a seat's losses beyond its units beside an empty field", game: "blue-max",
			form: url.Values{"units-1": {"2"}, "lost-1": {"3"}, "destroyed-1": {"0"}, "points-1": {""},
				"units-2": {"0"}, "lost-2": {"0"}, "destroyed-2": {"0"}, "points-2": {"-1"},
				"units-3": {"1"}, "lost-3": {"0"}, "destroyed-3": {"0"}, "points-3": {"1"},
				"units-4": {"1"}, "lost-4": {"x"}, "destroyed-4": {"0"}, "points-4": {"1"}},
			want: map[string]string{
				"lost-1":   "3 exceeds units 2",
				"points-1": "Enter the personal points",
				"units-2":  "must be at least 1, got 0",
				"points-2": "must not be negative, got -1",
				"lost-4":   "Not a number: x",
			}},
		{name: "diplomacy: a power's line judged as the scorer judges it", game: "diplomacy",
			form: url.Values{"outcome": {"draw"}, "centers-1": {"35"}, "years-1": {"5"}, "centers-2": {"3"}, "years-2": {"3"},
				"eliminated-2": {"1903"}, "centers-3": {""}, "years-3": {"5"}, "centers-4": {"4"}, "years-4": {"5"}},
			want: map[string]string{
				"centers-1": "35 exceeds the 34 supply centres of the map",
				"centers-2": "bruno was eliminated in 1903 but owns 3 centres",
				"centers-3": "Enter the supply centres (0 if none)",
			}},
		{name: "vortex board: a corner and a token off the board", game: "vortex",
			form: url.Values{"vortex_from": {"board"}, "die": {"0"}, "start-1": {"3"}, "t1-1": {"26"}, "start-2": {"8"}, "start-3": {"4"}, "start-4": {"12"}},
			want: map[string]string{
				"start-1": "must be 0, 4, 8 or 12, got 3",
				"t1-1":    "must be 0..25, got 26",
				"die":     "must be at least 1, got 0",
			}},
		{name: "an input posted twice is taken for neither value", game: "cartagena",
			form: url.Values{"score-1": {"3", "4"}, "score-2": {"1"}, "score-3": {"2"}, "score-4": {"0"}},
			want: map[string]string{"score-1": "given twice"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			e := entryOf(t, tt.game, "ada", "bruno", "chloe", "dmitri")
			e.Bind(tt.form)
			_, err := e.Input()
			require.Error(t, err)
			got, elsewhere := problemsOf(&e, err)
			assert.Equal(t, tt.want, got)
			assert.Empty(t, elsewhere)
		})
	}
}

// A form filled from a decoded result says what it entered, and builds the same result
// back; what was entered per player reads from the decoded input, never from the text again.
func TestFormEntryFillsFromADecodedResult(t *testing.T) {
	e := entryOf(t, "cartagena", "ada", "bruno", "chloe")
	in, err := e.Game.DecodeResult(e.Version, []byte(`{"players":[{"id":"ada","score":9},{"id":"bruno","score":3}],"absent":["chloe"],"replaced":{"bruno":"elena"}}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"ada": "9", "bruno": "3"}, in.Entered())
	e.Fill(in)
	assert.Equal(t, "9", e.Seats[0].Values["score"])
	assert.Equal(t, "elena", e.Seats[1].Values["substitute"])
	assert.Equal(t, "1", e.Seats[2].Values["absent"])
	back, err := e.Input()
	require.NoError(t, err)
	assert.JSONEq(t, string(in.Body), string(back.Body))

	assert.Empty(t, scoring.EnteredIn(e.Game, e.Version, []byte(`{"players":[{"id":"ada","score":9,"score":9}]}`)),
		"a body with a key given twice is refused, not read leniently")
}

// A check's problems against the seats land on the inputs they concern.
func TestFormEntryPutsTheSeatChecksOnTheirInputs(t *testing.T) {
	e := entryOf(t, "cartagena", "ada", "bruno", "chloe")
	e.Bind(url.Values{"score-1": {"3"}, "score-2": {"2"}, "score-3": {"1"}, "substitute-2": {"ada"}})
	in, err := e.Input()
	require.NoError(t, err)
	_, err = scoring.ScoreSeated(e.Game, in, []scoring.Seat{{Position: 1, Player: "ada"}, {Position: 2, Player: "bruno"}, {Position: 3, Player: "chloe"}})
	require.Error(t, err)
	got, elsewhere := problemsOf(&e, err)
	assert.Contains(t, got, "substitute-2")
	assert.Empty(t, elsewhere)
}

// A Diplomacy draw no survivor owns a centre of is the scorer's to judge: the form sends
// the draw's winners as an empty list, never as none, so the outcome input says the
// scorer's own words about such a draw instead of "missing".
func TestFormEntryDrawWithoutACentreSaysTheScorersWords(t *testing.T) {
	e := entryOf(t, "diplomacy", "ada", "bruno", "chloe", "dmitri")
	e.Bind(url.Values{"outcome": {"draw"}, "centers-1": {"0"}, "years-1": {"5"}, "centers-2": {"0"}, "years-2": {"5"},
		"centers-3": {"0"}, "years-3": {"2"}, "eliminated-3": {"1902"}, "centers-4": {"0"}, "years-4": {"5"}})
	in, err := e.Input()
	if err == nil {
		_, err = scoring.ScoreSeated(e.Game, in, []scoring.Seat{{Position: 1, Player: "ada"}, {Position: 2, Player: "bruno"},
			{Position: 3, Player: "chloe"}, {Position: 4, Player: "dmitri"}})
	}
	require.Error(t, err)
	on, elsewhere := e.Problems(err)
	assert.Empty(t, elsewhere)
	require.Contains(t, on, "outcome")
	assert.Equal(t, "scoring.armada_no_winners", on["outcome"].ID)
	assert.Equal(t, "empty, need the victor or every survivor of a draw", on["outcome"].Problem)
}
