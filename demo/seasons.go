package demo

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// The demo's seasons (CONTRACT section 10): a finished one whose movements placed the
// players of the running one, each in two divisions of six.
const (
	// FinishedSeasonName is the season played out; RunningSeasonName the one it led to.
	FinishedSeasonName = "Autumn Cartagena"
	RunningSeasonName  = "Winter Cartagena"
)

// seedSeasons plays a season of the twelve demo players out (elena organises; divisions of
// six, two up and two down), opens the next one with everyone signed up, starts it and
// records a game in each division, so /seasons shows a running season whose page marks the
// promotion and relegation places and links the finished one with its movements.
func seedSeasons(ctx context.Context, st *store.Store, users []store.User) error {
	elena := users[4]
	seasons := service.NewSeasons(st)
	autumn, err := seasons.Create(ctx, store.NewSeason{Name: FinishedSeasonName, Game: "cartagena", PlayersPerGame: 4,
		DivisionSize: 6, Promote: 2, ResultsBy: store.ResultsByOrganisers, OrganiserID: elena.ID})
	if err != nil {
		return fmt.Errorf("seed seasons: %w", err)
	}
	for _, u := range users {
		if err := seasons.SignUp(ctx, autumn.ID, u.ID); err != nil {
			return fmt.Errorf("seed seasons: %s signs up: %w", u.Username, err)
		}
	}
	if err := seasons.Start(ctx, autumn.ID, elena.ID); err != nil {
		return fmt.Errorf("seed seasons: %w", err)
	}
	rng := rand.New(rand.NewPCG(36, 2026))
	if err := playDivisions(ctx, st, autumn.ID, elena.ID, rng, -1); err != nil {
		return err
	}
	winter, err := seasons.Next(ctx, autumn.ID, elena.ID, RunningSeasonName)
	if err != nil {
		return fmt.Errorf("seed seasons: %w", err)
	}
	if err := seasons.Start(ctx, winter.ID, elena.ID); err != nil {
		return fmt.Errorf("seed seasons: %w", err)
	}
	return playDivisions(ctx, st, winter.ID, elena.ID, rng, 1)
}

// playDivisions records the first n games of every division of the season (all of them
// when n < 0), as its organiser.
func playDivisions(ctx context.Context, st *store.Store, seasonID, organiser int64, rng *rand.Rand, n int) error {
	divs, err := st.Divisions(ctx, seasonID)
	if err != nil {
		return fmt.Errorf("seed seasons: %w", err)
	}
	for _, d := range divs {
		games, err := st.Games(ctx, d.LeagueID)
		if err != nil {
			return fmt.Errorf("seed seasons: %w", err)
		}
		if n >= 0 {
			games = games[:min(n, len(games))]
		}
		for _, g := range games {
			input, err := placementResult(rng, g)
			if err != nil {
				return fmt.Errorf("seed seasons: %w", err)
			}
			if err := record(ctx, st, organiser, g.ID, input); err != nil {
				return err
			}
		}
	}
	return nil
}
