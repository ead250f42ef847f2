package service_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// seatedIn reports whether the user holds a seat of the game.
func seatedIn(g store.Game, userID int64) bool {
	for _, s := range g.Seats {
		if s.UserID == userID {
			return true
		}
	}
	return false
}

func TestWithdrawMemberShortensTheUnplayedGamesAndKeepsThePlayedOnes(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "wd", 11)
	organiser, helper := ps[0], ps[10]
	open := storetest.League(t, st, organiser, "gonzaga", 4, 0)
	l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, helper.Username, true))
	leaver := ps[3]

	var played store.Game
	for _, g := range storetest.Games(t, st, l.ID) {
		if seatedIn(g, leaver.ID) {
			played = g
			break
		}
	}
	_, err := storetest.RecordResult(ctx, st, played.ID, organiser.ID, storetest.PlacementInput(storetest.SeatNames(played), []int{40, 30, 20, 10}))
	require.NoError(t, err)
	before, err := leagues.Standings(ctx, l.ID)
	require.NoError(t, err)

	// Refusals change nothing.
	for _, tc := range []struct {
		league   int64
		by       store.User
		username string
		msg      string
	}{
		{l.ID, helper, "wd4", "only the league's organiser may do this"},
		{l.ID, ps[1], "wd4", "only the league's organiser may do this"},
		{l.ID, organiser, "wd10", "username: wd10 is not a member of this league"},
		{l.ID, organiser, "ghost", `username: no player named "ghost"`},
		{open.ID, organiser, "wd4", "league: open; nobody needs to withdraw before the schedule exists: remove the member, which frees the place"},
	} {
		_, err := leagues.Withdraw(ctx, tc.league, tc.by.ID, tc.username)
		require.Error(t, err)
		assert.Contains(t, err.Error(), tc.msg)
	}
	assert.Equal(t, []string{}, storetest.History(t, st, l.ID)[1:], "only the co-organiser line")

	// A preview says what would happen and changes nothing.
	gamesBefore := storetest.Games(t, st, l.ID)
	p, err := leagues.PreviewWithdrawal(ctx, l.ID, organiser.ID, "wd4")
	require.NoError(t, err)
	assert.Equal(t, 15, p.Shortened)
	assert.Equal(t, gamesBefore, storetest.Games(t, st, l.ID))
	assert.Len(t, storetest.History(t, st, l.ID), 1)
	_, err = leagues.PreviewWithdrawal(ctx, l.ID, helper.ID, "wd4")
	assert.ErrorContains(t, err, "only the league's organiser may do this")

	w, err := leagues.Withdraw(ctx, l.ID, organiser.ID, "WD4")
	require.NoError(t, err)
	assert.Equal(t, p.Detail, w.Detail, "the preview said what the withdrawal did")
	assert.Equal(t, "wd4", w.Username)
	assert.Equal(t, 3, w.Slot)
	assert.Equal(t, 15, w.Shortened, "16 games a player at 4 a game, one of them played")
	assert.Zero(t, w.Reseated)
	assert.Zero(t, w.Cancelled)
	assert.Equal(t, 8, w.Balance.Before.Players)
	assert.Equal(t, 7, w.Balance.After.Players)
	assert.Equal(t, w.Balance.Before.GamesMin, w.Balance.After.GamesMin, "everyone who stays plays as many games")

	games := storetest.Games(t, st, l.ID)
	require.Len(t, games, 32, "no game cancelled")
	for _, g := range games {
		if g.ID == played.ID {
			assert.True(t, seatedIn(g, leaver.ID), "a played game keeps its players")
			assert.Equal(t, store.GameFinished, g.Status)
			continue
		}
		assert.False(t, seatedIn(g, leaver.ID), "game %d", g.Number)
		if len(g.Seats) == 3 {
			assert.Equal(t, 1, g.Sequence, "the calendars see the change")
			assert.Equal(t, 3, g.SeatCount)
			for i, s := range g.Seats {
				assert.Equal(t, i+1, s.Position, "seats are numbered again from 1")
			}
		} else {
			assert.Len(t, g.Seats, 4)
			assert.Zero(t, g.Sequence)
		}
	}
	members, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	assert.Len(t, members, 7)
	after, err := leagues.Standings(ctx, l.ID)
	require.NoError(t, err)
	line := func(st []scoring.Standing) []string {
		out := make([]string, len(st))
		for i, s := range st {
			out[i] = fmt.Sprintf("%s %s %d #%d", s.Player, s.Points.RatString(), s.Games, s.Rank)
		}
		return out
	}
	assert.ElementsMatch(t, line(before), line(after), "the played game's points stay, the leaver's included")
	ws, err := leagues.Withdrawals(ctx, l.ID)
	require.NoError(t, err)
	require.Len(t, ws, 1)
	assert.Equal(t, 1, ws[0].Played)
	assert.Equal(t, w.Balance, ws[0].Balance)
	events, err := st.LeagueEvents(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, "withdraw", events[0].Action)
	assert.Contains(t, events[0].Detail, "wd4 withdrew without a substitute: games ")
	assert.Contains(t, events[0].Detail, " go on one player short. Pairs of players meet ")
	assert.Contains(t, events[0].Detail, "among 8 players before")

	// A shortened game is recorded with the three players it has.
	var short store.Game
	for _, g := range games {
		if len(g.Seats) == 3 {
			short = g
			break
		}
	}
	_, err = storetest.RecordResult(ctx, st, short.ID, helper.ID, storetest.PlacementInput(storetest.SeatNames(short), []int{3, 2, 1}))
	require.NoError(t, err)

	// Once withdrawn: no second withdrawal, no replacement either way.
	_, err = leagues.Withdraw(ctx, l.ID, organiser.ID, "wd4")
	assert.ErrorContains(t, err, "username: wd4 has already withdrawn from this league")
	_, err = leagues.Replace(ctx, l.ID, organiser.ID, "wd4", "wd10")
	assert.ErrorContains(t, err, "from: wd4 has withdrawn; their games were reshaped and their place cannot be filled")
	_, err = leagues.Replace(ctx, l.ID, organiser.ID, "wd5", "wd4")
	assert.ErrorContains(t, err, "to: wd4 withdrew from this league and cannot come back")
	_, err = leagues.Replace(ctx, l.ID, organiser.ID, "wd5", "wd10")
	require.NoError(t, err)
	_, err = leagues.Withdraw(ctx, l.ID, organiser.ID, "wd5")
	assert.ErrorContains(t, err, "username: wd5 was replaced by a substitute and no longer plays in this league")
	_, err = leagues.Withdraw(ctx, l.ID, organiser.ID, "wd10")
	require.NoError(t, err, "the substitute may withdraw in turn")
	for _, g := range storetest.Games(t, st, l.ID) {
		if g.Status == store.GameScheduled {
			assert.GreaterOrEqual(t, len(g.Seats), 2)
		}
	}

	require.NoError(t, leagues.End(ctx, l.ID, organiser.ID, "close"))
	_, err = leagues.Withdraw(ctx, l.ID, organiser.ID, "wd6")
	assert.ErrorContains(t, err, "league: closed; its players can no longer change")
}

// A league of two-player games played in rounds: the leaver's games pair up into games of
// two among the others (moved to later rounds where a player is busy), and nobody plays
// twice in a round.
func TestWithdrawFromAFaceToFaceLeagueOfTwo(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "wf", 9)
	l, err := leagues.Create(ctx, store.NewLeague{Name: "Club duels", Game: "gonzaga", PlayersPerGame: 2,
		RecentDays: store.DefaultRecentDays, FaceToFace: true, OrganiserID: ps[0].ID})
	require.NoError(t, err)
	l = storetest.Fill(t, st, l, ps[1:9])
	first := time.Date(2026, 12, 1, 19, 0, 0, 0, time.UTC)
	require.NoError(t, leagues.SetRhythm(ctx, l.ID, ps[0].ID, first, 7))

	w, err := leagues.Withdraw(ctx, l.ID, ps[0].ID, "wf2")
	require.NoError(t, err)
	assert.Equal(t, 0, w.Shortened)
	assert.Equal(t, 7, w.Reseated, "14 games of two: 7 pairs")
	assert.Equal(t, 0, w.Cancelled)
	assert.Equal(t, w.Balance.Before.GamesMax, w.Balance.After.GamesMin, "everyone who stays plays all their games")
	assert.Equal(t, 1, w.Balance.After.PairSpread())

	games := storetest.Games(t, st, l.ID)
	assert.Len(t, games, 56-7)
	busy := map[[2]int64]bool{}
	for _, g := range games {
		require.Len(t, g.Seats, 2)
		assert.False(t, seatedIn(g, ps[1].ID))
		for _, s := range g.Seats {
			key := [2]int64{int64(g.Round), s.UserID}
			assert.False(t, busy[key], "%s plays twice in round %d", s.Username, g.Round)
			busy[key] = true
		}
		require.NotNil(t, g.StartsAt, "game %d", g.Number)
		assert.Equal(t, store.RoundStart(first, 7, g.Round), g.StartsAt.UTC(), "game %d is dated by its round", g.Number)
	}
}

// A result racing the withdrawal on one of the leaver's games: the league's row lock puts
// one first. Either the result is in (the game played, the leaver keeps their seat) and the
// withdrawal reshapes the rest, or the withdrawal reshaped the game first and the result,
// checked against the old seats, is refused without a trace.
func TestWithdrawRacingAResult(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	ps := storetest.Players(t, st, "wr", 9)
	organiser := ps[0]
	for range 6 {
		l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
		var g store.Game
		for _, game := range storetest.Games(t, st, l.ID) {
			if seatedIn(game, ps[1].ID) {
				g = game
				break
			}
		}
		rw, err := storetest.CheckResult(ctx, st, g.ID, organiser.ID, storetest.PlacementInput(storetest.SeatNames(g), []int{4, 3, 2, 1}))
		require.NoError(t, err)
		var wg sync.WaitGroup
		var recErr, wdErr error
		start := make(chan struct{})
		wg.Add(2)
		go func() { defer wg.Done(); <-start; _, recErr = service.NewResults(st).Record(ctx, rw) }()
		go func() {
			defer wg.Done()
			<-start
			_, wdErr = service.NewLeagues(st).Withdraw(ctx, l.ID, organiser.ID, ps[1].Username)
		}()
		close(start)
		wg.Wait()
		require.NoError(t, wdErr)
		got, err := st.Game(ctx, g.ID)
		require.NoError(t, err)
		var recorded int
		require.NoError(t, st.Pool().QueryRow(ctx, `SELECT count(*) FROM results WHERE game_id = $1`, g.ID).Scan(&recorded))
		if recErr == nil {
			assert.Equal(t, store.GameFinished, got.Status)
			assert.True(t, seatedIn(got, ps[1].ID), "the played game keeps the leaver")
			assert.Equal(t, 1, recorded)
		} else {
			assert.ErrorIs(t, recErr, store.ErrSeatsChanged)
			assert.Equal(t, store.GameScheduled, got.Status)
			assert.Len(t, got.Seats, 3)
			assert.Zero(t, recorded, "nothing stored")
		}
	}
}

// Two withdrawals at once: of two members, both happen one after the other; of the same
// member, exactly one happens and the other is refused.
func TestConcurrentWithdrawals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	ps := storetest.Players(t, st, "cw", 9)
	organiser := ps[0]
	for _, same := range []bool{false, true} {
		l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 3, 0), ps[1:9])
		names := []string{ps[1].Username, ps[2].Username}
		if same {
			names[1] = names[0]
		}
		errs := make([]error, 2)
		var wg sync.WaitGroup
		start := make(chan struct{})
		for i := range 2 {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = service.NewLeagues(st).Withdraw(ctx, l.ID, organiser.ID, names[i])
			}()
		}
		close(start)
		wg.Wait()
		ws, err := st.Withdrawals(ctx, l.ID)
		require.NoError(t, err)
		members, err := st.Members(ctx, l.ID)
		require.NoError(t, err)
		if !same {
			require.NoError(t, errs[0])
			require.NoError(t, errs[1])
			assert.Len(t, ws, 2)
			assert.Len(t, members, 6)
			assert.Equal(t, 7, ws[1].Balance.Before.Players, "the second counts the first out")
		} else {
			assert.True(t, (errs[0] == nil) != (errs[1] == nil), "exactly one: %v / %v", errs[0], errs[1])
			for _, err := range errs {
				if err != nil {
					assert.ErrorContains(t, err, "has already withdrawn")
				}
			}
			assert.Len(t, ws, 1)
			assert.Len(t, members, 7)
		}
		for _, g := range storetest.Games(t, st, l.ID) {
			assert.GreaterOrEqual(t, len(g.Seats), 2, "game %d", g.Number)
			for _, w := range ws {
				assert.False(t, seatedIn(g, w.UserID), "game %d", g.Number)
			}
		}
		var events int
		require.NoError(t, st.Pool().QueryRow(ctx, `SELECT count(*) FROM league_events WHERE league_id = $1 AND action = 'withdraw'`, l.ID).Scan(&events))
		assert.Equal(t, len(ws), events)
	}
}
