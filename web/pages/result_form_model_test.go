package pages

import (
	"cmp"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// formGame is a game of slug seated by the given usernames, seat 1 first.
func formGame(t *testing.T, slug string, players ...string) store.ResultGame {
	t.Helper()
	game, err := scoring.GameBySlug(slug)
	require.NoError(t, err)
	g := store.ResultGame{ID: 7, LeagueID: 3, Game: game, Number: 2, LeagueName: "Spring", Status: store.GameScheduled}
	for i, p := range players {
		g.Seats = append(g.Seats, store.SeatRef{Position: i + 1, UserID: int64(i + 10), Username: p, DisplayName: p})
	}
	return g
}

// lowerIsBetter is g as if its registry entry allowed the lowest score to rank first.
func lowerIsBetter(g store.ResultGame) store.ResultGame {
	g.Game.LowerIsBetter = true
	return g
}

func TestResultFormBuildsTheBody(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		game store.ResultGame
		form url.Values
		want string
	}{
		{name: "placement", game: lowerIsBetter(formGame(t, "cartagena", "ada", "bruno", "chloe")),
			form: url.Values{"score-1": {"9"}, "score-2": {" 3 "}, "score-3": {"0"}, "lower_is_better": {"1"}},
			want: `{"lower_is_better":true,"players":[{"id":"ada","score":9},{"id":"bruno","score":3},{"id":"chloe","score":0}]}`},
		{name: "arcs ignores lower_is_better: its registry entry does not allow it", game: formGame(t, "arcs", "ada", "bruno"),
			form: url.Values{"score-1": {"9"}, "score-2": {"3"}, "lower_is_better": {"1"}},
			want: `{"players":[{"id":"ada","score":9},{"id":"bruno","score":3}]}`},
		{name: "team game: the first half of the seats is the first side", game: formGame(t, "wooden-ships-and-iron-men", "ada", "bruno", "chloe"),
			form: url.Values{"units-1": {"2"}, "lost-1": {"1"}, "points-1": {"3"}, "units-2": {"1"}, "lost-2": {"0"}, "points-2": {"0"},
				"units-3": {"3"}, "lost-3": {"3"}, "points-3": {"1"}, "destroyed-1": {"9"}},
			want: `{"sides":[{"name":"First fleet","players":[{"id":"ada","units":2,"lost":1,"points":3},{"id":"bruno","units":1,"lost":0,"points":0}]},` +
				`{"name":"Second fleet","players":[{"id":"chloe","units":3,"lost":3,"points":1}]}]}`},
		{name: "diplomacy: a draw includes every survivor, substitutes go to replaced", game: formGame(t, "diplomacy", "ada", "bruno", "chloe"),
			form: url.Values{"outcome": {"draw"}, "centers-1": {"10"}, "years-1": {"5"}, "centers-2": {"8"}, "years-2": {"5"},
				"centers-3": {"0"}, "years-3": {"3"}, "eliminated-3": {"1903"}, "substitute-2": {"elena"}},
			want: `{"outcome":"draw","players":[{"id":"ada","centers":10,"years":5},{"id":"bruno","centers":8,"years":5},` +
				`{"id":"chloe","centers":0,"years":3,"eliminated":1903}],"replaced":{"bruno":"elena"},"winners":["ada","bruno"]}`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newResultForm(tt.game)
			f.entry.Bind(tt.form)
			built, err := f.entry.Input()
			require.NoError(t, err)
			body := built.Body
			assert.JSONEq(t, tt.want, string(body))
			in, err := service.DecodeResult(tt.game, body)
			require.NoError(t, err)
			_, err = service.CheckResult(tt.game, 1, in)
			assert.NoError(t, err, "the body passes the seat check")
		})
	}
}

func TestResultFormReportsEveryProblemOnItsInput(t *testing.T) {
	t.Parallel()
	f := newResultForm(formGame(t, "diplomacy", "ada", "bruno", "chloe"))
	f.entry.Bind(url.Values{"outcome": {"concession"}, "centers-1": {"many"}, "years-1": {""}, "centers-2": {"8"}, "years-2": {"5"},
		"centers-3": {"1"}, "years-3": {"x"}})
	_, err := f.entry.Input()
	problems, elsewhere := f.problems(err)
	assert.Empty(t, elsewhere)
	english, ids := map[string]string{}, map[string]string{}
	for name, w := range problems {
		english[name], ids[name] = w.English, w.ID
	}
	assert.Equal(t, map[string]string{
		"centers-1":   "Not a number: many",
		"years-1":     "Enter the game-years played",
		"years-3":     "Not a number: x",
		"conceded_to": "choose the player the game was conceded to", // the view starts it in upper case
	}, english)
	assert.Equal(t, map[string]string{
		"centers-1": "resultform.not_a_number", "years-1": "resultform.enter", "years-3": "resultform.not_a_number",
		"conceded_to": "scoring.armada_choose_conceded_to",
	}, ids, "each problem with words of its own carries their message id")
}

func TestResultFormMapsBodyPathsToInputs(t *testing.T) {
	t.Parallel()
	f := newResultForm(formGame(t, "blue-max", "ada", "bruno", "chloe", "dmitri"))
	f.entry.Bind(url.Values{})
	for path, want := range map[string]string{
		"sides[0].players[1].lost":      "lost-2",
		"sides[1].players[0].points":    "points-3",
		"sides[1].players[1].id":        "units-4",
		"sides[1].players[1].destroyed": "destroyed-4",
	} {
		got, ok := f.entry.InputOf(path)
		assert.True(t, ok, path)
		assert.Equal(t, want, got, path)
	}
	_, ok := f.entry.InputOf("sides[2].players[0].lost")
	assert.False(t, ok, "no such seat")
	_, ok = f.entry.InputOf("players[99999999999999999999].score")
	assert.False(t, ok, "an index past any int")

	d := newResultForm(formGame(t, "diplomacy", "ada", "bruno"))
	d.entry.Bind(url.Values{})
	for path, want := range map[string]string{"winners[0]": "outcome", "replaced.bruno": "substitute-2", "players[1].years": "years-2"} {
		got, ok := d.entry.InputOf(path)
		assert.True(t, ok, path)
		assert.Equal(t, want, got, path)
	}
}

// A correction form starts from the recorded body: each field the form asks, one the body
// leaves out at its default, then built back into the same body.
func TestResultFormFillsFromTheRecordedBody(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		game   store.ResultGame
		body   string
		values map[string]string // input name → value on the filled form
		want   string            // the body built back; empty for body itself
	}{
		{name: "team game: a left-out number is its default", game: formGame(t, "blue-max", "ada", "bruno"),
			body:   `{"sides":[{"name":"Allies","players":[{"id":"ada","units":2,"lost":1,"points":3}]},{"name":"Central Powers","players":[{"id":"bruno","units":1,"lost":0,"destroyed":1,"points":0}]}]}`,
			values: map[string]string{"units-1": "2", "lost-1": "1", "destroyed-1": "0", "points-1": "3", "destroyed-2": "1"},
			want:   `{"sides":[{"name":"Allies","players":[{"id":"ada","units":2,"lost":1,"destroyed":0,"points":3}]},{"name":"Central Powers","players":[{"id":"bruno","units":1,"lost":0,"destroyed":1,"points":0}]}]}`},
		{name: "diplomacy: replaced, absent and the concession", game: formGame(t, "diplomacy", "ada", "bruno", "chloe"),
			body: `{"outcome":"concession","players":[{"id":"ada","centers":10,"years":5},{"id":"bruno","centers":8,"years":5},` +
				`{"id":"chloe","centers":0,"years":3,"eliminated":1903}],"winners":["ada"],"replaced":{"bruno":"elena"},"absent":["chloe"]}`,
			values: map[string]string{"centers-1": "10", "eliminated-1": "", "eliminated-3": "1903", "substitute-2": "elena", "absent-3": "1"}},
		{name: "vortex board: start and tokens", game: formGame(t, "vortex", "ada", "bruno"),
			body:   `{"players":[{"id":"ada","start":0,"tokens":[25,3,0,1]},{"id":"bruno","start":8,"tokens":[0,0,0,0]}],"die":6}`,
			values: map[string]string{"start-1": "0", "t1-1": "25", "t4-1": "1", "start-2": "8"}},
		{name: "placement", game: formGame(t, "cartagena", "ada", "bruno"),
			body:   `{"players":[{"id":"ada","score":9},{"id":"bruno","score":3}]}`,
			values: map[string]string{"score-1": "9", "score-2": "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			f := newResultForm(tt.game)
			recorded, err := service.DecodeResult(tt.game, []byte(tt.body))
			require.NoError(t, err)
			f.entry.Fill(recorded)
			for name, want := range tt.values {
				found := false
				for _, s := range f.entry.Seats {
					for field, value := range s.Values {
						if s.Name(field) == name {
							found = true
							assert.Equal(t, want, value, name)
						}
					}
				}
				if want != "" {
					assert.True(t, found, name)
				}
			}
			built, err := f.entry.Input()
			require.NoError(t, err)
			want := cmp.Or(tt.want, tt.body)
			assert.JSONEq(t, want, string(built.Body))
		})
	}
}
