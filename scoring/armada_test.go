package scoring

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// ap builds an ARMADA player; eliminated 0 means the player survived.
func ap(id string, centers, years, eliminated int64) ArmadaPlayer {
	return ArmadaPlayer{ID: id, Centers: centers, Years: years, Eliminated: eliminated}
}

func TestEliminationOrders(t *testing.T) {
	t.Parallel()
	// armada-scoring-and-rating.txt 2.2: "if the third and fourth players to be eliminated are
	// eliminated after the same game-year, the elimination order for both players is (3+4)/2,
	// which is 3.5".
	players := []ArmadaPlayer{
		ap("AUS", 0, 4, 1904), ap("ENG", 10, 10, 0), ap("FRA", 0, 8, 1908), ap("GER", 0, 8, 1908),
		ap("ITA", 0, 2, 1902), ap("RUS", 0, 9, 1909), ap("TUR", 24, 10, 0),
	}
	orders := EliminationOrders(players)
	got := map[string]string{}
	for i, o := range orders {
		got[players[i].ID] = o.RatString()
	}
	assert.Equal(t, map[string]string{"ITA": "1", "AUS": "2", "FRA": "7/2", "GER": "7/2", "RUS": "5"}, got)
}

func TestScoreArmada(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      ArmadaInput
		points  map[string]string
		orders  map[string]string
		explain map[string]string
	}{
		{
			name: "solo after three eliminations, two in the same year",
			in: ArmadaInput{Outcome: OutcomeSolo, Winners: []string{"ENG"}, Players: []ArmadaPlayer{
				ap("AUS", 0, 5, 1905), ap("ENG", 18, 10, 0), ap("FRA", 0, 7, 1907), ap("GER", 0, 7, 1907),
				ap("ITA", 6, 10, 0), ap("RUS", 6, 10, 0), ap("TUR", 4, 10, 0),
			}},
			// AUS 1×5; FRA, GER (2+3)/2 × 7 = 17.5; ITA, RUS, TUR order 4: 46, 46, 44; ENG 420 − 176.
			points: map[string]string{"AUS": "5", "ENG": "244", "FRA": "35/2", "GER": "35/2", "ITA": "46", "RUS": "46", "TUR": "44"},
			orders: map[string]string{"AUS": "1", "FRA": "5/2", "GER": "5/2", "ITA": "4", "RUS": "4", "TUR": "4"},
			explain: map[string]string{
				"AUS": "eliminated in 1905, order 1: 1 × 5 years + 0 centres = 5",
				"FRA": "eliminated in 1907 with GER, shared order 2.5: 2.5 × 7 years + 0 centres = 17 1/2",
				"ITA": "survived but lost to ENG's solo victory, order 4 (one more than the 3 eliminated): 4 × 10 years + 6 centres = 46",
				"ENG": "solo victory: (420 − 176 losing points + 18 winners' centres) / 1 − 18 own centres = 244",
			},
		},
		{
			name: "solo without eliminations: the victor holding more than 18 gets no more",
			in: ArmadaInput{Outcome: OutcomeSolo, Winners: []string{"RUS"}, Players: []ArmadaPlayer{
				ap("AUS", 2, 8, 0), ap("ENG", 3, 8, 0), ap("FRA", 3, 8, 0), ap("GER", 2, 8, 0),
				ap("ITA", 2, 8, 0), ap("RUS", 20, 8, 0), ap("TUR", 2, 8, 0),
			}},
			// Every loser has order 1: 8 + centres.
			points: map[string]string{"AUS": "10", "ENG": "11", "FRA": "11", "GER": "10", "ITA": "10", "RUS": "358", "TUR": "10"},
		},
		{
			name: "late concession: losers capped at 60",
			in: ArmadaInput{Outcome: OutcomeConcession, Winners: []string{"TUR"}, Players: []ArmadaPlayer{
				ap("AUS", 0, 3, 1903), ap("ENG", 5, 14, 0), ap("FRA", 4, 14, 0), ap("GER", 0, 6, 1906),
				ap("ITA", 0, 9, 1909), ap("RUS", 9, 14, 0), ap("TUR", 16, 14, 0),
			}},
			// AUS 3, GER 12, ITA 27; survivors order 4: 56 + c capped: 60, 60, 60. TUR 420 − 222.
			points: map[string]string{"AUS": "3", "ENG": "60", "FRA": "60", "GER": "12", "ITA": "27", "RUS": "60", "TUR": "198"},
			explain: map[string]string{
				"ENG": "survived but lost to TUR's conceded victory, order 4 (one more than the 3 eliminated): 4 × 14 years + 5 centres = 61, capped at 60",
			},
		},
		{
			name: "three-way draw: the smaller powers get slightly more",
			in: ArmadaInput{Outcome: OutcomeDraw, Winners: []string{"ENG", "RUS", "TUR"}, Players: []ArmadaPlayer{
				ap("AUS", 0, 4, 1904), ap("ENG", 10, 12, 0), ap("FRA", 0, 8, 1908), ap("GER", 0, 8, 1908),
				ap("ITA", 0, 2, 1902), ap("RUS", 9, 12, 0), ap("TUR", 15, 12, 0),
			}},
			// ITA 1×2; AUS 2×4; FRA, GER 3.5×8 = 28; losers 66. Winners (420 − 66 + 34)/3 = 388/3.
			points: map[string]string{"AUS": "8", "ENG": "358/3", "FRA": "28", "GER": "28", "ITA": "2", "RUS": "361/3", "TUR": "343/3"},
			orders: map[string]string{"ITA": "1", "AUS": "2", "FRA": "7/2", "GER": "7/2"},
			explain: map[string]string{
				"ENG": "3-way draw: (420 − 66 losing points + 34 winners' centres) / 3 − 10 own centres = 119 1/3",
			},
		},
		{
			name: "draw of every survivor without eliminations",
			in: ArmadaInput{Outcome: OutcomeDraw, Winners: []string{"A", "B"}, Players: []ArmadaPlayer{
				ap("A", 17, 10, 0), ap("B", 17, 10, 0),
			}},
			points: map[string]string{"A": "210", "B": "210"},
		},
		{
			name: "two players, one eliminated",
			in: ArmadaInput{Outcome: OutcomeSolo, Winners: []string{"B"}, Players: []ArmadaPlayer{
				ap("A", 0, 6, 1906), ap("B", 18, 6, 0),
			}},
			points: map[string]string{"A": "6", "B": "414"},
		},
		{
			// DIAS (1.1): the draw is shared "between all such players", the survivors owning
			// a centre; ITA survived without one and loses like a survivor of a solo, order 2
			// (one more than the one eliminated): 2 × 10 + 0 = 20. ENG and FRA share
			// (420 − 25 + 22) / 2 = 208.5, less their own centres.
			name: "a survivor without a centre is a losing survivor of a draw",
			in: ArmadaInput{Outcome: OutcomeDraw, Winners: []string{"ENG", "FRA"}, Players: []ArmadaPlayer{
				ap("AUS", 0, 5, 1905), ap("ENG", 12, 10, 0), ap("FRA", 10, 10, 0), ap("ITA", 0, 10, 0),
			}},
			points: map[string]string{"AUS": "5", "ENG": "393/2", "FRA": "397/2", "ITA": "20"},
			orders: map[string]string{"AUS": "1", "ITA": "2"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ScoreArmada(tt.in)
			require.NoError(t, err)
			assert.Equal(t, Armada, res.System)
			assert.Equal(t, tt.points, pointsByID(res))
			sum := ratInt(0)
			for i, r := range res.Results {
				assert.Equal(t, tt.in.Players[i].ID, r.ID, "input order")
				assert.Equal(t, slices.Contains(tt.in.Winners, r.ID), r.Winner, "winner flag of %s", r.ID)
				assert.Equal(t, r.Winner, r.Order == nil, "order only for losing players (%s)", r.ID)
				if want, ok := tt.orders[r.ID]; ok {
					require.NotNil(t, r.Order, r.ID)
					assert.Equal(t, want, r.Order.RatString(), "order of %s", r.ID)
				}
				if want, ok := tt.explain[r.ID]; ok {
					assert.Equal(t, want, r.Explanation, r.ID)
				}
				sum.Add(sum, r.Points)
			}
			assert.Equal(t, "420", sum.RatString())
		})
	}
}

func TestScoreArmadaErrors(t *testing.T) {
	t.Parallel()
	base := func() ArmadaInput {
		return ArmadaInput{Outcome: OutcomeDraw, Winners: []string{"ENG", "FRA"}, Players: []ArmadaPlayer{
			ap("AUS", 0, 5, 1905), ap("ENG", 12, 10, 0), ap("FRA", 10, 10, 0),
		}}
	}
	tests := []struct {
		name string
		edit func(in *ArmadaInput)
		want string
	}{
		{"draw missing a survivor", func(in *ArmadaInput) { in.Winners = []string{"ENG"} }, "winners: draw must include every survivor owning a centre (missing FRA)"},
		{"unknown outcome", func(in *ArmadaInput) { in.Outcome = "truce" }, `outcome: unknown outcome "truce" (want solo, concession or draw)`},
		{"solo under 18", func(in *ArmadaInput) { in.Outcome = OutcomeSolo; in.Winners = []string{"ENG"} }, "winners[0]: a solo victory needs 18 or more centres, ENG owns 12"},
		{"concession to two", func(in *ArmadaInput) { in.Outcome = OutcomeConcession }, "winners: a concession has one winner, got 2 (ENG, FRA)"},
		{"eliminated winner", func(in *ArmadaInput) { in.Winners = append(in.Winners, "AUS") }, "winners[2]: AUS was eliminated in 1905"},
		{"unknown winner", func(in *ArmadaInput) { in.Winners[1] = "XXX" }, `winners[1]: "XXX" is not a player`},
		{"winner twice", func(in *ArmadaInput) { in.Winners = append(in.Winners, "ENG") }, "winners[2]: ENG listed twice (also winners[0])"},
		{"no winners", func(in *ArmadaInput) { in.Winners = nil }, "winners: empty, need the victor or every survivor of a draw"},
		{"eliminated with centres", func(in *ArmadaInput) { in.Players[0].Centers = 2 }, "players[0].centers: AUS was eliminated in 1905 but owns 2 centres"},
		{"negative centres", func(in *ArmadaInput) { in.Players[1].Centers = -1 }, "players[1].centers: must not be negative, got -1"},
		{"negative years", func(in *ArmadaInput) { in.Players[1].Years = -3 }, "players[1].years: must be 1 to 200 game-years, got -3"},
		// CONTRACT section 1, DIAS (seed 1.1): "all players owning one or more supply centers
		// unanimously agree ... to concede the game to a single other such player, or to
		// share a draw (between all such players)".
		{"draw including a survivor without a centre", func(in *ArmadaInput) { in.Players[2].Centers = 0 },
			"winners[1]: FRA owns no supply centre: only a player owning one or more can win, be conceded to or share a draw"},
		{"concession to a survivor without a centre", func(in *ArmadaInput) {
			in.Outcome, in.Winners, in.Players[2].Centers = OutcomeConcession, []string{"FRA"}, 0
		}, "winners[0]: FRA owns no supply centre: only a player owning one or more can win, be conceded to or share a draw"},
		{"zero years", func(in *ArmadaInput) { in.Players[1].Years = 0 }, "players[1].years: must be 1 to 200 game-years, got 0"},
		{"more than 200 years", func(in *ArmadaInput) { in.Players[1].Years = 201 }, "players[1].years: must be 1 to 200 game-years, got 201"},
		{"eliminated before 1901", func(in *ArmadaInput) { in.Players[0].Eliminated = 1900 },
			"players[0].eliminated: must be a game-year from 1901 (games start in 1901), got 1900"},
		{"years disagree with the elimination year", func(in *ArmadaInput) { in.Players[0].Years = 6 },
			"players[0].years: AUS was eliminated in 1905, so played 5 years (games start in 1901), not 6"},
		{"survivors of different lengths", func(in *ArmadaInput) { in.Players[2].Years = 9 },
			"players[2].years: FRA survived, so played the game's 10 years like ENG, not 9"},
		{"eliminated after the game ended", func(in *ArmadaInput) { in.Players[0].Eliminated, in.Players[0].Years = 1911, 11 },
			"players[0].eliminated: AUS was eliminated in 1911, after the game ended in 1910 (the survivors played 10 years)"},
		{"too many centres", func(in *ArmadaInput) { in.Players[1].Centers = 25 }, "players: 35 supply centres owned in all, the map has 34"},
		{"duplicate ids", func(in *ArmadaInput) { in.Players[2].ID = "ENG" }, `players[2].id: duplicate id "ENG" (also players[1].id)`},
		{"one player", func(in *ArmadaInput) { in.Players = in.Players[1:2] }, "players: 1 player(s), need at least 2"},
		{"eight players", func(in *ArmadaInput) {
			for i := 0; i < 5; i++ {
				in.Players = append(in.Players, ap(fmt.Sprint("X", i), 0, 1, 1901))
			}
		}, "players: 8 players, at most 7"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base()
			tt.edit(&in)
			_, err := ScoreArmada(in)
			requireFieldError(t, err, tt.want)
		})
	}
}

func TestScoreArmadaProperties(t *testing.T) {
	t.Parallel()
	// ARMADA points always sum to 420 (2.1), and permuting the input order changes nothing.
	rng := newRand(t)
	for iter := 0; iter < 3000; iter++ {
		in := randomArmada(rng)
		res, err := ScoreArmada(in)
		require.NoError(t, err, "%+v", in)
		sum := ratInt(0)
		for _, r := range res.Results {
			sum.Add(sum, r.Points)
			if !r.Winner {
				assert.LessOrEqual(t, r.Points.Cmp(ratInt(ArmadaLosingCap)), 0, "a losing player gets at most 60")
			}
		}
		require.Equal(t, "420", sum.RatString(), "%+v", in)
		n := len(in.Players)
		requirePermutationInvariant(t, rng, func(perm []int) (Result, error) {
			shuffled := in
			shuffled.Players = make([]ArmadaPlayer, n)
			for i, j := range perm {
				shuffled.Players[i] = in.Players[j]
			}
			return ScoreArmada(shuffled)
		}, n)
	}
}

// randomArmadaSource is the part of math/rand/v2's *Rand that randomArmada uses.
type randomArmadaSource interface {
	IntN(n int) int
	Perm(n int) []int
}

// randomArmada builds a valid random ARMADA game of 2..7 players: the survivors play the
// game's length, each eliminated player the years to its elimination (games start in 1901),
// and the winners own centres (a draw: every survivor owning one).
func randomArmada(rng randomArmadaSource) ArmadaInput {
	n := 2 + rng.IntN(6)
	in := ArmadaInput{Outcome: []ArmadaOutcome{OutcomeSolo, OutcomeConcession, OutcomeDraw}[rng.IntN(3)]}
	survivors := 1 + rng.IntN(n)
	length := int64(1 + rng.IntN(15))
	budget := int64(SupplyCenters - SoloCenters) // what P0's 18 leave to the other survivors
	for i := 0; i < n; i++ {
		p := ArmadaPlayer{ID: fmt.Sprintf("P%d", i), Years: length}
		switch {
		case i >= survivors:
			// Few years, so same-year eliminations are common.
			p.Eliminated = int64(FirstYear + rng.IntN(int(min(length, 4))))
			p.Years = p.Eliminated - FirstYear + 1
		case i == 0:
			p.Centers = SoloCenters
			if in.Outcome != OutcomeSolo {
				p.Centers = int64(1 + rng.IntN(SoloCenters))
			}
		default:
			c := int64(rng.IntN(int(min(budget, 8)) + 1)) // 0 now and then: a losing survivor
			p.Centers, budget = c, budget-c
		}
		in.Players = append(in.Players, p)
	}
	var owners []string
	for _, p := range in.Players[:survivors] {
		if p.Centers > 0 {
			owners = append(owners, p.ID)
		}
	}
	switch in.Outcome {
	case OutcomeSolo:
		in.Winners = []string{"P0"}
	case OutcomeConcession:
		in.Winners = []string{owners[rng.IntN(len(owners))]}
	case OutcomeDraw:
		in.Winners = owners
	}
	return in
}
