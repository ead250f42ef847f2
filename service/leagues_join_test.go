package service_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestJoinLeagueBuildsTheScheduleWithTheEighthMember(t *testing.T) {
	t.Parallel()
	// The seed's "Number of games per league" table: players per game → games per player,
	// total games.
	for _, tc := range []struct {
		perGame, perPlayer, games int
	}{
		{2, 14, 56}, {3, 9, 24}, {4, 16, 32}, {5, 25, 40}, {6, 18, 24}, {7, 21, 24}, {8, 16, 16},
	} {
		t.Run(fmt.Sprint(tc.perGame), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			st := storetest.NewStore(t)
			players := storetest.Players(t, st, "player", 8)
			l := storetest.League(t, st, players[0], "vampiring", tc.perGame, 0)

			l = storetest.Fill(t, st, l, players[:7])
			assert.Equal(t, store.LeagueOpen, l.Status)
			assert.Equal(t, 7, l.Members)
			games, err := st.Games(ctx, l.ID)
			require.NoError(t, err)
			assert.Empty(t, games, "no games before the 8th member")

			l = storetest.Fill(t, st, l, players[7:])
			assert.Equal(t, store.LeagueRunning, l.Status)
			assert.Equal(t, 8, l.Members)
			require.NotNil(t, l.StartedAt)
			require.NotNil(t, l.ScheduleSeed)

			members, err := st.Members(ctx, l.ID)
			require.NoError(t, err)
			for i, m := range members {
				assert.Equal(t, i+1, m.Slot)
				assert.Equal(t, players[i].ID, m.UserID, "slots follow the join order")
			}

			s := storetest.Schedule(t, st, l)
			assert.Len(t, s.Games, tc.games)
			require.NoError(t, scheduler.Verify(s, scheduler.Options{Players: 8, PerGame: tc.perGame}))
			report := scheduler.Fairness(s)
			for p, n := range report.PlayerGames {
				assert.Equal(t, tc.perPlayer, n, "games of player %d", p+1)
			}
			// The stored schedule is exactly the one the stored seed builds.
			want, err := scheduler.Build(scheduler.Options{Players: 8, PerGame: tc.perGame, Seed: uint64(*l.ScheduleSeed)})
			require.NoError(t, err)
			assert.Equal(t, want, s)

			for _, g := range storetest.Games(t, st, l.ID) {
				assert.Equal(t, store.GameScheduled, g.Status)
				assert.Nil(t, g.FinishedAt)
				one, err := st.Game(ctx, g.ID)
				require.NoError(t, err)
				assert.Equal(t, g, one)
			}
		})
	}
}

func TestFaceToFaceLeagueScheduleComesInRounds(t *testing.T) {
	t.Parallel()
	// Players per game → rounds of a face-to-face league (`tablestakes schedule --rounds`):
	// every round seats each player at most once, so 8/k games fit in one.
	for _, tc := range []struct {
		perGame, rounds, perRound int
	}{
		{2, 14, 4}, {3, 12, 2}, {4, 16, 2}, {5, 40, 1}, {6, 24, 1}, {7, 24, 1}, {8, 16, 1},
	} {
		t.Run(fmt.Sprint(tc.perGame), func(t *testing.T) {
			t.Parallel()
			ctx := context.Background()
			st := storetest.NewStore(t)
			players := storetest.Players(t, st, "player", 8)
			l, err := service.NewLeagues(st).Create(ctx, store.NewLeague{
				Name: "Club night", Game: "vampiring", PlayersPerGame: tc.perGame,
				RecentDays: store.DefaultRecentDays, FaceToFace: true, OrganiserID: players[0].ID,
			})
			require.NoError(t, err)
			assert.True(t, l.FaceToFace)
			got, err := st.League(ctx, l.ID)
			require.NoError(t, err)
			assert.True(t, got.FaceToFace, "read back")

			l = storetest.Fill(t, st, l, players)
			require.Equal(t, store.LeagueRunning, l.Status)
			require.NotNil(t, l.ScheduleSeed)
			assert.True(t, l.FaceToFace)

			s := storetest.Schedule(t, st, l)
			seated := map[int]map[int]bool{} // round → players seated in it
			games := map[int]int{}           // round → games in it
			for _, g := range s.Games {
				if seated[g.Round] == nil {
					seated[g.Round] = map[int]bool{}
				}
				games[g.Round]++
				for _, p := range g.Seats {
					assert.False(t, seated[g.Round][p], "player %d plays twice in round %d", p, g.Round)
					seated[g.Round][p] = true
				}
			}
			assert.Len(t, games, tc.rounds, "rounds")
			for r := 1; r <= tc.rounds; r++ {
				assert.Equal(t, tc.perRound, games[r], "games in round %d", r)
			}
			opts := scheduler.Options{Players: 8, PerGame: tc.perGame, Rounds: true}
			require.NoError(t, scheduler.Verify(s, opts))
			// The stored schedule is exactly the one the stored seed builds in rounds.
			opts.Seed = uint64(*l.ScheduleSeed)
			want, err := scheduler.Build(opts)
			require.NoError(t, err)
			assert.Equal(t, want, s)
		})
	}
}

func TestLeagueIsNotFaceToFaceByDefault(t *testing.T) {
	t.Parallel()
	st := storetest.NewStore(t)
	players := storetest.Players(t, st, "player", 8)
	l := storetest.League(t, st, players[0], "gonzaga", 4, 0)
	assert.False(t, l.FaceToFace)
	l = storetest.Fill(t, st, l, players)
	assert.False(t, l.FaceToFace)
	games := storetest.Games(t, st, l.ID)
	require.Len(t, games, 32)
	for i, g := range games {
		assert.Equal(t, i+1, g.Round, "every game is a round of its own")
	}
}

func TestJoinLeagueRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	players := storetest.Players(t, st, "player", 9)
	l := storetest.League(t, st, players[0], "gonzaga", 4, 0)

	_, err := leagues.Join(ctx, l.ID, players[0].ID)
	require.NoError(t, err)
	_, err = leagues.Join(ctx, l.ID, players[0].ID)
	assert.ErrorIs(t, err, store.ErrAlreadyMember)
	assert.ErrorIs(t, err, store.ErrConflict)

	l = storetest.Fill(t, st, l, players[1:8])
	require.Equal(t, store.LeagueRunning, l.Status)
	_, err = leagues.Join(ctx, l.ID, players[8].ID)
	assert.ErrorIs(t, err, store.ErrLeagueRunning)
	_, err = leagues.Join(ctx, l.ID, players[3].ID)
	assert.ErrorIs(t, err, store.ErrAlreadyMember, "a member hears they already joined")

	_, err = leagues.Join(ctx, l.ID+1000, players[8].ID)
	assert.ErrorIs(t, err, store.ErrNotFound)

	after, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, 8, after.Members)
	assert.Len(t, storetest.Games(t, st, l.ID), 32, "refusals change nothing")
}

func TestActivityRule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	players := storetest.Players(t, st, "player", 9)
	// An 8-player game seats everyone, so every finished game counts for every member.
	club := storetest.Fill(t, st, storetest.League(t, st, players[0], "vampiring", 8, 0), players[:8])
	require.Equal(t, store.LeagueRunning, club.Status)
	storetest.FinishGames(t, st, club.ID, 2, 10)  // inside the default 90 days
	storetest.FinishGames(t, st, club.ID, 1, 100) // outside it

	have, err := leagues.RecentGames(ctx, players[0].ID, league.Activity{RecentDays: 90})
	require.NoError(t, err)
	assert.Equal(t, 2, have)
	have, err = leagues.RecentGames(ctx, players[0].ID, league.Activity{RecentDays: 365})
	require.NoError(t, err)
	assert.Equal(t, 3, have)
	have, err = leagues.RecentGames(ctx, players[8].ID, league.Activity{RecentDays: 365})
	require.NoError(t, err)
	assert.Zero(t, have, "a newcomer has no finished games")

	strict := storetest.League(t, st, players[0], "gonzaga", 2, 3)
	_, err = leagues.Join(ctx, strict.ID, players[1].ID)
	var inactive *store.InactiveError
	require.ErrorAs(t, err, &inactive)
	assert.Equal(t, store.InactiveError{Have: 2, Need: 3, Days: 90}, *inactive)
	assert.Equal(t, "activity rule: you have 2 finished games in the last 90 days; this league needs 3", inactive.Error())

	_, err = leagues.Join(ctx, strict.ID, players[8].ID)
	require.ErrorAs(t, err, &inactive)
	assert.Equal(t, 0, inactive.Have)

	storetest.FinishGames(t, st, club.ID, 1, 0)
	_, err = leagues.Join(ctx, strict.ID, players[1].ID)
	require.NoError(t, err, "three finished games in 90 days meet the rule")
	after, err := st.League(ctx, strict.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, after.Members)
}

func TestConcurrentJoinsMakeExactlyOneSchedule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := storetest.Players(t, st, "racer", 20)

	for _, tc := range []struct {
		name   string
		before int // players joined before the race
	}{
		{"twenty racing for eight seats", 0},
		{"two racing for the last seat", 7},
	} {
		l := storetest.League(t, st, players[0], "cartagena", 3, 0)
		storetest.Fill(t, st, l, players[:tc.before])
		racers := players[tc.before:]
		if tc.before > 0 {
			racers = racers[:2]
		}

		var (
			wg      sync.WaitGroup
			start   = make(chan struct{})
			results = make([]error, len(racers))
		)
		for i, p := range racers {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, results[i] = service.NewLeagues(st).Join(ctx, l.ID, p.ID)
			}()
		}
		close(start)
		wg.Wait()

		joined := tc.before
		for _, err := range results {
			if err == nil {
				joined++
				continue
			}
			assert.True(t, errors.Is(err, store.ErrLeagueRunning) || errors.Is(err, store.ErrLeagueFull),
				"%s: a losing racer is told the league is running or full, got %v", tc.name, err)
		}
		assert.Equal(t, 8, joined, tc.name)

		got, err := st.League(ctx, l.ID)
		require.NoError(t, err)
		assert.Equal(t, store.LeagueRunning, got.Status, tc.name)
		assert.Equal(t, 8, got.Members, tc.name)
		members, err := st.Members(ctx, l.ID)
		require.NoError(t, err)
		for i, m := range members {
			assert.Equal(t, i+1, m.Slot, tc.name)
		}
		var games, seats int
		require.NoError(t, st.Pool().QueryRow(ctx,
			`SELECT count(DISTINCT g.id), count(s.*) FROM games g LEFT JOIN seats s ON s.game_id = g.id WHERE g.league_id = $1`,
			l.ID).Scan(&games, &seats))
		assert.Equal(t, 24, games, "%s: exactly one schedule (the seed's 24 games of 3)", tc.name)
		assert.Equal(t, 72, seats, tc.name)
		require.NoError(t, scheduler.Verify(storetest.Schedule(t, st, got), scheduler.Options{Players: 8, PerGame: 3}), tc.name)
	}
}
