package demo

import (
	"context"
	"fmt"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// Demo league names, so later demo steps (results) can find the leagues.
const (
	// OpenLeagueName is the open league with 7 members: a newcomer who signs up is the 8th
	// and sees its schedule appear. It meets face to face: 16 rounds of two tables.
	OpenLeagueName = "Club night: Viva il Re!"
	// RunningLeagueName is the running league, all 8 demo players, its games scheduled.
	RunningLeagueName = "Spring Cartagena"
)

// seedLeagues creates the demo leagues: one open face-to-face league whose first 7 demo
// players have joined (min_recent_games 0, since a new account has no finished games and
// must be able to be the 8th), and one running league with all 8, its schedule built by the
// 8th join.
func seedLeagues(ctx context.Context, st *store.Store, users []store.User) error {
	if len(users) < store.DefaultLeagueSize {
		return fmt.Errorf("seed leagues: need %d demo players, have %d", store.DefaultLeagueSize, len(users))
	}
	leagues := []struct {
		league  store.NewLeague
		members []store.User
	}{
		{store.NewLeague{Name: RunningLeagueName, Game: "cartagena", Edition: "classic", PlayersPerGame: 4,
			MinRecentGames: 0, RecentDays: store.DefaultRecentDays, OrganiserID: users[0].ID}, users[:8]},
		{store.NewLeague{Name: OpenLeagueName, Game: "king-me", PlayersPerGame: 4,
			MinRecentGames: 0, RecentDays: store.DefaultRecentDays, FaceToFace: true, OrganiserID: users[0].ID}, users[:7]},
	}
	for _, l := range leagues {
		created, err := service.NewLeagues(st).Create(ctx, l.league)
		if err != nil {
			return fmt.Errorf("seed leagues: %w", err)
		}
		for _, u := range l.members {
			if _, err := service.NewLeagues(st).Join(ctx, created.ID, u.ID); err != nil {
				return fmt.Errorf("seed leagues: %s joins %q: %w", u.Username, l.league.Name, err)
			}
		}
	}
	return nil
}
