package main

// Black-box acceptance tests of CONTRACT.md: the built binary run as a process, and a real
// `tablestakes serve` on a fresh database driven over HTTP, the way a script outside the
// repository sees TableStakes. Nothing here calls into the packages.

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
)

// cliRun is one finished run of the binary.
type cliRun struct {
	stdout, stderr string
	code           int
}

// runCLI runs the built binary with args and stdin and waits for it.
func runCLI(t *testing.T, stdin string, args ...string) cliRun {
	t.Helper()
	cmd := exec.Command(tablestakesBinary(t), args...)
	cmd.Stdin = strings.NewReader(stdin)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	code := 0
	var exit *exec.ExitError
	if errors.As(err, &exit) {
		code = exit.ExitCode()
	} else {
		require.NoError(t, err, "run %v", args)
	}
	return cliRun{stdout: stdout.String(), stderr: stderr.String(), code: code}
}

// requireOK asserts a run succeeded with JSON on stdout and decodes it into v.
func (r cliRun) requireOK(t *testing.T, v any) {
	t.Helper()
	require.Equal(t, 0, r.code, "exit status; stderr: %s", r.stderr)
	require.True(t, json.Valid([]byte(r.stdout)), "stdout is JSON: %s", r.stdout)
	dec := json.NewDecoder(strings.NewReader(r.stdout))
	require.NoError(t, dec.Decode(v))
}

// assertBadInput checks CONTRACT's bad input: exit 2, nothing on stdout, one line on stderr
// naming the field.
func (r cliRun) assertBadInput(t *testing.T, field string) {
	t.Helper()
	assert.Equal(t, 2, r.code, "exit status; stderr: %s", r.stderr)
	assert.Empty(t, r.stdout, "nothing on stdout")
	line := strings.TrimSuffix(r.stderr, "\n")
	assert.NotEmpty(t, line)
	assert.NotContains(t, line, "\n", "one line on stderr")
	assert.Contains(t, line, field, "the error names the field")
	assertNoInternals(t, r.stderr)
}

// assertNoInternals fails when text shows a panic, a stack trace or a database error.
func assertNoInternals(t *testing.T, text string) {
	t.Helper()
	for _, leak := range []string{"panic", "goroutine ", ".go:", "runtime.", "SQLSTATE", "pgx", "pq:", "sql:", "echo"} {
		assert.NotContains(t, text, leak, "internal detail in %q", text)
	}
}

// num is a JSON number kept as its text; unlike json.Number it refuses a quoted number,
// since CONTRACT wants numbers as JSON numbers.
type num string

// UnmarshalJSON accepts only a JSON number.
func (n *num) UnmarshalJSON(b []byte) error {
	if _, ok := new(big.Rat).SetString(string(b)); !ok || !json.Valid(b) || b[0] == '"' {
		return fmt.Errorf("want a JSON number, got %s", b)
	}
	*n = num(b)
	return nil
}

// exact reads a JSON number as an exact rational.
func exact(t *testing.T, n num) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(string(n))
	require.True(t, ok, "a JSON number: %q", n)
	return r
}

// sumExact adds JSON numbers exactly.
func sumExact(t *testing.T, ns ...num) *big.Rat {
	t.Helper()
	s := new(big.Rat)
	for _, n := range ns {
		s.Add(s, exact(t, n))
	}
	return s
}

// assertNumber checks a JSON number against want (a decimal or a fraction such as "20/3")
// to within 1e-9, CONTRACT's "exact to at least 1e-9" for numbers that can be fractional.
func assertNumber(t *testing.T, want string, got num, msgAndArgs ...any) {
	t.Helper()
	g, ok := new(big.Rat).SetString(string(got))
	if assert.True(t, ok, "a JSON number: %q", got) {
		assertNear(t, want, g, msgAndArgs...)
	}
}

// assertNear checks got against want (a decimal or a fraction) to within 1e-9.
func assertNear(t *testing.T, want string, got *big.Rat, msgAndArgs ...any) {
	t.Helper()
	w, ok := new(big.Rat).SetString(want)
	require.True(t, ok, want)
	diff := new(big.Rat).Sub(got, w)
	if diff.Abs(diff).Cmp(big.NewRat(1, 1_000_000_000)) > 0 {
		assert.Fail(t, fmt.Sprintf("want %s, got %s", want, got.FloatString(12)), msgAndArgs...)
	}
}

// contractScored is CONTRACT section 1's output.
type contractScored struct {
	System  string          `json:"system"`
	Victory string          `json:"victory"`
	Winner  json.RawMessage `json:"winner"`
	Results []struct {
		ID     string          `json:"id"`
		Points num             `json:"points"`
		Place  int             `json:"place"`
		Order  num             `json:"order"`
		Winner json.RawMessage `json:"winner"`
	} `json:"results"`
}

func TestContractScore(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name, system, input string
		ids, points         []string
		places              []int    // placement only
		victory, winner     string   // team games only
		winners, orders     []string // armada only: "winner" and the losers' "order"
	}{
		{name: "placement seed example", system: "placement",
			input:  `{"players":[{"id":"A","score":1000},{"id":"B","score":970},{"id":"C","score":970},{"id":"D","score":800},{"id":"E","score":770}]}`,
			ids:    []string{"A", "B", "C", "D", "E"},
			points: []string{"20", "9", "9", "2", "0"}, places: []int{1, 2, 2, 4, 5}},
		{name: "placement in shuffled input order", system: "placement",
			input:  `{"players":[{"id":"E","score":770},{"id":"C","score":970},{"id":"A","score":1000},{"id":"D","score":800},{"id":"B","score":970}]}`,
			ids:    []string{"E", "C", "A", "D", "B"},
			points: []string{"0", "9", "20", "2", "9"}, places: []int{5, 2, 1, 4, 2}},
		{name: "placement lower is better", system: "placement",
			input:  `{"players":[{"id":"A","score":3},{"id":"B","score":1},{"id":"C","score":2}],"lower_is_better":true}`,
			ids:    []string{"A", "B", "C"},
			points: []string{"0", "6", "2"}, places: []int{3, 1, 2}},
		{name: "placement three-way tie averages to a fraction", system: "placement",
			input:  `{"players":[{"id":"A","score":5},{"id":"B","score":5},{"id":"C","score":5},{"id":"D","score":1}]}`,
			ids:    []string{"A", "B", "C", "D"},
			points: []string{"20/3", "20/3", "20/3", "0"}, places: []int{1, 1, 1, 4}},
		{name: "blue-max example 1 (strategic)", system: "blue-max",
			input: `{"sides":[{"name":"W","players":[{"id":"W1","units":1,"lost":0,"destroyed":2,"points":60},{"id":"W2","destroyed":1,"points":30},{"id":"W3","points":10}]},
			  {"name":"D","players":[{"id":"D1","lost":1,"points":10},{"id":"D2","lost":1,"points":10},{"id":"D3","lost":1,"points":10}]}]}`,
			ids:    []string{"W1", "W2", "W3", "D1", "D2", "D3"},
			points: []string{"7", "5", "4", "-1", "-1", "-1"}, victory: "strategic", winner: `"W"`},
		{name: "blue-max example 2 (tactical)", system: "blue-max",
			input: `{"sides":[{"name":"W","players":[{"id":"W1","destroyed":1,"points":60},{"id":"W2","destroyed":1,"points":30},{"id":"W3","lost":1,"points":10}]},
			  {"name":"D","players":[{"id":"D1","lost":1,"points":10},{"id":"D2","destroyed":1,"points":30},{"id":"D3","lost":1,"points":10}]}]}`,
			ids:    []string{"W1", "W2", "W3", "D1", "D2", "D3"},
			points: []string{"5", "4", "2", "-1", "2", "-1"}, victory: "tactical", winner: `"W"`},
		{name: "blue-max example 3 (1 vs 1 strategic)", system: "blue-max",
			input:  `{"sides":[{"name":"W","players":[{"id":"W1","destroyed":1,"points":20}]},{"name":"D","players":[{"id":"D1","lost":1,"points":5}]}]}`,
			ids:    []string{"W1", "D1"},
			points: []string{"5", "-1"}, victory: "strategic", winner: `"W"`},
		{name: "blue-max example 4 (marginal)", system: "blue-max",
			input:  `{"sides":[{"name":"W","players":[{"id":"W1","lost":1,"destroyed":1,"points":24}]},{"name":"D","players":[{"id":"D1","lost":1,"destroyed":1,"points":20}]}]}`,
			ids:    []string{"W1", "D1"},
			points: []string{"1", "0"}, victory: "marginal", winner: `"W"`},
		{name: "wooden-ships does not count units destroyed", system: "wooden-ships",
			input:  `{"sides":[{"name":"W","players":[{"id":"W1","destroyed":1,"points":20}]},{"name":"D","players":[{"id":"D1","lost":1,"points":5}]}]}`,
			ids:    []string{"W1", "D1"},
			points: []string{"4", "-1"}, victory: "strategic", winner: `"W"`},
		{name: "wooden-ships draw", system: "wooden-ships",
			input:  `{"sides":[{"name":"W","players":[{"id":"W1","lost":1,"destroyed":1,"points":10}]},{"name":"D","players":[{"id":"D1","lost":1,"destroyed":1,"points":10}]}]}`,
			ids:    []string{"W1", "D1"},
			points: []string{"-1", "-1"}, victory: "draw", winner: `null`},
		{name: "vortex seed example", system: "vortex",
			input:  `{"players":[{"id":"RED","score":90},{"id":"B","score":70},{"id":"C","score":40},{"id":"D","score":50}]}`,
			ids:    []string{"RED", "B", "C", "D"},
			points: []string{"1100", "0", "0", "0"}},
		{name: "armada solo of seven", system: "armada",
			// Losers: AUS order 1 × 5 years + 0 = 5; survivors order 2 × 10 + centres.
			// ENG: (420 − 121 + 18) / 1 − 18 = 299.
			input: `{"outcome":"solo","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":18,"years":10},
			  {"id":"FRA","centers":5,"years":10},{"id":"GER","centers":4,"years":10},{"id":"ITA","centers":3,"years":10},
			  {"id":"RUS","centers":3,"years":10},{"id":"TUR","centers":1,"years":10}],"winners":["ENG"]}`,
			ids:     []string{"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"},
			points:  []string{"5", "299", "25", "24", "23", "23", "21"},
			winners: []string{"false", "true", "false", "false", "false", "false", "false"},
			orders:  []string{"1", "", "2", "2", "2", "2", "2"}},
		{name: "armada three-way draw in thirds", system: "armada",
			// AUS out in 1902 after 2 years: 1 × 2 + 0 = 2; the three survivors share
			// (420 − 2 + 19) / 3 = 437/3, less their own centres.
			input: `{"outcome":"draw","players":[{"id":"A","centers":10,"years":3},{"id":"B","centers":5,"years":3},{"id":"C","centers":4,"years":3},
			  {"id":"AUS","centers":0,"years":2,"eliminated":1902}],"winners":["A","B","C"]}`,
			ids:     []string{"A", "B", "C", "AUS"},
			points:  []string{"407/3", "422/3", "425/3", "2"},
			winners: []string{"true", "true", "true", "false"},
			orders:  []string{"", "", "", "1"}},
		{name: "armada same-year eliminations share the average order", system: "armada",
			input: `{"outcome":"solo","players":[{"id":"A","centers":18,"years":3},{"id":"B","centers":0,"years":3,"eliminated":1903},
			  {"id":"C","centers":0,"years":2,"eliminated":1902},{"id":"D","centers":0,"years":2,"eliminated":1902}],"winners":["A"]}`,
			ids:     []string{"A", "B", "C", "D"},
			points:  []string{"405", "9", "3", "3"},
			winners: []string{"true", "false", "false", "false"},
			orders:  []string{"", "3", "1.5", "1.5"}},
		{name: "arcs-ambition contract example", system: "arcs-ambition",
			input:  `{"markers":[[5,3],[3,2]],"players":[{"id":"A","count":3,"bonus":2},{"id":"B","count":3}],"neutral":0}`,
			ids:    []string{"A", "B"},
			points: []string{"5", "5"}},
		{name: "arcs-ambition untied first with bonus, neutral second", system: "arcs-ambition",
			input:  `{"markers":[[5,3],[3,2]],"players":[{"id":"A","count":4,"bonus":2},{"id":"B","count":2}],"neutral":3}`,
			ids:    []string{"A", "B"},
			points: []string{"10", "0"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runCLI(t, tc.input, "score", tc.system)
			var top map[string]json.RawMessage
			r.requireOK(t, &top)
			assert.Contains(t, top, "system")
			assert.Contains(t, top, "results")
			var out contractScored
			r.requireOK(t, &out)
			assert.Equal(t, tc.system, out.System)
			require.Len(t, out.Results, len(tc.ids))
			var all []num
			for i, res := range out.Results {
				assert.Equal(t, tc.ids[i], res.ID, "results in input order")
				assertNumber(t, tc.points[i], res.Points, "%s points", res.ID)
				all = append(all, res.Points)
				if tc.places != nil {
					assert.Equal(t, tc.places[i], res.Place, "%s place", res.ID)
				}
			}
			if tc.victory != "" {
				assert.Equal(t, tc.victory, out.Victory)
				assert.JSONEq(t, tc.winner, string(out.Winner))
			}
			if tc.system == "armada" {
				assertNear(t, "420", sumExact(t, all...), "armada points sum to 420")
				for i, res := range out.Results {
					assert.Equal(t, tc.winners[i], string(res.Winner), "%s winner", res.ID)
					if tc.winners[i] == "false" {
						assertNumber(t, tc.orders[i], res.Order, "%s order", res.ID)
					}
				}
			}
		})
	}
}

// TestContractArcsAmbitionSeedTables runs every row of the seed's tables
// (arcs-tied-ambitions.txt) through `tablestakes score arcs-ambition`: two-value markers
// for three and four players, three-value markers for five. A row lists the players from
// the highest count down and the place each takes ("-": no place, no Power).
func TestContractArcsAmbitionSeedTables(t *testing.T) {
	t.Parallel()
	power := map[string]int{"1": 9, "2": 5, "3": 3, "-": 0} // marker [9,5,3]; [9,5] has no 3rd
	for _, row := range []struct{ scores, places string }{
		{"A > B > C", "1 2 -"}, {"A > B = C", "1 - -"}, {"A = B > C", "2 2 -"}, {"A = B = C", "2 2 2"},
		{"A > B > C > D", "1 2 - -"}, {"A > B > C = D", "1 2 - -"}, {"A > B = C > D", "1 - - -"},
		{"A > B = C = D", "1 - - -"}, {"A = B > C > D", "2 2 - -"}, {"A = B > C = D", "2 2 - -"},
		{"A = B = C > D", "2 2 2 -"}, {"A = B = C = D", "2 2 2 2"},
		{"A > B > C > D > E", "1 2 3 - -"}, {"A > B > C > D = E", "1 2 3 - -"}, {"A > B > C = D > E", "1 2 - - -"},
		{"A > B > C = D = E", "1 2 - - -"}, {"A > B = C > D > E", "1 3 3 - -"}, {"A > B = C > D = E", "1 3 3 - -"},
		{"A > B = C = D > E", "1 3 3 3 -"}, {"A > B = C = D = E", "1 3 3 3 3"}, {"A = B > C > D > E", "2 2 3 - -"},
		{"A = B > C > D = E", "2 2 3 - -"}, {"A = B > C = D > E", "2 2 - - -"}, {"A = B > C = D = E", "2 2 - - -"},
		{"A = B = C > D > E", "2 2 2 3 -"}, {"A = B = C > D = E", "2 2 2 - -"}, {"A = B = C = D > E", "2 2 2 2 3"},
		{"A = B = C = D = E", "2 2 2 2 2"},
	} {
		t.Run(row.scores, func(t *testing.T) {
			t.Parallel()
			fields := strings.Fields(row.scores) // "A", ">", "B", "=", "C", ...
			places := strings.Fields(row.places)
			marker := "[9,5]"
			if len(places) == 5 {
				marker = "[9,5,3]"
			}
			var players []string
			count := 10
			for i := 0; i < len(fields); i += 2 {
				if i > 0 && fields[i-1] == ">" {
					count--
				}
				players = append(players, fmt.Sprintf(`{"id":%q,"count":%d}`, fields[i], count))
			}
			r := runCLI(t, `{"markers":[`+marker+`],"players":[`+strings.Join(players, ",")+`]}`, "score", "arcs-ambition")
			var out contractScored
			r.requireOK(t, &out)
			require.Len(t, out.Results, len(places))
			for i, res := range out.Results {
				assertNumber(t, fmt.Sprint(power[places[i]]), res.Points, "%s (place %s)", res.ID, places[i])
			}
		})
	}
}

func TestContractScoreBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		args    []string
		input   string
		field   string
		exactly string // the whole stderr line when set
	}{
		{name: "missing score", args: []string{"placement"},
			input: `{"players":[{"id":"A","score":1},{"id":"B","score":2},{"id":"C","score":3},{"id":"D"}]}`,
			field: "players[3].score", exactly: "tablestakes: players[3].score: missing"},
		{name: "one player", args: []string{"placement"}, input: `{"players":[{"id":"A","score":1}]}`, field: "players"},
		{name: "score not a number", args: []string{"vortex"}, input: `{"players":[{"id":"A","score":"ten"},{"id":"B","score":2}]}`, field: "players[0].score"},
		{name: "three sides", args: []string{"blue-max"},
			input: `{"sides":[{"name":"A","players":[{"id":"a"}]},{"name":"B","players":[{"id":"b"}]},{"name":"C","players":[{"id":"c"}]}]}`, field: "sides"},
		{name: "empty side", args: []string{"wooden-ships"},
			input: `{"sides":[{"name":"A","players":[{"id":"a"}]},{"name":"B","players":[]}]}`, field: "sides[1].players"},
		{name: "armada unknown outcome", args: []string{"armada"},
			input: `{"outcome":"victory","players":[{"id":"A","centers":18,"years":3},{"id":"B","centers":0,"years":3}],"winners":["A"]}`, field: "outcome"},
		{name: "arcs negative count", args: []string{"arcs-ambition"},
			input: `{"markers":[[5,3]],"players":[{"id":"A","count":-2},{"id":"B","count":1}]}`, field: "players[0].count"},
		{name: "malformed JSON", args: []string{"placement"}, input: `{"players":[`, field: "input"},
		{name: "unknown system", args: []string{"chess"}, input: `{}`, field: "system"},
		{name: "id not UTF-8", args: []string{"vortex"}, input: `{"players":[{"id":"A` + "\xff" + `","score":1},{"id":"B","score":2}]}`, field: "players[0].id"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			r := runCLI(t, tc.input, append([]string{"score"}, tc.args...)...)
			r.assertBadInput(t, tc.field)
			if tc.exactly != "" {
				assert.Equal(t, tc.exactly+"\n", r.stderr)
			}
		})
	}
}

// contractScheduleOut is CONTRACT section 2's output.
type contractScheduleOut struct {
	Players int `json:"players"`
	PerGame int `json:"per_game"`
	Games   []struct {
		Number int   `json:"number"`
		Round  int   `json:"round"`
		Seats  []int `json:"seats"`
	} `json:"games"`
}

// checkSchedule checks the shape shared by every schedule: numbers 1.., players 1..N, no
// one twice at a table, every player in gamesPer games, rounds never decreasing.
func checkSchedule(t *testing.T, s contractScheduleOut, n, k, games, gamesPer int) {
	t.Helper()
	assert.Equal(t, n, s.Players)
	assert.Equal(t, k, s.PerGame)
	require.Len(t, s.Games, games)
	played := map[int]int{}
	for i, g := range s.Games {
		assert.Equal(t, i+1, g.Number)
		assert.GreaterOrEqual(t, g.Round, 1)
		if i > 0 {
			assert.GreaterOrEqual(t, g.Round, s.Games[i-1].Round, "rounds in order")
		}
		require.Len(t, g.Seats, k)
		seen := map[int]bool{}
		for _, p := range g.Seats {
			assert.True(t, p >= 1 && p <= n, "player %d numbered 1..%d", p, n)
			assert.False(t, seen[p], "game %d seats player %d twice", g.Number, p)
			seen[p] = true
			played[p]++
		}
	}
	require.Len(t, played, n, "every player plays")
	for p, c := range played {
		assert.Equal(t, gamesPer, c, "player %d's games", p)
	}
}

// scheduleBalance measures the scheduler issue's balance figures: whether every player
// sits in every seat position equally often, the opponent spread (max − min of how many
// games two players share) and whether two games have the same set of players.
func scheduleBalance(s contractScheduleOut) (seatsEqual bool, spread int, repeatedSet bool) {
	seat := map[[2]int]int{}
	met := map[[2]int]int{}
	sets := map[string]bool{}
	for _, g := range s.Games {
		for i, p := range g.Seats {
			seat[[2]int{p, i}]++
			for _, q := range g.Seats {
				if p < q {
					met[[2]int{p, q}]++
				}
			}
		}
		set := make([]bool, s.Players+1)
		for _, p := range g.Seats {
			set[p] = true
		}
		key := fmt.Sprint(set)
		repeatedSet = repeatedSet || sets[key]
		sets[key] = true
	}
	want := len(s.Games) / s.Players // r/k = (games × k / N) / k
	seatsEqual = true
	for p := 1; p <= s.Players; p++ {
		for i := 0; i < s.PerGame; i++ {
			seatsEqual = seatsEqual && seat[[2]int{p, i}] == want
		}
	}
	lo, hi := -1, 0
	for p := 1; p <= s.Players; p++ {
		for q := p + 1; q <= s.Players; q++ {
			c := met[[2]int{p, q}]
			hi = max(hi, c)
			if lo < 0 || c < lo {
				lo = c
			}
		}
	}
	return seatsEqual, hi - lo, repeatedSet
}

func TestContractSchedule(t *testing.T) {
	t.Parallel()
	// Spreads from the scheduler issue: 0 where r(k−1)/7 is whole (k = 2, 7, 8), else 1;
	// with rounds, k = 4 cannot do better than 2.
	for _, tc := range []struct{ k, games, perPlayer, spread, roundsSpread int }{
		{2, 56, 14, 0, 0}, {3, 24, 9, 1, 1}, {4, 32, 16, 1, 2}, {5, 40, 25, 1, 1}, {6, 24, 18, 1, 1}, {7, 24, 21, 0, 0}, {8, 16, 16, 0, 0},
	} {
		t.Run(fmt.Sprintf("8 players, %d per game", tc.k), func(t *testing.T) {
			t.Parallel()
			args := []string{"schedule", "--players", "8", "--per-game", fmt.Sprint(tc.k)}
			r := runCLI(t, "", args...)
			var s contractScheduleOut
			r.requireOK(t, &s)
			checkSchedule(t, s, 8, tc.k, tc.games, tc.perPlayer)
			seatsEqual, spread, repeated := scheduleBalance(s)
			assert.True(t, seatsEqual, "every player in every seat position r/k times")
			assert.Equal(t, tc.spread, spread, "opponent spread at the optimum")
			if tc.k >= 3 && tc.k <= 6 {
				// (k = 2 has 56 games on 28 pairs: every pair meets twice.)
				assert.False(t, repeated, "no two games with the same players")
			}
			again := runCLI(t, "", args...)
			assert.Equal(t, r.stdout, again.stdout, "same flags, byte-identical output")

			rounds := runCLI(t, "", append(args, "--rounds")...)
			var sr contractScheduleOut
			rounds.requireOK(t, &sr)
			checkSchedule(t, sr, 8, tc.k, tc.games, tc.perPlayer)
			seatsEqual, spread, _ = scheduleBalance(sr)
			assert.True(t, seatsEqual, "rounds: every player in every seat position r/k times")
			assert.Equal(t, tc.roundsSpread, spread, "rounds: opponent spread at the optimum")
			inRound := map[[2]int]bool{}
			for _, g := range sr.Games {
				for _, p := range g.Seats {
					key := [2]int{g.Round, p}
					assert.False(t, inRound[key], "player %d plays twice in round %d", p, g.Round)
					inRound[key] = true
				}
			}
			if tc.k <= 4 {
				assert.Greater(t, len(sr.Games), sr.Games[len(sr.Games)-1].Round,
					"with 8 players and %d per game, some round holds two games", tc.k)
			}
		})
	}

	t.Run("seed", func(t *testing.T) {
		t.Parallel()
		a := runCLI(t, "", "schedule", "--players", "8", "--per-game", "4", "--seed", "7")
		b := runCLI(t, "", "schedule", "--seed", "7", "--per-game", "4", "--players", "8")
		require.Equal(t, 0, a.code, a.stderr)
		assert.Equal(t, a.stdout, b.stdout)
	})

	t.Run("games-per-player", func(t *testing.T) {
		t.Parallel()
		r := runCLI(t, "", "schedule", "--players", "8", "--per-game", "4", "--games-per-player", "8")
		var s contractScheduleOut
		r.requireOK(t, &s)
		checkSchedule(t, s, 8, 4, 16, 8)
		r = runCLI(t, "", "schedule", "--players", "6", "--per-game", "3", "--games-per-player", "6", "--rounds")
		r.requireOK(t, &s)
		checkSchedule(t, s, 6, 3, 12, 6)
	})

	for _, tc := range []struct {
		name  string
		args  []string
		field string
	}{
		{"per-game above players", []string{"--players", "8", "--per-game", "9"}, "per-game"},
		{"per-game 1", []string{"--players", "8", "--per-game", "1"}, "per-game"},
		{"players missing", []string{"--per-game", "3"}, "players"},
		{"players not a number", []string{"--players", "x", "--per-game", "3"}, "players"},
		{"games-per-player not a multiple", []string{"--players", "8", "--per-game", "3", "--games-per-player", "10"}, "games-per-player"},
	} {
		t.Run("bad input: "+tc.name, func(t *testing.T) {
			t.Parallel()
			runCLI(t, "", append([]string{"schedule"}, tc.args...)...).assertBadInput(t, tc.field)
		})
	}
}

// contractRated is CONTRACT section 3's output.
type contractRated struct {
	Ratings []struct {
		ID     string `json:"id"`
		Rating num    `json:"rating"`
		Games  int    `json:"games"`
	} `json:"ratings"`
	Games []struct {
		ID      string `json:"id"`
		Players []struct {
			ID    string `json:"id"`
			Ante  num    `json:"ante"`
			Award num    `json:"award"`
			Delta num    `json:"delta"`
		} `json:"players"`
	} `json:"games"`
}

func TestContractRate(t *testing.T) {
	t.Parallel()
	// The pot is 60 a seat, P = 60 n, except ARMADA's 420 (CONTRACT section 3).
	// g1: everyone at 0 antes 60; placement points 12, 6, 2, 0 share 240 as 144, 72, 24, 0.
	// g2: A 84, B 12, C −36: antes 180 × (R + 210) / 690 = 76.695652|17, 57.913043|47,
	// 45.391304|35 (the missing millionth to B); B wins (6, 2, 0 → 135, 45, 0) as the
	// substitute X finished B's seat, so B's delta 77.086956 goes to X.
	// g3: vortex; C's seat finished by Y, who lost: the delta stays with C.
	// g4: a three-way tie of 180/3 each. g5: an ARMADA solo sharing 420.
	ladder := `{"games":[
	  {"id":"g1","system":"placement","input":{"players":[{"id":"A","score":10},{"id":"B","score":8},{"id":"C","score":6},{"id":"D","score":4}]}},
	  {"id":"g2","system":"placement","input":{"players":[{"id":"A","score":5},{"id":"B","score":10},{"id":"C","score":1}]},"replaced":{"B":"X"}},
	  {"id":"g3","system":"vortex","input":{"players":[{"id":"D","score":50},{"id":"C","score":20}]},"replaced":{"C":"Y"}},
	  {"id":"g4","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"B","score":1},{"id":"D","score":1}]}},
	  {"id":"g5","system":"armada","input":{"outcome":"solo","players":[{"id":"A","centers":18,"years":8},{"id":"B","centers":10,"years":8},{"id":"C","centers":6,"years":8}],"winners":["A"]}}
	]}`
	r := runCLI(t, ladder, "rate")
	var out contractRated
	r.requireOK(t, &out)

	require.Len(t, out.Games, 5)
	for _, g := range out.Games {
		var antes, awards, deltas []num
		for _, p := range g.Players {
			antes, awards, deltas = append(antes, p.Ante), append(awards, p.Award), append(deltas, p.Delta)
		}
		pot := map[string]string{"g1": "240", "g2": "180", "g3": "120", "g4": "180", "g5": "420"}[g.ID]
		assert.Equal(t, pot, sumExact(t, antes...).RatString(), "%s antes", g.ID)
		assert.Equal(t, pot, sumExact(t, awards...).RatString(), "%s awards", g.ID)
		assert.Equal(t, "0", sumExact(t, deltas...).RatString(), "%s deltas", g.ID)
		for _, p := range g.Players {
			m := new(big.Rat).Mul(exact(t, p.Ante), big.NewRat(1_000_000, 1))
			assert.True(t, m.IsInt(), "%s %s ante in millionths: %s", g.ID, p.ID, p.Ante)
		}
	}
	g1, g2 := out.Games[0], out.Games[1]
	assert.Equal(t, "g1", g1.ID)
	for i, want := range []struct{ id, ante, award, delta string }{
		{"A", "60", "144", "84"}, {"B", "60", "72", "12"}, {"C", "60", "24", "-36"}, {"D", "60", "0", "-60"},
	} {
		p := g1.Players[i]
		assert.Equal(t, want.id, p.ID)
		assertNumber(t, want.ante, p.Ante, "g1 %s ante", p.ID)
		assertNumber(t, want.award, p.Award, "g1 %s award", p.ID)
		assertNumber(t, want.delta, p.Delta, "g1 %s delta", p.ID)
	}
	for i, want := range []struct{ ante, award string }{{"76.695652", "45"}, {"57.913044", "135"}, {"45.391304", "0"}} {
		assertNumber(t, want.ante, g2.Players[i].Ante, "g2 %s ante from the original player's rating", g2.Players[i].ID)
		assertNumber(t, want.award, g2.Players[i].Award, "g2 %s award", g2.Players[i].ID)
	}

	ratings := map[string]num{}
	var all []num
	for _, rt := range out.Ratings {
		ratings[rt.ID] = rt.Rating
		all = append(all, rt.Rating)
	}
	assert.Equal(t, "0", sumExact(t, all...).RatString(), "a ladder's ratings sum to exactly 0")
	require.Contains(t, ratings, "X", "the substitute who finished a winning seat is rated")
	assertNumber(t, "77.086956", ratings["X"], "the winning substitute takes the whole delta")
	if y, ok := ratings["Y"]; ok {
		assertNumber(t, "0", y, "a losing substitute takes nothing")
	}
	// B's rating after g2 is still 12 (the delta went to X), and g4's antes show it: before
	// g4, A 52.304348, B 12 and D −4.606741 (g3: D's +55.393259), so B antes
	// 180 × 222 / 689.697607, to within the millionth that rounding may add.
	g4 := out.Games[3]
	require.Len(t, g4.Players, 3)
	assert.Equal(t, "B", g4.Players[1].ID)
	off := new(big.Rat).Sub(exact(t, g4.Players[1].Ante), big.NewRat(180*222*1_000_000, 689_697_607))
	assert.True(t, off.Abs(off).Cmp(big.NewRat(1, 1_000_000)) <= 0, "g4 B ante %s", g4.Players[1].Ante)

	t.Run("a table near the floor plays for what it holds, awards by largest remainder", func(t *testing.T) {
		t.Parallel()
		// A beats B twice (vortex, 2 seats: a pot of 120), then wins an ARMADA solo against C
		// (C, out in 1901, scores 1) and B one against D. CONTRACT section 3 (round 3):
		// stake = max(0, R + 210), the table plays for min(P, S). In v4, B (−102.857143)
		// and D (0) hold 107.142857 + 210 = 317.142857 above the floor, so the ARMADA game
		// plays for 317.142857 instead of 420: D antes all it holds and takes
		// 1 × 317.142857/420 = 0.755102 back. In v5, C (−167.688525) and D (−209.244898)
		// hold 42.311475 + 0.755102, so the game plays for 43.066577 instead of 120 and
		// each antes its whole stake; D, beaten, lands exactly on the floor. (Changed with
		// the rule: round 2 had Σ R + 210 n ≤ 0 here and anted P/n = 60 each, taking D
		// to −337.)
		// bm: Blue Max points 5, 3, −1, 0 are shifted by 1 to 6, 4, 0, 1 and share 240 in
		// elevenths: 130.9090…, 87.2727…, 0, 21.8181…; floored to millionths they miss two,
		// which go to the largest remainders (W1's .9090… and D2's .8181…).
		armada2 := func(id, winner, loser string) string {
			return `{"id":"` + id + `","system":"armada","input":{"outcome":"solo","players":[{"id":"` + winner +
				`","centers":18,"years":1},{"id":"` + loser + `","centers":0,"years":1,"eliminated":1901}],"winners":["` + winner + `"]}}`
		}
		r := runCLI(t, `{"games":[
		  {"id":"v1","system":"vortex","input":{"players":[{"id":"A","score":9},{"id":"B","score":1}]}},
		  {"id":"v2","system":"vortex","input":{"players":[{"id":"A","score":9},{"id":"B","score":1}]}},
		  `+armada2("v3", "A", "C")+`,`+armada2("v4", "B", "D")+`,
		  {"id":"v5","system":"vortex","input":{"players":[{"id":"C","score":9},{"id":"D","score":1}]}},
		  {"id":"bm","system":"blue-max","input":{"sides":[{"name":"W","players":[{"id":"W1","destroyed":1,"points":30},{"id":"W2","points":10}]},
		    {"name":"D","players":[{"id":"D1","lost":1},{"id":"D2"}]}]}}]}`, "rate")
		var out contractRated
		r.requireOK(t, &out)
		require.Len(t, out.Games, 6)
		v4, v5, bm := out.Games[3], out.Games[4], out.Games[5]
		require.Len(t, v4.Players, 2)
		assertNumber(t, "107.142857", v4.Players[0].Ante, "v4 B ante")
		assertNumber(t, "210", v4.Players[1].Ante, "v4 D ante")
		assertNumber(t, "0.755102", v4.Players[1].Award, "v4 D award")
		require.Len(t, v5.Players, 2)
		assertNumber(t, "42.311475", v5.Players[0].Ante, "v5 C ante")
		assertNumber(t, "0.755102", v5.Players[1].Ante, "v5 D ante")
		assertNumber(t, "43.066577", v5.Players[0].Award, "v5 C award")
		ratings := map[string]num{}
		for _, rt := range out.Ratings {
			ratings[rt.ID] = rt.Rating
		}
		assertNumber(t, "-210", ratings["D"], "D ends exactly on the floor")
		require.Len(t, bm.Players, 4)
		for i, want := range []string{"130.909091", "87.272727", "0", "21.818182"} {
			assert.Equal(t, want, string(bm.Players[i].Award), "bm %s award", bm.Players[i].ID)
		}
	})

	t.Run("a winning seat whose award does not beat its ante keeps the delta", func(t *testing.T) {
		t.Parallel()
		// p2: A (60) and B (−60) tie on top; X finished A's seat. Antes 77.142857 and
		// 42.857143 of a 120 pot, awards 60 each: A's seat won but lost 17.142857, which
		// stays with A. a3: Y finished B's seat and B won by concession, 407 against an ante
		// of 167.142857: the +239.857143 goes to Y.
		r := runCLI(t, `{"games":[
		  {"id":"v1","system":"vortex","input":{"players":[{"id":"A","score":9},{"id":"B","score":1}]}},
		  {"id":"p2","system":"placement","input":{"players":[{"id":"A","score":5},{"id":"B","score":5}]},"replaced":{"A":"X"}},
		  {"id":"a3","system":"armada","input":{"outcome":"concession","players":[{"id":"A","centers":10,"years":3},{"id":"B","centers":5,"years":3}],"winners":["B"]},"replaced":{"B":"Y"}}]}`, "rate")
		var out contractRated
		r.requireOK(t, &out)
		got := map[string]string{}
		for _, rt := range out.Ratings {
			got[rt.ID] = exact(t, rt.Rating).RatString()
		}
		assert.Equal(t, "-197", got["A"], "A took v1's +60, p2's −17.142857 and a3's −239.857143")
		assert.Equal(t, "-42857143/1000000", got["B"], "B kept v1's −60 and p2's +17.142857; a3's went to Y")
		assert.Equal(t, "239857143/1000000", got["Y"])
		if x, ok := got["X"]; ok {
			assert.Equal(t, "0", x, "X took nothing")
		}
	})

	t.Run("bad input", func(t *testing.T) {
		t.Parallel()
		for _, tc := range []struct{ input, field string }{
			{`{"games":[{"id":"g1","system":"chess","input":{}}]}`, "games[0].system"},
			{`{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"B"}]}}]}`, "games[0]"},
			{`{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"B","score":2}]},"replaced":{"Z":"X"}}]}`, "replaced"},
			{`{"games":`, "input"},
		} {
			runCLI(t, tc.input, "rate").assertBadInput(t, tc.field)
		}
	})
}

// api is a client of a running server's JSON API.
type api struct {
	t   *testing.T
	url string
}

// apiReply is one API answer.
type apiReply struct {
	status int
	body   []byte
	header http.Header
}

// do sends method path with body (JSON, or nothing when nil) as the holder of token.
func (a api) do(method, path, token string, body any) apiReply {
	a.t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		j, err := json.Marshal(b)
		require.NoError(a.t, err)
		rd = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, a.url+path, rd)
	require.NoError(a.t, err)
	if rd != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(a.t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(a.t, err)
	return apiReply{status: res.StatusCode, body: b, header: res.Header}
}

// decode reads a reply's JSON body with exact numbers; it requires the wanted status.
func (r apiReply) decode(t *testing.T, status int, v any) {
	t.Helper()
	require.Equal(t, status, r.status, "status; body: %s", r.body)
	assert.Contains(t, r.header.Get("Content-Type"), "application/json")
	dec := json.NewDecoder(bytes.NewReader(r.body))
	require.NoError(t, dec.Decode(v), "body: %s", r.body)
}

// assertError checks an API error: the status, a body of exactly {"error": "..."}, one line,
// mentioning field when given, with no internal detail.
func (r apiReply) assertError(t *testing.T, status int, field string) {
	t.Helper()
	assert.Equal(t, status, r.status, "status; body: %s", r.body)
	assert.Contains(t, r.header.Get("Content-Type"), "application/json")
	var body map[string]any
	if !assert.NoError(t, json.Unmarshal(r.body, &body), "error body is JSON: %s", r.body) {
		return
	}
	msg, ok := body["error"].(string)
	assert.True(t, ok, `{"error": "..."}: %s`, r.body)
	assert.Len(t, body, 1, `exactly {"error": "..."}: %s`, r.body)
	assert.NotEmpty(t, msg)
	assert.NotContains(t, msg, "\n", "one line")
	if field != "" {
		assert.Contains(t, msg, field, "the error names the field")
	}
	assertNoInternals(t, msg)
}

// contractLeague is CONTRACT section 4's league (GET /api/v1/leagues/{id}).
type contractLeague struct {
	ID             num      `json:"id"`
	Name           string   `json:"name"`
	Game           string   `json:"game"`
	PlayersPerGame int      `json:"players_per_game"`
	Status         string   `json:"status"`
	Members        []string `json:"members"`
}

// contractGame is one game of GET /api/v1/leagues/{id}/games.
type contractGame struct {
	ID     num      `json:"id"`
	Number int      `json:"number"`
	Round  int      `json:"round"`
	Status string   `json:"status"`
	Seats  []string `json:"seats"`
}

// contractStanding is one line of GET /api/v1/leagues/{id}/standings.
type contractStanding struct {
	Username string `json:"username"`
	Points   num    `json:"points"`
	Games    int    `json:"games"`
	Rank     int    `json:"rank"`
}

// contractRating is one line of GET /api/v1/ratings/{game}.
type contractRating struct {
	Username string `json:"username"`
	Rating   num    `json:"rating"`
	Games    int    `json:"games"`
}

// TestContractServeMigratesAtStart starts `tablestakes serve` on a database that does not
// exist yet: it creates and migrates it, then answers /healthz and signs a player up.
func TestContractServeMigratesAtStart(t *testing.T) {
	t.Parallel()
	srv := startServer(t, storetest.MissingDatabase(t))
	a := api{t: t, url: srv.url}
	require.Equal(t, http.StatusOK, a.do(http.MethodGet, "/healthz", "", nil).status)
	a.do(http.MethodPost, "/api/v1/signup", "", map[string]string{"username": "first", "display_name": "First", "password": "password-first"}).
		decode(t, http.StatusCreated, new(map[string]any))
}

// TestContractServe runs `tablestakes migrate` on a new database and `tablestakes serve` on
// it, and plays a whole 8-player Vampiring league (8 per game: 16 games) through the API.
func TestContractServe(t *testing.T) {
	t.Parallel()
	dbURL := storetest.MissingDatabase(t)
	migrate := exec.Command(tablestakesBinary(t), "migrate")
	migrate.Env = append(os.Environ(), "DATABASE_URL="+dbURL)
	out, err := migrate.CombinedOutput()
	require.NoError(t, err, "migrate exits 0: %s", out)

	srv := startServer(t, dbURL)
	a := api{t: t, url: srv.url}
	health := a.do(http.MethodGet, "/healthz", "", nil)
	require.Equal(t, http.StatusOK, health.status)

	// Accounts.
	users := []string{"org", "ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"}
	tokens := map[string]string{}
	for _, u := range users {
		a.do(http.MethodPost, "/api/v1/signup", "", map[string]string{
			"username": u, "display_name": strings.ToUpper(u), "password": "password-of-" + u,
		}).decode(t, http.StatusCreated, new(map[string]any))
		var login struct {
			Token string `json:"token"`
		}
		a.do(http.MethodPost, "/api/v1/login", "", map[string]string{"username": u, "password": "password-of-" + u}).
			decode(t, http.StatusOK, &login)
		require.NotEmpty(t, login.Token)
		tokens[u] = login.Token
	}
	a.do(http.MethodPost, "/api/v1/signup", "", map[string]string{"username": "ann", "display_name": "Again", "password": "password-again"}).
		assertError(t, http.StatusConflict, "")
	a.do(http.MethodPost, "/api/v1/signup", "", map[string]string{"username": "zed", "display_name": "Zed", "password": "short"}).
		assertError(t, http.StatusUnprocessableEntity, "password")
	a.do(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "ann", "password": "wrong-password"}).
		assertError(t, http.StatusUnauthorized, "")
	a.do(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "nobody", "password": "wrong-password"}).
		assertError(t, http.StatusUnauthorized, "")

	// Leagues: the organiser does not play; eight others join.
	org := tokens["org"]
	a.do(http.MethodPost, "/api/v1/leagues", "", map[string]any{"name": "x", "game": "vampiring", "players_per_game": 8}).
		assertError(t, http.StatusUnauthorized, "")
	a.do(http.MethodPost, "/api/v1/leagues", org, map[string]any{"name": "Bad", "game": "chess", "players_per_game": 4}).
		assertError(t, http.StatusUnprocessableEntity, "game")
	a.do(http.MethodPost, "/api/v1/leagues", org, `{"name":`).assertError(t, http.StatusBadRequest, "")
	a.do(http.MethodPost, "/api/v1/leagues", org, `{"name":"Half","game":"vampiring","players_per_game":4.5}`).
		assertError(t, http.StatusBadRequest, "players_per_game")
	a.do(http.MethodPost, "/api/v1/signup", "", `{"username":"utf","display_name":"`+"\xff"+`","password":"password-utf"}`).
		assertError(t, http.StatusBadRequest, "")

	for _, slug := range []string{"gonzaga", "cartagena", "vampiring", "king-me", "arcs", "blue-max",
		"wooden-ships-and-iron-men", "vortex", "diplomacy"} {
		var l contractLeague
		a.do(http.MethodPost, "/api/v1/leagues", org, map[string]any{"name": "Two-player " + slug, "game": slug, "players_per_game": 2}).
			decode(t, http.StatusCreated, &l)
		assert.Equal(t, slug, l.Game)
		assert.Equal(t, 2, l.PlayersPerGame)
		assert.Equal(t, "open", l.Status)
		assert.Empty(t, l.Members, "the organiser need not play")
	}

	var strict contractLeague
	a.do(http.MethodPost, "/api/v1/leagues", org, map[string]any{"name": "Strict", "game": "vampiring", "players_per_game": 4}).
		decode(t, http.StatusCreated, &strict)
	a.do(http.MethodPost, "/api/v1/leagues/"+string(strict.ID)+"/join", tokens["hal"], nil).
		assertError(t, http.StatusForbidden, "")

	var lg contractLeague
	a.do(http.MethodPost, "/api/v1/leagues", org, map[string]any{
		"name": "Night of the Vampires", "game": "vampiring", "players_per_game": 8, "min_recent_games": 0,
	}).decode(t, http.StatusCreated, &lg)
	require.NotEmpty(t, string(lg.ID))
	assert.Equal(t, "Night of the Vampires", lg.Name)
	assert.Equal(t, "vampiring", lg.Game)
	assert.Equal(t, 8, lg.PlayersPerGame)
	assert.Equal(t, "open", lg.Status)
	leaguePath := "/api/v1/leagues/" + string(lg.ID)

	players := users[1:]
	for i, u := range players {
		var joined contractLeague
		a.do(http.MethodPost, leaguePath+"/join", tokens[u], nil).decode(t, http.StatusOK, &joined)
		if i == 0 {
			a.do(http.MethodPost, leaguePath+"/join", tokens[u], nil).assertError(t, http.StatusConflict, "")
		}
		var got contractLeague
		a.do(http.MethodGet, leaguePath, "", nil).decode(t, http.StatusOK, &got)
		assert.Equal(t, players[:i+1], got.Members)
		if i < 7 {
			assert.Equal(t, "open", got.Status, "open until the 8th member joins")
		} else {
			assert.Equal(t, "running", got.Status, "running once the 8th joined")
		}
	}
	a.do(http.MethodPost, leaguePath+"/join", tokens["org"], nil).assertError(t, http.StatusConflict, "")
	a.do(http.MethodGet, "/api/v1/leagues/999999", "", nil).assertError(t, http.StatusNotFound, "")
	a.do(http.MethodGet, "/api/v1/leagues/abc", "", nil).assertError(t, http.StatusNotFound, "")

	var games []contractGame
	a.do(http.MethodGet, leaguePath+"/games", "", nil).decode(t, http.StatusOK, &games)
	require.Len(t, games, 16, "8 players, 8 per game: the seed's 16 games")
	for i, g := range games {
		assert.Equal(t, i+1, g.Number)
		assert.GreaterOrEqual(t, g.Round, 1)
		assert.NotEmpty(t, g.Status)
		assert.ElementsMatch(t, players, g.Seats, "game %d seats everyone", g.Number)
	}

	// Every HTML page answers for real ids.
	page := func(path string) string {
		t.Helper()
		res, err := http.Get(srv.url + path)
		require.NoError(t, err)
		body, err := io.ReadAll(res.Body)
		res.Body.Close()
		require.NoError(t, err)
		assert.Equal(t, http.StatusOK, res.StatusCode, path)
		assert.Contains(t, res.Header.Get("Content-Type"), "text/html", path)
		assert.Contains(t, strings.ToLower(string(body)), "<html", path)
		return string(body)
	}
	pages := func() {
		t.Helper()
		for _, path := range []string{"/", "/signup", "/login", "/leagues", "/games/" + string(games[0].ID),
			"/games/" + string(games[15].ID), "/players/ann", "/players/org"} {
			page(path)
		}
		for _, slug := range []string{"gonzaga", "cartagena", "vampiring", "king-me", "arcs", "blue-max",
			"wooden-ships-and-iron-men", "vortex", "diplomacy"} {
			page("/ratings/" + slug)
		}
		body := page("/leagues/" + string(lg.ID))
		for _, u := range players {
			assert.Contains(t, body, u, "the league page shows its members")
		}
		assert.GreaterOrEqual(t, strings.Count(body, "<table"), 2, "the league page has a standings table and the games")
	}
	pages()

	// Results: seat order scores 80, 70, ..., 10 in the first game.
	resultOf := func(g contractGame, shift int) map[string]any {
		var ps []map[string]any
		for j, u := range g.Seats {
			ps = append(ps, map[string]any{"id": u, "score": 10 * ((j+shift)%8 + 1)})
		}
		return map[string]any{"players": ps}
	}
	first := games[0]
	resultPath := "/api/v1/games/" + string(first.ID) + "/result"
	a.do(http.MethodPut, resultPath, org, resultOf(first, 0)).assertError(t, http.StatusConflict, "")
	a.do(http.MethodPost, resultPath, tokens[first.Seats[0]], resultOf(first, 0)).assertError(t, http.StatusForbidden, "")
	a.do(http.MethodPost, resultPath, "", resultOf(first, 0)).assertError(t, http.StatusUnauthorized, "")

	// A result naming someone not seated, missing a seat, or malformed changes nothing.
	stranger := resultOf(first, 0)
	stranger["players"].([]map[string]any)[7]["id"] = "org"
	missing := resultOf(first, 0)
	missing["players"] = missing["players"].([]map[string]any)[:7]
	noScore := resultOf(first, 0)
	delete(noScore["players"].([]map[string]any)[3], "score")
	for _, tc := range []struct {
		name  string
		body  any
		field string
	}{
		{"not seated", stranger, "players[7]"},
		{"seat missing", missing, "players"},
		{"score missing", noScore, "players[3].score"},
		{"not JSON", `{"players":[`, ""},
	} {
		r := a.do(http.MethodPost, resultPath, org, tc.body)
		assert.Contains(t, []int{http.StatusBadRequest, http.StatusUnprocessableEntity}, r.status, "%s: %s", tc.name, r.body)
		r.assertError(t, r.status, tc.field)
	}
	var still []contractGame
	a.do(http.MethodGet, leaguePath+"/games", "", nil).decode(t, http.StatusOK, &still)
	assert.Equal(t, first.Status, still[0].Status, "a refused result changes nothing")
	var noStandings []contractStanding
	a.do(http.MethodGet, leaguePath+"/standings", "", nil).decode(t, http.StatusOK, &noStandings)
	for _, s := range noStandings {
		assert.Equal(t, 0, s.Games, s.Username)
		assertNumber(t, "0", s.Points, s.Username)
	}

	var scored contractScored
	a.do(http.MethodPost, resultPath, org, resultOf(first, 0)).decode(t, http.StatusCreated, &scored)
	assert.Equal(t, "placement", scored.System)
	require.Len(t, scored.Results, 8)
	for j, r := range scored.Results {
		assert.Equal(t, first.Seats[j], r.ID)
		// Seat j scored 10 × (j + 1): seat 8 is first (56), seat 1 last (0).
		place := 8 - j
		assertNumber(t, fmt.Sprint((8-place+1)*(8-place)), r.Points, r.ID)
	}
	a.do(http.MethodPost, resultPath, org, resultOf(first, 0)).assertError(t, http.StatusConflict, "")

	// A correction reverses the order; PUT answers 200 with the rescored result.
	var corrected contractScored
	a.do(http.MethodPut, resultPath, org, resultOf(first, 1)).decode(t, http.StatusOK, &corrected)
	require.Len(t, corrected.Results, 8)
	assertNumber(t, "56", corrected.Results[6].Points, "seat 7 now scores 80 and wins")
	a.do(http.MethodPut, resultPath, tokens[first.Seats[0]], resultOf(first, 0)).assertError(t, http.StatusForbidden, "")
	a.do(http.MethodPut, resultPath, org, stranger).assertError(t, http.StatusUnprocessableEntity, "players[7]")

	for _, g := range games[1:] {
		var s contractScored
		a.do(http.MethodPost, "/api/v1/games/"+string(g.ID)+"/result", org, resultOf(g, g.Number)).
			decode(t, http.StatusCreated, &s)
		var got contractLeague
		a.do(http.MethodGet, leaguePath, "", nil).decode(t, http.StatusOK, &got)
		if g.Number < 16 {
			assert.Equal(t, "running", got.Status)
		} else {
			assert.Equal(t, "finished", got.Status, "finished after the last game")
		}
	}
	var done []contractGame
	a.do(http.MethodGet, leaguePath+"/games", "", nil).decode(t, http.StatusOK, &done)
	for _, g := range done {
		assert.NotEqual(t, first.Status, g.Status, "game %d recorded", g.Number)
	}

	var standings []contractStanding
	a.do(http.MethodGet, leaguePath+"/standings", "", nil).decode(t, http.StatusOK, &standings)
	require.Len(t, standings, 8)
	var points []num
	for i, s := range standings {
		assert.Contains(t, players, s.Username)
		assert.Equal(t, 16, s.Games, s.Username)
		if i > 0 {
			assert.LessOrEqual(t, standings[i-1].Rank, s.Rank, "ranks in order")
			assert.True(t, exact(t, standings[i-1].Points).Cmp(exact(t, s.Points)) >= 0, "points in order")
		}
		points = append(points, s.Points)
	}
	assert.Equal(t, 1, standings[0].Rank)
	// Every game shares 56+42+30+20+12+6+2+0 = 168 points.
	assert.Equal(t, "2688", sumExact(t, points...).RatString())
	// Seat j of a game recorded with shift s scored v = (j+s) mod 8 + 1, so it took place
	// 9 − v and (n−p+1)(n−p) = v(v−1) points. Ranks follow points; players level on points
	// may be separated (TableStakes adds countback), so a rank lies within their group.
	want := map[string]int{}
	for _, g := range games {
		shift := g.Number
		if g.Number == 1 {
			shift = 1 // the correction
		}
		for j, u := range g.Seats {
			v := (j+shift)%8 + 1
			want[u] += v * (v - 1)
		}
	}
	for _, s := range standings {
		assertNumber(t, fmt.Sprint(want[s.Username]), s.Points, "%s's points", s.Username)
		ahead, level := 0, 0
		for _, o := range standings {
			switch {
			case want[o.Username] > want[s.Username]:
				ahead++
			case want[o.Username] == want[s.Username]:
				level++
			}
		}
		assert.True(t, s.Rank > ahead && s.Rank <= ahead+level, "%s's rank %d: %d ahead, %d level", s.Username, s.Rank, ahead, level)
	}

	var ratings []contractRating
	a.do(http.MethodGet, "/api/v1/ratings/vampiring", "", nil).decode(t, http.StatusOK, &ratings)
	require.Len(t, ratings, 8)
	var rs []num
	for _, r := range ratings {
		assert.Contains(t, players, r.Username)
		assert.Equal(t, 16, r.Games, r.Username)
		rs = append(rs, r.Rating)
	}
	assert.Equal(t, "0", sumExact(t, rs...).RatString(), "ratings sum to exactly 0")
	a.do(http.MethodGet, "/api/v1/ratings/chess", "", nil).assertError(t, http.StatusNotFound, "")

	// The ladder the server keeps is the one `tablestakes rate` computes from the same
	// results in play order, also after a late correction of the first game (which stays
	// first: a correction replaces a result, it does not replay it last).
	sameAsRate := func(firstShift int) {
		t.Helper()
		var ladder []map[string]any
		for _, g := range games {
			shift := g.Number
			if g.Number == 1 {
				shift = firstShift
			}
			ladder = append(ladder, map[string]any{"id": string(g.ID), "system": "placement", "input": resultOf(g, shift)})
		}
		input, err := json.Marshal(map[string]any{"games": ladder})
		require.NoError(t, err)
		var rated contractRated
		runCLI(t, string(input), "rate").requireOK(t, &rated)
		want := map[string]string{}
		for _, r := range rated.Ratings {
			want[r.ID] = exact(t, r.Rating).RatString()
		}
		var served []contractRating
		a.do(http.MethodGet, "/api/v1/ratings/vampiring", "", nil).decode(t, http.StatusOK, &served)
		got := map[string]string{}
		for _, r := range served {
			got[r.Username] = exact(t, r.Rating).RatString()
		}
		assert.Equal(t, want, got, "server ratings = tablestakes rate on the same ladder")
	}
	sameAsRate(1)
	a.do(http.MethodPut, resultPath, org, resultOf(first, 5)).decode(t, http.StatusOK, new(contractScored))
	sameAsRate(5)
	var after contractLeague
	a.do(http.MethodGet, leaguePath, "", nil).decode(t, http.StatusOK, &after)
	assert.Equal(t, "finished", after.Status, "a correction leaves the league finished")
	pages()

	// Sixteen finished games in the last days satisfy the default activity rule (5 in 90).
	var strictNow contractLeague
	a.do(http.MethodPost, "/api/v1/leagues/"+string(strict.ID)+"/join", tokens["ann"], nil).decode(t, http.StatusOK, &strictNow)
	assert.Equal(t, []string{"ann"}, strictNow.Members)
	a.do(http.MethodPost, "/api/v1/signup", "", map[string]string{"username": "ivy", "display_name": "Ivy", "password": "password-of-ivy"}).
		decode(t, http.StatusCreated, new(map[string]any))
	var ivy struct {
		Token string `json:"token"`
	}
	a.do(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "ivy", "password": "password-of-ivy"}).decode(t, http.StatusOK, &ivy)
	a.do(http.MethodPost, "/api/v1/leagues/"+string(strict.ID)+"/join", ivy.Token, nil).assertError(t, http.StatusForbidden, "")

	// Errors never leak internals, whatever the route.
	a.do(http.MethodGet, "/api/v1/nowhere", "", nil).assertError(t, http.StatusNotFound, "")
	a.do(http.MethodPost, "/api/v1/games/0/result", org, resultOf(first, 0)).assertError(t, http.StatusNotFound, "")
	a.do(http.MethodPost, "/api/v1/leagues/99999999999999999999/join", org, nil).assertError(t, http.StatusNotFound, "")
	a.do(http.MethodPost, "/api/v1/signup", "", `[1,2,3]`).assertError(t, http.StatusBadRequest, "")
	a.do(http.MethodPost, "/api/v1/leagues", org, map[string]any{"name": strings.Repeat("n", 5000), "game": "vampiring", "players_per_game": 8}).
		assertError(t, http.StatusUnprocessableEntity, "name")
	a.do(http.MethodGet, "/api/v1/me", "not-a-token", nil).assertError(t, http.StatusUnauthorized, "")
	// Text Postgres refuses (a NUL) is bad input or an unknown name, never a 500.
	// A NUL is refused at the edge as bad input (400, naming the field) before any query;
	// an unknown name would be 401. Either way one line of JSON, never a 500.
	nul := a.do(http.MethodPost, "/api/v1/login", "", `{"username":"ann\u0000","password":"password-of-ann"}`)
	nul.assertError(t, nul.status, "")
	assert.Contains(t, []int{http.StatusBadRequest, http.StatusUnauthorized}, nul.status, "%s", nul.body)
	substitute := resultOf(games[1], 0)
	substitute["replaced"] = map[string]string{games[1].Seats[0]: "no\x00body"}
	r := a.do(http.MethodPut, "/api/v1/games/"+string(games[1].ID)+"/result", org, substitute)
	assert.Contains(t, []int{http.StatusBadRequest, http.StatusUnprocessableEntity}, r.status, "%s", r.body)
	r.assertError(t, r.status, "replaced")
	res, err := http.Get(srv.url + "/players/a%00b")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "/players/a%00b")
	assert.NotContains(t, srv.log(), "panic")
	assert.NotContains(t, srv.log(), "level=ERROR", "no request of the journey failed inside the server")

	// SIGTERM: exit status 0 (draining a request in flight is TestServeAnswersHealthzAndDrainsOnSIGTERM's).
	require.NoError(t, srv.cmd.Process.Signal(syscall.SIGTERM))
	select {
	case <-srv.done:
		assert.NoError(t, srv.waitErr, "exit status 0 after SIGTERM")
	case <-time.After(30 * time.Second):
		t.Fatal("serve did not exit after SIGTERM")
	}
}
