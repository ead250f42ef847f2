package scoring

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// tp builds a team player with one unit unless units says otherwise.
func tp(t testing.TB, id string, units, lost, destroyed int64, points string) TeamPlayer {
	return TeamPlayer{ID: id, Units: units, Lost: lost, Destroyed: destroyed, Points: rat(t, points)}
}

func TestScoreTeamGame(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		system  System
		sides   []Side
		victory Victory
		winner  string
		points  map[string]string
		explain map[string]string
	}{
		{
			// Seed example 1: W1 shoots down D1 and D2, W2 eliminates D3; strategic victory.
			name:   "seed Blue Max example 1 (3 vs 3, strategic)",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 2, "60"), tp(t, "W2", 1, 0, 1, "30"), tp(t, "W3", 1, 0, 0, "10")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 0, "10"), tp(t, "D2", 1, 1, 0, "10"), tp(t, "D3", 1, 1, 0, "10")}},
			},
			victory: Strategic, winner: "W",
			points: map[string]string{"W1": "7", "W2": "5", "W3": "4", "D1": "-1", "D2": "-1", "D3": "-1"},
			explain: map[string]string{
				"W1": "4 strategic victory (only W still has units on the map) + 2 enemy units destroyed + 1 best team player = 7",
				"D1": "0 defeated side (strategic victory of W: only W still has units on the map) − 1 unit lost = −1",
			},
		},
		{
			// Seed example 2: D2 shoots down W3, W1 eliminates D1, W2 shoots down D3; fuel runs out.
			name:   "seed Blue Max example 2 (3 vs 3, tactical)",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 1, "50"), tp(t, "W2", 1, 0, 1, "30"), tp(t, "W3", 1, 1, 0, "10")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 0, "5"), tp(t, "D2", 1, 0, 1, "30"), tp(t, "D3", 1, 1, 0, "10")}},
			},
			victory: Tactical, winner: "W",
			points: map[string]string{"W1": "5", "W2": "4", "W3": "2", "D1": "-1", "D2": "2", "D3": "-1"},
			explain: map[string]string{
				"W3": "3 tactical victory (W lost 33.33% of its units, D 66.67%) − 1 unit lost = 2",
				"D2": "0 defeated side (tactical victory of W: W lost 33.33% of its units, D 66.67%) + 1 enemy unit destroyed + 1 best team player = 2",
			},
		},
		{
			name:   "seed Blue Max example 3 (1 vs 1, strategic, no best team player)",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 1, "40")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 0, "0")}},
			},
			victory: Strategic, winner: "W",
			points: map[string]string{"W1": "5", "D1": "-1"},
		},
		{
			// Seed example 4: both shot down in the same turn; W1 scored 20% more points.
			name:   "seed Blue Max example 4 (1 vs 1, both wiped out, marginal)",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 1, 1, "120")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 1, "100")}},
			},
			victory: Marginal, winner: "W",
			points: map[string]string{"W1": "1", "D1": "0"},
			explain: map[string]string{
				"W1": "1 marginal victory (equal losses, W's 120 personal points exceed D's 100 by more than 15%) + 1 enemy unit destroyed − 1 unit lost = 1",
			},
		},
		{
			// Seed text: 4 vs 3 ending with 3 units of A and 2 of B: B lost more, A wins.
			name:   "seed tactical text: 4 vs 3, 3 and 2 units left",
			system: BlueMax,
			sides: []Side{
				{Name: "A", Players: []TeamPlayer{tp(t, "A1", 1, 1, 0, "0"), tp(t, "A2", 1, 0, 0, "0"), tp(t, "A3", 1, 0, 1, "0"), tp(t, "A4", 1, 0, 0, "0")}},
				{Name: "B", Players: []TeamPlayer{tp(t, "B1", 1, 1, 0, "0"), tp(t, "B2", 1, 0, 1, "0"), tp(t, "B3", 1, 0, 0, "0")}},
			},
			victory: Tactical, winner: "A",
			points: map[string]string{"A1": "2", "A2": "3", "A3": "4", "A4": "3", "B1": "-1", "B2": "1", "B3": "0"},
		},
		{
			// Seed text: 4 vs 3 ending with 1 unit each: B lost 66%, A 75%, B wins.
			name:   "seed tactical text: 4 vs 3, one unit each left",
			system: BlueMax,
			sides: []Side{
				{Name: "A", Players: []TeamPlayer{tp(t, "A1", 1, 1, 0, "0"), tp(t, "A2", 1, 1, 0, "0"), tp(t, "A3", 1, 1, 0, "0"), tp(t, "A4", 1, 0, 2, "0")}},
				{Name: "B", Players: []TeamPlayer{tp(t, "B1", 1, 1, 1, "0"), tp(t, "B2", 1, 1, 1, "0"), tp(t, "B3", 1, 0, 1, "0")}},
			},
			victory: Tactical, winner: "B",
			points: map[string]string{"A1": "-1", "A2": "-1", "A3": "-1", "A4": "2", "B1": "3", "B2": "3", "B3": "4"},
		},
		{
			name:   "both sides wiped out within 15%: draw",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 1, 1, "115")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 1, "100")}},
			},
			victory: Draw, winner: "",
			points: map[string]string{"W1": "0", "D1": "0"},
			explain: map[string]string{
				"W1": "0 draw (equal losses, personal points 115 and 100 within 15%) + 1 enemy unit destroyed − 1 unit lost = 0",
			},
		},
		{
			name:   "both sides wiped out, no personal points: draw",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 1, 1, "0")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 1, "0")}},
			},
			victory: Draw,
			points:  map[string]string{"W1": "0", "D1": "0"},
		},
		{
			name:   "equal losses, the second side's points far ahead of none: marginal",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 2, 1, 0, "0")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 2, 1, 1, "1")}},
			},
			victory: Marginal, winner: "D",
			points: map[string]string{"W1": "-1", "D1": "1"},
		},
		{
			// CONTRACT section 1: "scored 15% more points" means at least 115%, so exactly 23
			// against 20 earns the best team player's point (it did not before the rule was
			// settled), while a marginal victory still needs more than 15%.
			name:   "no losses at all, within 15%: draw; best team player still counts",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 0, "23"), tp(t, "W2", 1, 0, 0, "20")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 0, 0, "20"), tp(t, "D2", 1, 0, 0, "20")}},
			},
			victory: Draw,
			points:  map[string]string{"W1": "1", "W2": "0", "D1": "0", "D2": "0"},
			explain: map[string]string{"W1": "0 draw (equal losses, personal points 43 and 40 within 15%) + 1 best team player = 1"},
		},
		{
			name:   "a side exactly 15% ahead is no marginal victory; its player exactly 15% ahead is best",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 0, "92"), tp(t, "W2", 1, 0, 0, "80")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 0, 0, "80"), tp(t, "D2", 1, 0, 0, "80")}},
			},
			victory: Draw,
			points:  map[string]string{"W1": "1", "W2": "0", "D1": "0", "D2": "0"},
			explain: map[string]string{"W1": "0 draw (equal losses, personal points 172 and 160 within 15%) + 1 best team player = 1"},
		},
		{
			name:   "best team player needs at least 115% of every teammate",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 0, "23.01"), tp(t, "W2", 1, 0, 0, "20"), tp(t, "W3", 1, 0, 0, "0")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 0, 0, "10"), tp(t, "D2", 1, 0, 0, "0")}},
			},
			victory: Marginal, winner: "W",
			points: map[string]string{"W1": "2", "W2": "1", "W3": "1", "D1": "1", "D2": "0"},
		},
		{
			name:   "multi-unit players: percentages over units, not players",
			system: BlueMax,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 3, 1, 2, "30")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 0, "5"), tp(t, "D2", 2, 1, 1, "5.5")}},
			},
			victory: Tactical, winner: "W", // W lost 1/3, D lost 2/3
			points: map[string]string{"W1": "4", "D1": "-1", "D2": "0"},
		},
		{
			name:   "Wooden Ships: seed example 4 without the destroyed point",
			system: WoodenShips,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 1, 1, "120")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 1, "100")}},
			},
			victory: Marginal, winner: "W",
			points: map[string]string{"W1": "0", "D1": "-1"},
			explain: map[string]string{
				"W1": "1 marginal victory (equal losses, W's 120 personal points exceed D's 100 by more than 15%) − 1 unit lost = 0 (1 enemy unit destroyed not counted in Wooden Ships)",
			},
		},
		{
			name:   "Wooden Ships: seed example 1 without the destroyed points",
			system: WoodenShips,
			sides: []Side{
				{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 2, "60"), tp(t, "W2", 1, 0, 1, "30"), tp(t, "W3", 1, 0, 0, "10")}},
				{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 0, "10"), tp(t, "D2", 1, 1, 0, "10"), tp(t, "D3", 1, 1, 0, "10")}},
			},
			victory: Strategic, winner: "W",
			points: map[string]string{"W1": "5", "W2": "4", "W3": "4", "D1": "-1", "D2": "-1", "D3": "-1"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ScoreTeamGame(tt.system, TeamGameInput{Sides: tt.sides})
			require.NoError(t, err)
			assert.Equal(t, tt.system, res.System)
			assert.Equal(t, tt.victory, res.Victory)
			assert.Equal(t, tt.winner, res.WinningSide)
			assert.Equal(t, tt.points, pointsByID(res))
			byID := map[string]PlayerResult{}
			for _, r := range res.Results {
				byID[r.ID] = r
			}
			for id, want := range tt.explain {
				assert.Equal(t, want, byID[id].Explanation, id)
			}
			i := 0
			for _, side := range tt.sides {
				for _, p := range side.Players {
					assert.Equal(t, p.ID, res.Results[i].ID, "input order")
					assert.Equal(t, side.Name, res.Results[i].Side)
					i++
				}
			}
		})
	}
}

func TestBestTeamPlayer(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		points []string
		want   int
	}{
		{"side of one has none", []string{"100"}, -1},
		{"clear best", []string{"10", "30", "5"}, 1},
		// "scored 15% more points of all his mate": at least 115% (CONTRACT section 1).
		{"exactly 23 against 20 earns the point", []string{"23", "20"}, 0},
		{"exactly 115% counts", []string{"115", "100"}, 0},
		{"just under 115%", []string{"114.99", "100"}, -1},
		{"just over 115%", []string{"115.01", "100"}, 0},
		{"exactly 115% of every teammate", []string{"20", "23", "20"}, 1},
		{"negative points: -10 is more than -11.5 and at least 115% of it", []string{"-11.5", "-10"}, 1},
		{"equal negative points: not more", []string{"-10", "-10"}, -1},
		{"above one teammate only", []string{"50", "20", "45"}, -1},
		{"all zero", []string{"0", "0"}, -1},
		{"any points beat a teammate's zero", []string{"0", "1"}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var side Side
			for i, p := range tt.points {
				side.Players = append(side.Players, tp(t, fmt.Sprint(i), 1, 0, 0, p))
			}
			assert.Equal(t, tt.want, BestTeamPlayer(side))
		})
	}
}

func TestScoreTeamGameErrors(t *testing.T) {
	t.Parallel()
	ok := func() []Side {
		return []Side{
			{Name: "W", Players: []TeamPlayer{tp(t, "W1", 1, 0, 1, "10"), tp(t, "W2", 1, 0, 0, "10")}},
			{Name: "D", Players: []TeamPlayer{tp(t, "D1", 1, 1, 0, "10")}},
		}
	}
	tests := []struct {
		name   string
		system System
		edit   func(s []Side) []Side
		want   string
	}{
		{"one side", BlueMax, func(s []Side) []Side { return s[:1] }, "sides: 1 side(s), need exactly 2"},
		{"three sides", BlueMax, func(s []Side) []Side { return append(s, Side{Name: "X"}) }, "sides: 3 side(s), need exactly 2"},
		{"empty side", BlueMax, func(s []Side) []Side { s[1].Players = nil; return s }, "sides[1].players: no players, need at least 1"},
		{"same side names", BlueMax, func(s []Side) []Side { s[1].Name = "W"; return s }, `sides[1].name: duplicate side name "W" (also sides[0].name)`},
		{"lost exceeds units", BlueMax, func(s []Side) []Side { s[0].Players[1].Lost = 3; return s }, "sides[0].players[1].lost: 3 exceeds units 1"},
		{"negative lost", BlueMax, func(s []Side) []Side { s[0].Players[0].Lost = -1; return s }, "sides[0].players[0].lost: must not be negative, got -1"},
		{"no units", BlueMax, func(s []Side) []Side { s[1].Players[0].Units = 0; return s }, "sides[1].players[0].units: must be at least 1, got 0"},
		{"negative destroyed", WoodenShips, func(s []Side) []Side { s[1].Players[0].Destroyed = -2; return s }, "sides[1].players[0].destroyed: must not be negative, got -2"},
		{"destroyed more than the enemy lost", BlueMax, func(s []Side) []Side { s[0].Players[0].Destroyed = 2; return s }, "sides[0].players[0].destroyed: 2 exceeds the 1 unit(s) side D lost"},
		{"negative points", BlueMax, func(s []Side) []Side { s[0].Players[0].Points = rat(t, "-1"); return s }, "sides[0].players[0].points: must not be negative, got -1"},
		{"duplicate id across sides", BlueMax, func(s []Side) []Side { s[1].Players[0].ID = "W2"; return s }, `sides[1].players[0].id: duplicate id "W2" (also sides[0].players[1].id)`},
		{"not a team game", Placement, func(s []Side) []Side { return s }, `system: "placement" is not a team game`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ScoreTeamGame(tt.system, TeamGameInput{Sides: tt.edit(ok())})
			requireFieldError(t, err, tt.want)
		})
	}
}

func TestScoreTeamGamePermutationProperty(t *testing.T) {
	t.Parallel()
	// Reordering players within their sides never changes anyone's points or the victory.
	rng := newRand(t)
	for iter := 0; iter < 1000; iter++ {
		sizes := []int{1 + rng.IntN(4), 1 + rng.IntN(4)}
		var sides [2][]TeamPlayer
		for s := range sides {
			for i := 0; i < sizes[s]; i++ {
				units := int64(1 + rng.IntN(3))
				sides[s] = append(sides[s], TeamPlayer{
					ID: fmt.Sprintf("S%dP%d", s, i), Units: units, Lost: rng.Int64N(units + 1),
					Points: ratInt(rng.Int64N(40)),
				})
			}
		}
		for s := range sides {
			var enemyLost int64
			for _, q := range sides[1-s] {
				enemyLost += q.Lost
			}
			for i := range sides[s] {
				sides[s][i].Destroyed = rng.Int64N(enemyLost + 1)
			}
		}
		n := sizes[0] + sizes[1]
		system := []System{BlueMax, WoodenShips}[rng.IntN(2)]
		requirePermutationInvariant(t, rng, func(perm []int) (Result, error) {
			// Keep each player on their side: take the permutation's relative order per side.
			var in TeamGameInput
			in.Sides = []Side{{Name: "A"}, {Name: "B"}}
			for _, j := range perm {
				if j < sizes[0] {
					in.Sides[0].Players = append(in.Sides[0].Players, sides[0][j])
				} else {
					in.Sides[1].Players = append(in.Sides[1].Players, sides[1][j-sizes[0]])
				}
			}
			return ScoreTeamGame(system, in)
		}, n)
	}
}
