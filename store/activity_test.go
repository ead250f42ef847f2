package store_test

import (
	"context"
	"encoding/json"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// "In order to play a league game you have to be an Active player. To be an active player
// you just need to have terminated at least 5 games in the last 90 days"
// (league-scoring-system.txt): checked at the join, and again when a league game's result
// is recorded for a player who has fallen inactive since — a warning, not a refusal.
func TestRecordingWarnsAboutPlayersWhoFellInactive(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "act", 8)
	// Every member of an 8-a-game club league sits in every game: 3 finished games each.
	club := fill(t, st, newLeague(t, st, players[0], "vampiring", 8, 0), players)
	finishGames(t, st, club.ID, 3, 10)
	strict := fill(t, st, newLeague(t, st, players[0], "gonzaga", 2, 3), players)
	require.Equal(t, store.LeagueRunning, strict.Status, "all eight were active when they joined")

	leagues := service.NewLeagues(st)
	states, err := leagues.Activity(ctx, strict.ID)
	require.NoError(t, err)
	require.Len(t, states, 8)
	for _, a := range states {
		assert.True(t, a.Active, "%s has %d games", a.Username, a.Recent)
		assert.Equal(t, store.ActivityState{UserID: a.UserID, Username: a.Username, Recent: 3, Need: 3, Days: 90, Active: true}, a)
	}

	// Time passes: one of the club's games falls out of the 90 days, for everyone.
	_, err = st.Pool().Exec(ctx, `UPDATE games SET finished_at = now() - interval '100 days'
WHERE id = (SELECT id FROM games WHERE league_id = $1 ORDER BY number LIMIT 1)`, club.ID)
	require.NoError(t, err)

	games := mustGames(t, st, strict.ID)
	first := games[0]
	results := service.NewResults(st)
	g, err := results.Game(ctx, first.ID)
	require.NoError(t, err)
	require.Len(t, service.Inactive(g), 2, "both players of the first game have fallen to 2 games")
	a, b := first.Seats[0], first.Seats[1]
	res, err := storetest.RecordResult(ctx, st, first.ID, players[0].ID, storetest.PlacementInput([]string{a.Username, b.Username}, []int{10, 7}))
	require.NoError(t, err, "an inactive player's result is recorded all the same")
	require.Len(t, res.Inactive, 2)
	assert.Equal(t, a.Username, res.Inactive[0].Username, "in seat order")
	assert.Equal(t, 2, res.Inactive[0].Recent, "the game being recorded does not count for itself")
	assert.Equal(t, 3, res.Inactive[0].Need)
	assert.Equal(t, 90, res.Inactive[0].Days)

	// The next game of the first game's first player: that game made them active again, and
	// only their opponent is warned about.
	var next store.Game
	for _, game := range games[1:] {
		seated := map[string]bool{}
		for _, s := range game.Seats {
			seated[s.Username] = true
		}
		if seated[a.Username] && !seated[b.Username] {
			next = game
			break
		}
	}
	require.NotZero(t, next.ID)
	other := next.Seats[0]
	if other.Username == a.Username {
		other = next.Seats[1]
	}
	g, err = results.Game(ctx, next.ID)
	require.NoError(t, err)
	require.Len(t, service.Inactive(g), 1)
	assert.Equal(t, other.Username, service.Inactive(g)[0].Username)

	states, err = leagues.Activity(ctx, strict.ID)
	require.NoError(t, err)
	byName := map[string]store.ActivityState{}
	for _, s := range states {
		byName[s.Username] = s
	}
	assert.True(t, byName[a.Username].Active)
	assert.Equal(t, 3, byName[b.Username].Recent)
	assert.False(t, byName[other.Username].Active)
	assert.Equal(t, 2, byName[other.Username].Recent)

	// A correction of the first game warns as the record did: the game itself never counts.
	rw, err := storetest.CheckResult(ctx, st, first.ID, players[0].ID, storetest.PlacementInput([]string{a.Username, b.Username}, []int{10, 8}))
	require.NoError(t, err)
	rw.Reason = "typo in the score"
	corrected, err := service.NewResults(st).Correct(ctx, rw)
	require.NoError(t, err)
	assert.Len(t, corrected.Inactive, 2)
}

// A league without the rule (min_recent_games 0) never warns.
func TestNoActivityRuleNoWarning(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "free", 8)
	l := fill(t, st, newLeague(t, st, players[0], "gonzaga", 2, 0), players)
	g, err := service.NewResults(st).Game(ctx, mustGames(t, st, l.ID)[0].ID)
	require.NoError(t, err)
	assert.Empty(t, g.Activity)
	assert.Empty(t, service.Inactive(g))
}

// The activity rule's one count (league.Activity): a game counts when it finished strictly
// after the window's start at the now the service passes in ("in the last 90 days": exactly
// 90 days ago is outside, a second later inside, as league's TestActivityCounts says), and a
// seat recorded absent is not a game its player played (league.GamePlayed), in every read
// of the count: a player's own, the league page's and a recorded game's.
func TestActivityCountIsTheRulesWindowWithoutAbsentSeats(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "win", 8)
	// Every member of an 8-a-game league sits in every game.
	club := fill(t, st, newLeague(t, st, players[0], "vampiring", 8, 0), players)
	games := mustGames(t, st, club.ID)
	names := storetest.SeatNames(games[0])
	absent := names[len(names)-1]
	body, err := json.Marshal(map[string]any{"players": func() []map[string]any {
		var out []map[string]any
		for i, n := range names[:len(names)-1] {
			out = append(out, map[string]any{"id": n, "score": 100 - i})
		}
		return out
	}(), "absent": []string{absent}})
	require.NoError(t, err)
	_, err = storetest.RecordResult(ctx, st, games[0].ID, players[0].ID, body)
	require.NoError(t, err)
	rule := league.Activity{MinRecentGames: 1, RecentDays: 90}
	_, err = st.Pool().Exec(ctx, `UPDATE leagues SET min_recent_games = $2, recent_days = $3 WHERE id = $1`,
		club.ID, rule.MinRecentGames, rule.RecentDays)
	require.NoError(t, err)
	next, err := st.ResultGame(ctx, games[1].ID)
	require.NoError(t, err)
	require.Equal(t, rule, next.ActivityRule)

	now := time.Date(2026, time.March, 31, 12, 0, 0, 0, time.UTC)
	for _, tc := range []struct {
		name     string
		finished time.Time
		want     int
	}{
		{"finished an hour ago", now.Add(-time.Hour), 1},
		{"day 90, a second inside the window", now.AddDate(0, 0, -90).Add(time.Second), 1},
		{"exactly 90 days ago is outside", now.AddDate(0, 0, -90), 0},
		{"a second before the window", now.AddDate(0, 0, -90).Add(-time.Second), 0},
		{"finished after now: the window has no end", now.Add(time.Hour), 1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			require.Equal(t, tc.want == 1, rule.Counts(tc.finished, now), "the store counts as league.Activity.Counts says")
			_, err := st.Pool().Exec(ctx, `UPDATE games SET finished_at = $2 WHERE id = $1`, games[0].ID, tc.finished)
			require.NoError(t, err)
			states, err := st.LeagueActivity(ctx, club.ID, rule.Since(now))
			require.NoError(t, err)
			require.Len(t, states, len(players))
			seated, err := st.GameActivity(ctx, next.ID, rule.Since(now))
			require.NoError(t, err)
			require.Len(t, seated, len(names))
			for i, s := range seated {
				assert.Equal(t, next.Seats[i].Username, s.Username, "in seat order")
				want := tc.want
				if s.Username == absent {
					want = 0 // the missing man played the seat, not its player
				}
				assert.Equal(t, want, s.Recent, "%s's games of a recorded game", s.Username)
			}
			for _, a := range states {
				want := tc.want
				if a.Username == absent {
					want = 0
				}
				assert.Equal(t, want, a.Recent, "%s's games on the league page", a.Username)
				n, err := st.RecentFinishedGames(ctx, a.UserID, rule.Since(now))
				require.NoError(t, err)
				assert.Equal(t, want, n, "%s's own games (a join)", a.Username)
			}
		})
	}
}
