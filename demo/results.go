package demo

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"slices"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// FinishedLeagueName is the demo's finished league: a Diplomacy season with every game
// recorded, one seat finished by a substitute (ARMADA rule 4.2) and one result corrected.
const FinishedLeagueName = "Autumn Diplomacy"

// runningRecorded is how many of the running league's games the demo records, leaving the
// rest for a visitor to record with the result form.
const runningRecorded = 24

// missingManGame is the Diplomacy game (0-based) one of whose powers was played by the
// missing man (ARMADA 4.1).
const missingManGame = 7

// seedResults records results so that standings, ratings and charts are populated on first
// start: most games of the running Cartagena league, and a whole Diplomacy league, which is
// then finished and names its winner. The results are varied but the same on every start.
func seedResults(ctx context.Context, st *store.Store, users []store.User) error {
	rng := rand.New(rand.NewPCG(2026, 11))
	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	if err != nil {
		return fmt.Errorf("seed results: %w", err)
	}
	for _, l := range running {
		if l.Name != RunningLeagueName {
			continue
		}
		games, err := st.Games(ctx, l.ID)
		if err != nil {
			return fmt.Errorf("seed results: %w", err)
		}
		for _, g := range games[:min(runningRecorded, len(games))] {
			input, err := placementResult(rng, g)
			if err != nil {
				return err
			}
			if err := record(ctx, st, l.OrganiserID, g.ID, input); err != nil {
				return err
			}
		}
	}

	dip, err := service.NewLeagues(st).Create(ctx, store.NewLeague{Name: FinishedLeagueName, Game: "diplomacy", Edition: "2000 rules",
		PlayersPerGame: 7, MinRecentGames: 0, RecentDays: store.DefaultRecentDays, OrganiserID: users[1].ID})
	if err != nil {
		return fmt.Errorf("seed results: %w", err)
	}
	for _, u := range users[:store.DefaultLeagueSize] {
		if _, err := service.NewLeagues(st).Join(ctx, dip.ID, u.ID); err != nil {
			return fmt.Errorf("seed results: %s joins %q: %w", u.Username, FinishedLeagueName, err)
		}
	}
	games, err := st.Games(ctx, dip.ID)
	if err != nil {
		return fmt.Errorf("seed results: %w", err)
	}
	members := make([]string, 0, store.DefaultLeagueSize)
	for _, u := range users[:store.DefaultLeagueSize] {
		members = append(members, u.Username)
	}
	for i, g := range games {
		input, err := diplomacyResult(rng, g, members, i == 3)
		if err != nil {
			return err
		}
		if i == missingManGame {
			if input, err = withAbsent(input); err != nil {
				return err
			}
		}
		if err := record(ctx, st, dip.OrganiserID, g.ID, input); err != nil {
			return err
		}
		if i == 5 {
			// The organiser mistyped a result and corrects it: the game page shows the diff.
			fixed, err := diplomacyResult(rng, g, members, false)
			if err != nil {
				return err
			}
			rg, err := st.ResultGame(ctx, g.ID)
			if err != nil {
				return fmt.Errorf("seed results: correct game %d: %w", g.Number, err)
			}
			w, err := service.CheckResultBody(rg, dip.OrganiserID, fixed)
			if err != nil {
				return fmt.Errorf("seed results: correct game %d: %w", g.Number, err)
			}
			if _, err := service.NewResults(st).Correct(ctx, w); err != nil {
				return fmt.Errorf("seed results: correct game %d: %w", g.Number, err)
			}
		}
	}
	return nil
}

// record stores one demo result.
func record(ctx context.Context, st *store.Store, organiser, gameID int64, input []byte) error {
	g, err := st.ResultGame(ctx, gameID)
	if err == nil {
		var w store.ResultWrite
		if w, err = service.CheckResultBody(g, organiser, input); err == nil {
			_, err = service.NewResults(st).Record(ctx, w)
		}
	}
	if err != nil {
		return fmt.Errorf("seed results: game %d: %w", gameID, err)
	}
	return nil
}

// placementResult is a Cartagena game's final scores: pirates saved, with the odd tie.
func placementResult(rng *rand.Rand, g store.Game) ([]byte, error) {
	type player struct {
		ID    string `json:"id"`
		Score int    `json:"score"`
	}
	in := struct {
		Players []player `json:"players"`
	}{}
	for _, s := range g.Seats {
		in.Players = append(in.Players, player{ID: s.Username, Score: rng.IntN(7)})
	}
	return encode(in)
}

// diplomacyResult is a plausible ARMADA result: some powers eliminated over the years, the
// survivors drawing (every survivor is in the draw, rule 1.1) or one of them soloing with
// 18 centres. With replaced set, a surviving seat was finished by the member not seated.
func diplomacyResult(rng *rand.Rand, g store.Game, members []string, replaced bool) ([]byte, error) {
	type player struct {
		ID         string `json:"id"`
		Centers    int    `json:"centers"`
		Years      int    `json:"years"`
		Eliminated int    `json:"eliminated,omitempty"`
	}
	seats := make([]string, len(g.Seats))
	for i, s := range g.Seats {
		seats[i] = s.Username
	}
	order := rng.Perm(len(seats))
	survivors := 2 + rng.IntN(3)
	end := 1906 + rng.IntN(5)
	solo := rng.IntN(4) == 0
	players := make([]player, len(seats))
	var winners []string
	left := scoring.SupplyCenters
	for rank, i := range order {
		p := player{ID: seats[i]}
		if rank < survivors {
			p.Years = end - 1900
			switch {
			case solo && rank == 0:
				p.Centers = scoring.SoloCenters
				winners = append(winners, p.ID)
			case rank == survivors-1:
				p.Centers = max(1, min(left, 4+rng.IntN(5)))
			default:
				// Leave at least one centre for each survivor still to come.
				p.Centers = max(1, min(3+rng.IntN(6), left-(survivors-1-rank)))
			}
			if !solo {
				winners = append(winners, p.ID)
			}
			left -= p.Centers
		} else {
			p.Eliminated = 1902 + rng.IntN(end-1902)
			p.Years = p.Eliminated - 1900
		}
		players[i] = p
	}
	doc := map[string]any{"outcome": "draw", "players": players, "winners": winners}
	if solo {
		doc["outcome"] = "solo"
	}
	if replaced {
		for _, m := range members {
			if !slices.Contains(seats, m) {
				doc["replaced"] = map[string]string{winners[0]: m}
			}
		}
	}
	return encode(doc)
}

// encode writes a demo result as JSON.
func encode(v any) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return nil, fmt.Errorf("seed results: encode: %w", err)
	}
	return b, nil
}
