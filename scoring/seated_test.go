package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreSeated(t *testing.T) {
	t.Parallel()
	cartagena, err := GameBySlug("cartagena")
	require.NoError(t, err)
	blueMax, err := GameBySlug("blue-max")
	require.NoError(t, err)
	diplomacy, err := GameBySlug("diplomacy")
	require.NoError(t, err)
	four := []Seat{{1, "ada"}, {2, "bruno"}, {3, "chloe"}, {4, "dmitri"}}
	three := []Seat{{1, "ada"}, {2, "bruno"}, {3, "chloe"}}
	tests := []struct {
		name  string
		game  Game
		seats []Seat
		body  string
		// want is every problem, "field: problem", in order; empty for a result that passes.
		want []string
		// points are the lines' points and subs their substitutes, in seat order.
		points []string
		subs   []string
	}{
		{name: "scores land on their seats whatever the input order", game: cartagena, seats: four,
			body:   `{"players":[{"id":"dmitri","score":1},{"id":"ADA","score":9},{"id":"chloe","score":5},{"id":"bruno","score":3}]}`,
			points: []string{"12", "2", "6", "0"}, subs: []string{"", "", "", ""}},
		{name: "someone not seated and a seat missing, both reported", game: cartagena, seats: four,
			body: `{"players":[{"id":"ada","score":9},{"id":"bruno","score":3},{"id":"zed","score":5},{"id":"chloe","score":1}]}`,
			want: []string{`players[2].id: "zed" is not seated in this game (seated: ada, bruno, chloe, dmitri)`,
				"players: missing seated player dmitri"}},
		{name: "the same player twice in other letters", game: cartagena, seats: three,
			body: `{"players":[{"id":"ada","score":9},{"id":"bruno","score":3},{"id":"BRUNO","score":1}]}`,
			want: []string{`players[2].id: "BRUNO" is already reported at players[1].id`, "players: missing seated player chloe"}},
		{name: "team game paths name the side", game: blueMax, seats: four,
			body: `{"sides":[{"name":"A","players":[{"id":"ada"},{"id":"bruno"}]},{"name":"B","players":[{"id":"chloe"},{"id":"zed"}]}]}`,
			want: []string{`sides[1].players[1].id: "zed" is not seated in this game (seated: ada, bruno, chloe, dmitri)`,
				"sides: missing seated player dmitri"}},
		{name: "the scorer's own check comes first and alone", game: cartagena, seats: three,
			body: `{"players":[{"id":"ada","score":"high"},{"id":"zed","score":3}]}`,
			want: []string{"players[0].score: must be a number, got a string"}},
		{name: "a substitute finishes a seat (seed 4.2)", game: diplomacy, seats: three,
			body: `{"outcome":"draw","players":[{"id":"ada","centers":10,"years":5},{"id":"bruno","centers":8,"years":5},
				{"id":"chloe","centers":0,"years":3,"eliminated":1903}],"winners":["ada","bruno"],"replaced":{"Bruno":"elena"}}`,
			points: []string{"415/2", "419/2", "3"}, subs: []string{"", "elena", ""}},
		{name: "every substitute problem at once", game: cartagena, seats: four,
			body: `{"players":[{"id":"ada","score":9},{"id":"bruno","score":3},{"id":"chloe","score":5},{"id":"dmitri","score":1}],
				"replaced":{"ada":"elena","bruno":"ELENA","chloe":"dmitri","dmitri":" ","zed":"farid"}}`,
			want: []string{`replaced.bruno: substitute "ELENA" already replaces another seat`,
				`replaced.chloe: substitute "dmitri" holds a seat in this game`,
				"replaced.dmitri: missing substitute", `replaced.zed: "zed" is not seated in this game`}},
		{name: "a reason that is not text", game: cartagena, seats: three,
			body: `{"players":[],"reason":5}`,
			want: []string{"reason: must be a string, got a number"}},
		// A key given twice is refused, never decided by its last value: the scorer's own keys
		// beside the app's fields too.
		{name: "the scorer's key twice beside a reason", game: cartagena, seats: three,
			body: `{"players":[{"id":"ada","score":1}],"players":[{"id":"ada","score":9},{"id":"bruno","score":3},{"id":"chloe","score":5}],"reason":"typo"}`,
			want: []string{"players: given twice"}},
		{name: "a reason twice", game: cartagena, seats: three,
			body: `{"players":[],"reason":"typo","reason":"other"}`,
			want: []string{"reason: given twice"}},
		{name: "a replaced seat twice", game: cartagena, seats: three,
			body: `{"players":[],"replaced":{"ada":"elena","ada":"farid"}}`,
			want: []string{"replaced.ada: given twice"}},
		{name: "replaced is not a map of names", game: cartagena, seats: three,
			body: `{"players":[],"replaced":["ada"]}`,
			want: []string{"replaced: must map seated usernames to their substitutes' usernames"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := ScoreSeatedVersion(tt.game, Version{}, []byte(tt.body), tt.seats)
			if len(tt.want) > 0 {
				require.Error(t, err)
				var msgs []string
				for _, fe := range AllFieldErrors(err) {
					msgs = append(msgs, fe.Error())
				}
				assert.Equal(t, tt.want, msgs)
				return
			}
			require.NoError(t, err)
			require.Len(t, got.Lines, len(tt.seats))
			for i, l := range got.Lines {
				assert.Equal(t, tt.seats[i], Seat{l.Position, l.Player})
				assert.Equal(t, tt.points[i], l.Points.RatString(), l.Player)
				assert.Equal(t, tt.subs[i], l.Substitute, l.Player)
			}
			for _, r := range got.Result.Results {
				assert.Contains(t, []string{"ada", "bruno", "chloe", "dmitri"}, r.ID, "ids take the seats' spelling")
			}
		})
	}
}

func TestArmadaWinners(t *testing.T) {
	t.Parallel()
	players := []ArmadaPlayer{{ID: "a", Centers: 18}, {ID: "b", Centers: 10}, {ID: "c", Eliminated: 1905}}
	tests := []struct {
		name     string
		outcome  ArmadaOutcome
		players  []ArmadaPlayer
		conceded string
		want     []string
		err      string
	}{
		{name: "solo: the survivor with 18 or more centres", outcome: OutcomeSolo, players: players, want: []string{"a"}},
		{name: "solo without 18 centres", outcome: OutcomeSolo, players: players[1:],
			err: "outcome: a solo victory needs exactly one surviving player with 18 or more centres"},
		{name: "concession to the player named", outcome: OutcomeConcession, players: players, conceded: "b", want: []string{"b"}},
		{name: "concession to nobody", outcome: OutcomeConcession, players: players,
			err: "conceded_to: choose the player the game was conceded to"},
		{name: "draws include all survivors", outcome: OutcomeDraw, players: players, want: []string{"a", "b"}},
		{name: "a survivor without a centre shares no draw", outcome: OutcomeDraw,
			players: append([]ArmadaPlayer{{ID: "d"}}, players...), want: []string{"a", "b"}},
		{name: "no outcome", players: players, err: "outcome: choose how the game ended (solo, concession or draw)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ArmadaWinners(tt.outcome, tt.players, tt.conceded)
			if tt.err != "" {
				requireFieldError(t, err, tt.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tt.want, got)
		})
	}
}

// "Sign-up and result forms report every field's error at once, not the first only" (issue
// 12): Game.Score, which the forms use, names every problem; Score, which the CLI uses, keeps
// the contract's one line naming the first field.
func TestGameScoreReportsEveryProblemAtOnce(t *testing.T) {
	t.Parallel()
	cartagena, err := GameBySlug("cartagena")
	require.NoError(t, err)
	body := []byte(`{"players":[{"id":"a","score":-1},{"id":"b","score":2},{"id":"c","score":1.5}]}`)
	_, err = cartagena.Score(body)
	var fields []string
	for _, fe := range AllFieldErrors(err) {
		fields = append(fields, fe.Field)
	}
	assert.Equal(t, []string{"players[0].score", "players[2].score"}, fields)

	body = []byte(`{"players":[{"id":"a","score":"x"},{"id":"b","score":2},{"id":"c"}]}`)
	_, err = cartagena.Score(body)
	fields = nil
	for _, fe := range AllFieldErrors(err) {
		fields = append(fields, fe.Field)
	}
	assert.Equal(t, []string{"players[0].score", "players[2].score"}, fields)
	_, err = Score(Placement, body)
	assert.EqualError(t, err, "players[0].score: must be a number, got a string", "the CLI's one line")

	diplomacy, err := GameBySlug("diplomacy")
	require.NoError(t, err)
	_, err = diplomacy.Score([]byte(`{"outcome":"draw","players":[{"id":"a","centers":40,"years":5},
		{"id":"b","centers":3,"years":0},{"id":"c","centers":2,"years":5}],"winners":["a","c"]}`))
	fields = nil
	for _, fe := range AllFieldErrors(err) {
		fields = append(fields, fe.Field)
	}
	assert.Equal(t, []string{"players[0].centers", "players[1].years"}, fields)
}

// With the missing man (ARMADA 4.1) the six players present are placed among themselves,
// 1 to 6, whatever the absent power scored; the absent seat comes last (issue #34: no "7th").
func TestMissingManPlacesTheSixPlayersOneToSix(t *testing.T) {
	t.Parallel()
	diplomacy, err := GameBySlug("diplomacy")
	require.NoError(t, err)
	seats := []Seat{{1, "aus"}, {2, "eng"}, {3, "fra"}, {4, "ger"}, {5, "ita"}, {6, "rus"}, {7, "tur"}}
	// A draw of the first three; France, a winner, was absent, so its power outscores four
	// of the players present.
	body := `{"outcome":"draw","players":[
		{"id":"aus","centers":10,"years":8},{"id":"eng","centers":12,"years":8},{"id":"fra","centers":12,"years":8},
		{"id":"ger","centers":0,"years":3,"eliminated":1903},{"id":"ita","centers":0,"years":4,"eliminated":1904},
		{"id":"rus","centers":0,"years":5,"eliminated":1905},{"id":"tur","centers":0,"years":5,"eliminated":1905}],
		"winners":["aus","eng","fra"],"absent":["fra"]}`
	in, err := diplomacy.DecodeResult(diplomacy.DefaultVersion(), []byte(body))
	require.NoError(t, err)
	got, err := ScoreSeated(diplomacy, in, seats)
	require.NoError(t, err)
	var places []int
	for _, l := range got.Lines {
		if l.Absent {
			assert.Equal(t, 7, l.Place, "the absent seat last")
			continue
		}
		places = append(places, l.Place)
	}
	assert.Equal(t, []int{1, 2, 6, 5, 3, 3}, places, "by ARMADA points: the later eliminated score more; Russia and Turkey share 3rd")
}
