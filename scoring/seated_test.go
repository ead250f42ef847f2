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
		{name: "a draw no survivor owns a centre of: an empty list, for the scorer to refuse", outcome: OutcomeDraw,
			players: []ArmadaPlayer{{ID: "d"}, {ID: "e"}, {ID: "c", Eliminated: 1905}}, want: []string{}},
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

// CONTRACT section 12: in every game but Diplomacy an absent seat is left out of players (or
// the sides), takes no place and no points, and the game is scored among the players present
// by the seed's rules for that many players.
func TestScoreSeatedAbsentSeats(t *testing.T) {
	t.Parallel()
	game := func(slug string) Game {
		g, err := GameBySlug(slug)
		require.NoError(t, err)
		return g
	}
	five := []Seat{{1, "ada"}, {2, "bruno"}, {3, "chloe"}, {4, "dmitri"}, {5, "elena"}}
	four := five[:4]
	tests := []struct {
		name  string
		game  Game
		seats []Seat
		body  string
		// points, places and subs are the lines' in seat order; absent the seats marked absent.
		points []string
		places []int
		subs   []string
		absent []bool
	}{
		{name: "seed: a five-seat Cartagena game with one absent is scored by the 4-player table", game: game("cartagena"), seats: five,
			body:   `{"players":[{"id":"ada","score":1000},{"id":"bruno","score":970},{"id":"dmitri","score":800},{"id":"elena","score":770}],"absent":["chloe"]}`,
			points: []string{"12", "6", "0", "2", "0"}, places: []int{1, 2, 0, 3, 4},
			subs: []string{"", "", "", "", ""}, absent: []bool{false, false, true, false, false}},
		{name: "seed: the Vampiring example with a fifth seat absent, ties averaged", game: game("vampiring"), seats: five,
			body:   `{"players":[{"id":"ada","score":32},{"id":"bruno","score":28},{"id":"chloe","score":28},{"id":"dmitri","score":10}],"absent":["ELENA"]}`,
			points: []string{"12", "4", "4", "0", "0"}, places: []int{1, 2, 2, 4, 0},
			subs: []string{"", "", "", "", ""}, absent: []bool{false, false, false, false, true}},
		{name: "a substitute plays one seat while another is absent", game: game("gonzaga"), seats: four,
			body:   `{"players":[{"id":"ada","score":5},{"id":"bruno","score":9},{"id":"dmitri","score":1}],"absent":["chloe"],"replaced":{"bruno":"farid"}}`,
			points: []string{"2", "6", "0", "0"}, places: []int{2, 1, 0, 3},
			subs: []string{"", "farid", "", ""}, absent: []bool{false, false, true, false}},
		{name: "two present of four is a 2-player game", game: game("king-me"), seats: four,
			body:   `{"players":[{"id":"bruno","score":3},{"id":"dmitri","score":4}],"absent":["ada","chloe"]}`,
			points: []string{"0", "0", "0", "2"}, places: []int{0, 2, 0, 1},
			subs: []string{"", "", "", ""}, absent: []bool{true, false, true, false}},
		// Blue Max seed example 3 (1 vs. 1, strategic victory): a 3-seat game whose third did not come.
		{name: "seed: Blue Max 1 vs. 1 with the third seat absent", game: game("blue-max"), seats: five[:3],
			body: `{"sides":[{"name":"Allies","players":[{"id":"ada","destroyed":1}]},
				{"name":"Central Powers","players":[{"id":"chloe","lost":1}]}],"absent":["bruno"]}`,
			points: []string{"5", "0", "-1"}, places: []int{1, 0, 2},
			subs: []string{"", "", ""}, absent: []bool{false, true, false}},
		{name: "Wooden Ships: the side present plays on, no destroyed point", game: game("wooden-ships-and-iron-men"), seats: four,
			body: `{"sides":[{"name":"First fleet","players":[{"id":"ada","destroyed":1},{"id":"bruno"}]},
				{"name":"Second fleet","players":[{"id":"dmitri","lost":1}]}],"absent":["chloe"],"replaced":{"ada":"elena"}}`,
			points: []string{"4", "4", "0", "-1"}, places: []int{1, 1, 0, 3},
			subs: []string{"elena", "", "", ""}, absent: []bool{false, false, true, false}},
		// vortex-mechanics.txt's example without its fourth player: 90, 70, 40 → 10 × (20 + 50).
		{name: "seed: Vortex among the three present", game: game("vortex"), seats: four,
			body:   `{"players":[{"id":"ada","score":90},{"id":"bruno","score":70},{"id":"chloe","score":40}],"absent":["dmitri"]}`,
			points: []string{"700", "0", "0", "0"}, places: []int{1, 2, 3, 0},
			subs: []string{"", "", "", ""}, absent: []bool{false, false, false, true}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, _, err := ScoreSeatedVersion(tt.game, Version{}, []byte(tt.body), tt.seats)
			require.NoError(t, err)
			require.Len(t, got.Lines, len(tt.seats))
			present := 0
			for i, l := range got.Lines {
				assert.Equal(t, tt.seats[i], Seat{l.Position, l.Player})
				assert.Equal(t, tt.points[i], l.Points.RatString(), l.Player)
				assert.Equal(t, tt.places[i], l.Place, l.Player)
				assert.Equal(t, tt.subs[i], l.Substitute, l.Player)
				assert.Equal(t, tt.absent[i], l.Absent, l.Player)
				assert.Equal(t, !tt.absent[i], SeatRated(tt.game.System, l.Absent), "an absent seat is not rated")
				if !l.Absent {
					present++
				}
			}
			assert.Len(t, got.Result.Results, present, "the scorer scored only the players present")
		})
	}
}

// Absent seats that do not add up are refused, each problem naming its field.
func TestScoreSeatedAbsentRefusals(t *testing.T) {
	t.Parallel()
	cartagena, err := GameBySlug("cartagena")
	require.NoError(t, err)
	blueMax, err := GameBySlug("blue-max")
	require.NoError(t, err)
	four := []Seat{{1, "ada"}, {2, "bruno"}, {3, "chloe"}, {4, "dmitri"}}
	tests := []struct {
		name string
		game Game
		body string
		want []string
	}{
		{name: "someone not seated", game: cartagena,
			body: `{"players":[{"id":"ada","score":3},{"id":"bruno","score":2},{"id":"chloe","score":1}],"absent":["zed"]}`,
			want: []string{`absent[0]: "zed" is not seated in this game`}},
		{name: "the same seat twice", game: cartagena,
			body: `{"players":[{"id":"ada","score":3},{"id":"bruno","score":2}],"absent":["chloe","CHLOE"]}`,
			want: []string{`absent[1]: "CHLOE" is already listed at absent[0]`}},
		{name: "present and absent at once", game: cartagena,
			body: `{"players":[{"id":"ada","score":3},{"id":"bruno","score":2},{"id":"chloe","score":1},{"id":"dmitri","score":0}],"absent":["dmitri"]}`,
			want: []string{`absent[0]: "dmitri" is reported at players[3].id; a seat is either played or absent, not both`}},
		{name: "absent and replaced at once", game: cartagena,
			body: `{"players":[{"id":"ada","score":3},{"id":"bruno","score":2},{"id":"chloe","score":1}],"absent":["dmitri"],"replaced":{"dmitri":"elena"}}`,
			want: []string{`absent[0]: "dmitri" is replaced by "elena"; a seat a substitute played is not absent`}},
		{name: "a substitute who holds a seat, if absent", game: cartagena,
			body: `{"players":[{"id":"ada","score":3},{"id":"bruno","score":2},{"id":"chloe","score":1}],"absent":["dmitri"],"replaced":{"ada":"dmitri"}}`,
			want: []string{`replaced.ada: substitute "dmitri" holds a seat in this game`}},
		{name: "one player present: the scorer needs two", game: cartagena,
			body: `{"players":[{"id":"ada","score":3}],"absent":["bruno","chloe","dmitri"]}`,
			want: []string{"players: 1 player(s), need at least 2"}},
		{name: "fewer than two present however the players read", game: cartagena,
			body: `{"players":[{"id":"ada","score":3},{"id":"zed","score":2}],"absent":["bruno","chloe","dmitri"]}`,
			want: []string{"absent: at least 2 players must be present; 3 of the 4 seated are absent"}},
		{name: "a seat neither played nor absent", game: cartagena,
			body: `{"players":[{"id":"ada","score":3},{"id":"bruno","score":2}],"absent":["chloe"]}`,
			want: []string{"players: missing seated player dmitri"}},
		{name: "a team game's side", game: blueMax,
			body: `{"sides":[{"name":"A","players":[{"id":"ada"},{"id":"bruno"}]},{"name":"B","players":[{"id":"chloe"}]}],"absent":["chloe"]}`,
			want: []string{`absent[0]: "chloe" is reported at sides[1].players[0].id; a seat is either played or absent, not both`,
				"sides: missing seated player dmitri"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, _, err := ScoreSeatedVersion(tt.game, Version{}, []byte(tt.body), four)
			require.Error(t, err)
			var msgs []string
			for _, fe := range AllFieldErrors(err) {
				msgs = append(msgs, fe.Error())
			}
			assert.Equal(t, tt.want, msgs)
		})
	}
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
