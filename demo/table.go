package demo

import (
	"context"
	"fmt"
	"math/rand/v2"
	"time"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// TableLeagueName is the demo's league in which players report their results and the
// table confirms them (issue 25, CONTRACT section 8).
const TableLeagueName = "Cartagena at the table"

// seedTable shows players at the table: a face-to-face Cartagena league organised by
// greta in which players report. Round 1's first game has a proposal by its first seat,
// confirmed by one player and waiting for the others; its second game's proposal is
// disputed, so it waits on greta's desk. Round 2 is dated next week and its players have
// answered whether they are coming, one of them "I can't come".
func seedTable(ctx context.Context, st *store.Store, users []store.User) error {
	greta := users[6]
	l, err := service.NewLeagues(st).Create(ctx, store.NewLeague{Name: TableLeagueName, Game: "cartagena", PlayersPerGame: 4,
		MinRecentGames: 0, RecentDays: store.DefaultRecentDays, FaceToFace: true, OrganiserID: greta.ID,
		ResultsBy: store.ResultsByPlayers, ConfirmHours: 72})
	if err != nil {
		return fmt.Errorf("seed table: %w", err)
	}
	for _, u := range users[:store.DefaultLeagueSize] {
		if _, err := service.NewLeagues(st).Join(ctx, l.ID, u.ID); err != nil {
			return fmt.Errorf("seed table: %s joins %q: %w", u.Username, TableLeagueName, err)
		}
	}
	games, err := st.Games(ctx, l.ID)
	if err != nil {
		return fmt.Errorf("seed table: %w", err)
	}
	var round1, round2 []store.Game
	for _, g := range games {
		switch g.Round {
		case 1:
			round1 = append(round1, g)
		case 2:
			round2 = append(round2, g)
		}
	}
	if len(round1) < 2 || len(round2) == 0 {
		return fmt.Errorf("seed table: expected two games a round, got %d and %d", len(round1), len(round2))
	}
	rng := rand.New(rand.NewPCG(2026, 25))
	propose := func(g store.Game) error {
		input, err := placementResult(rng, g)
		if err != nil {
			return err
		}
		rg, err := st.ResultGame(ctx, g.ID)
		if err != nil {
			return fmt.Errorf("seed table: %w", err)
		}
		w, err := service.CheckResultBody(rg, g.Seats[0].UserID, input)
		if err != nil {
			return fmt.Errorf("seed table: proposal of game %d: %w", g.Number, err)
		}
		if _, err := service.NewResults(st).Propose(ctx, w); err != nil {
			return fmt.Errorf("seed table: %w", err)
		}
		return nil
	}
	// Waiting: proposed by seat 1, confirmed by seat 2, two more to confirm.
	if err := propose(round1[0]); err != nil {
		return err
	}
	if _, err := service.NewResults(st).Confirm(ctx, round1[0].ID, round1[0].Seats[1].UserID, 0); err != nil {
		return fmt.Errorf("seed table: %w", err)
	}
	// Disputed: on the organiser's desk with the proposal beside it.
	if err := propose(round1[1]); err != nil {
		return err
	}
	if err := service.NewResults(st).Dispute(ctx, round1[1].ID, round1[1].Seats[2].UserID,
		"I had two more pirates in the boat at the end; my score is 4 higher", 0); err != nil {
		return fmt.Errorf("seed table: %w", err)
	}
	// Round 2 next week, answered: everyone comes but seat 3 of its first game.
	next := time.Now().UTC().Truncate(time.Hour).Add(7 * 24 * time.Hour)
	for _, g := range round2 {
		if err := service.NewLeagues(st).ScheduleGame(ctx, g.ID, greta.ID, store.GameSchedule{StartsAt: &next, Place: "The back room"}); err != nil {
			return fmt.Errorf("seed table: %w", err)
		}
		for i, s := range g.Seats {
			coming := !(g.ID == round2[0].ID && i == 2)
			if i == 3 && g.ID != round2[0].ID {
				continue // one player has not answered yet
			}
			if err := service.NewResults(st).SetAttendance(ctx, g.ID, s.UserID, coming); err != nil {
				return fmt.Errorf("seed table: %w", err)
			}
		}
	}
	return nil
}
