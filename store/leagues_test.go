package store_test

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5/pgconn"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

// newPlayers creates n accounts named prefix1..prefixN.
func newPlayers(t *testing.T, st *store.Store, prefix string, n int) []store.User {
	t.Helper()
	users := make([]store.User, n)
	for i := range users {
		u, err := st.CreateUser(context.Background(), store.NewUser{
			Username: fmt.Sprintf("%s%d", prefix, i+1), DisplayName: fmt.Sprintf("Player %d", i+1), Password: "password-1",
		})
		require.NoError(t, err)
		users[i] = u
	}
	return users
}

// newLeague creates an open league of game, perGame players per game and no activity
// requirement, organised by organiser.
func newLeague(t *testing.T, st *store.Store, organiser store.User, game string, perGame, minRecent int) store.League {
	t.Helper()
	l, err := st.CreateLeague(context.Background(), store.NewLeague{
		Name: "League of " + game, Game: game, Edition: "2nd edition", PlayersPerGame: perGame,
		MinRecentGames: minRecent, RecentDays: store.DefaultRecentDays, OrganiserID: organiser.ID,
	})
	require.NoError(t, err)
	return l
}

// fill joins the players to the league in order and returns the league after the last join.
func fill(t *testing.T, st *store.Store, l store.League, players []store.User) store.League {
	t.Helper()
	for _, p := range players {
		var err error
		l, err = st.JoinLeague(context.Background(), l.ID, p.ID)
		require.NoError(t, err, "join %s", p.Username)
	}
	return l
}

// pgCode is the SQLSTATE of a Postgres error, or "".
func pgCode(err error) string {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) {
		return pgErr.Code
	}
	return ""
}

// asSchedule turns a league's stored games back into a scheduler.Schedule (player p is the
// member in slot p), so the scheduler's independent Verify can check what was stored.
func asSchedule(t *testing.T, st *store.Store, l store.League) scheduler.Schedule {
	t.Helper()
	ctx := context.Background()
	members, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	slot := map[int64]int{}
	for _, m := range members {
		slot[m.UserID] = m.Slot
	}
	games, err := st.Games(ctx, l.ID)
	require.NoError(t, err)
	s := scheduler.Schedule{Players: store.LeagueSize, PerGame: l.PlayersPerGame}
	for _, g := range games {
		sg := scheduler.Game{Number: g.Number, Round: g.Round}
		for i, seat := range g.Seats {
			require.Equal(t, i+1, seat.Position, "seats come in seat order")
			sg.Seats = append(sg.Seats, slot[seat.UserID])
		}
		s.Games = append(s.Games, sg)
	}
	return s
}

func TestCreateLeague(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	org := newPlayers(t, st, "organiser", 1)[0]

	l, err := st.CreateLeague(ctx, store.NewLeague{
		Name: "Winter Vortex", Game: "vortex", Version: "d12", Edition: "base game", PlayersPerGame: 4,
		MinRecentGames: store.DefaultMinRecentGames, RecentDays: store.DefaultRecentDays, OrganiserID: org.ID,
	})
	require.NoError(t, err)
	assert.NotZero(t, l.ID)
	assert.Equal(t, "Winter Vortex", l.Name)
	assert.Equal(t, "vortex", l.Game)
	assert.Equal(t, "d12", l.Version)
	assert.Equal(t, "base game", l.Edition)
	assert.Equal(t, 4, l.PlayersPerGame)
	assert.Equal(t, 5, l.MinRecentGames)
	assert.Equal(t, 90, l.RecentDays)
	assert.Equal(t, store.LeagueOpen, l.Status)
	assert.Equal(t, org.ID, l.OrganiserID)
	assert.Equal(t, "organiser1", l.Organiser)
	assert.Zero(t, l.Members)
	assert.Nil(t, l.StartedAt)
	assert.Nil(t, l.ScheduleSeed)

	got, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, l, got)

	_, err = st.League(ctx, l.ID+1000)
	assert.ErrorIs(t, err, store.ErrNotFound)

	// The database refuses what validation should have caught, and stores nothing.
	for _, bad := range []store.NewLeague{
		{Name: " ", Game: "vortex", PlayersPerGame: 4, RecentDays: 90, OrganiserID: org.ID},
		{Name: "x", Game: "Vortex!", PlayersPerGame: 4, RecentDays: 90, OrganiserID: org.ID},
		{Name: "x", Game: "vortex", PlayersPerGame: 9, RecentDays: 90, OrganiserID: org.ID},
		{Name: "x", Game: "vortex", PlayersPerGame: 4, RecentDays: 0, OrganiserID: org.ID},
		{Name: "x", Game: "vortex", PlayersPerGame: 4, MinRecentGames: -1, RecentDays: 90, OrganiserID: org.ID},
	} {
		_, err := st.CreateLeague(ctx, bad)
		assert.Equal(t, "23514", pgCode(err), "check violation for %+v: %v", bad, err)
	}
	open, err := st.LeaguesByStatus(ctx, store.LeagueOpen)
	require.NoError(t, err)
	assert.Len(t, open, 1)
}

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
			players := newPlayers(t, st, "player", 8)
			l := newLeague(t, st, players[0], "vampiring", tc.perGame, 0)

			l = fill(t, st, l, players[:7])
			assert.Equal(t, store.LeagueOpen, l.Status)
			assert.Equal(t, 7, l.Members)
			games, err := st.Games(ctx, l.ID)
			require.NoError(t, err)
			assert.Empty(t, games, "no games before the 8th member")

			l = fill(t, st, l, players[7:])
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

			s := asSchedule(t, st, l)
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

			for _, g := range mustGames(t, st, l.ID) {
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
			players := newPlayers(t, st, "player", 8)
			l, err := st.CreateLeague(ctx, store.NewLeague{
				Name: "Club night", Game: "vampiring", PlayersPerGame: tc.perGame,
				RecentDays: store.DefaultRecentDays, FaceToFace: true, OrganiserID: players[0].ID,
			})
			require.NoError(t, err)
			assert.True(t, l.FaceToFace)
			got, err := st.League(ctx, l.ID)
			require.NoError(t, err)
			assert.True(t, got.FaceToFace, "read back")

			l = fill(t, st, l, players)
			require.Equal(t, store.LeagueRunning, l.Status)
			require.NotNil(t, l.ScheduleSeed)
			assert.True(t, l.FaceToFace)

			s := asSchedule(t, st, l)
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
	players := newPlayers(t, st, "player", 8)
	l := newLeague(t, st, players[0], "gonzaga", 4, 0)
	assert.False(t, l.FaceToFace)
	l = fill(t, st, l, players)
	assert.False(t, l.FaceToFace)
	games := mustGames(t, st, l.ID)
	require.Len(t, games, 32)
	for i, g := range games {
		assert.Equal(t, i+1, g.Round, "every game is a round of its own")
	}
}

// mustGames returns the league's games.
func mustGames(t *testing.T, st *store.Store, leagueID int64) []store.Game {
	t.Helper()
	games, err := st.Games(context.Background(), leagueID)
	require.NoError(t, err)
	return games
}

func TestJoinLeagueRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "player", 9)
	l := newLeague(t, st, players[0], "gonzaga", 4, 0)

	_, err := st.JoinLeague(ctx, l.ID, players[0].ID)
	require.NoError(t, err)
	_, err = st.JoinLeague(ctx, l.ID, players[0].ID)
	assert.ErrorIs(t, err, store.ErrAlreadyMember)
	assert.ErrorIs(t, err, store.ErrConflict)

	l = fill(t, st, l, players[1:8])
	require.Equal(t, store.LeagueRunning, l.Status)
	_, err = st.JoinLeague(ctx, l.ID, players[8].ID)
	assert.ErrorIs(t, err, store.ErrLeagueRunning)
	_, err = st.JoinLeague(ctx, l.ID, players[3].ID)
	assert.ErrorIs(t, err, store.ErrAlreadyMember, "a member hears they already joined")

	_, err = st.JoinLeague(ctx, l.ID+1000, players[8].ID)
	assert.ErrorIs(t, err, store.ErrNotFound)

	after, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, 8, after.Members)
	assert.Len(t, mustGames(t, st, l.ID), 32, "refusals change nothing")
}

// finishGames marks the first n of the league's games finished daysAgo days ago, the way
// result recording does.
func finishGames(t *testing.T, st *store.Store, leagueID int64, n, daysAgo int) {
	t.Helper()
	_, err := st.Pool().Exec(context.Background(), `
UPDATE games SET status = 'finished', finished_at = now() - make_interval(days => $3)
WHERE id IN (SELECT id FROM games WHERE league_id = $1 AND status = 'scheduled' ORDER BY number LIMIT $2)`,
		leagueID, n, daysAgo)
	require.NoError(t, err)
}

func TestActivityRule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "player", 9)
	// An 8-player game seats everyone, so every finished game counts for every member.
	club := fill(t, st, newLeague(t, st, players[0], "vampiring", 8, 0), players[:8])
	require.Equal(t, store.LeagueRunning, club.Status)
	finishGames(t, st, club.ID, 2, 10)  // inside the default 90 days
	finishGames(t, st, club.ID, 1, 100) // outside it

	have, err := st.RecentFinishedGames(ctx, players[0].ID, 90)
	require.NoError(t, err)
	assert.Equal(t, 2, have)
	have, err = st.RecentFinishedGames(ctx, players[0].ID, 365)
	require.NoError(t, err)
	assert.Equal(t, 3, have)
	have, err = st.RecentFinishedGames(ctx, players[8].ID, 365)
	require.NoError(t, err)
	assert.Zero(t, have, "a newcomer has no finished games")

	strict := newLeague(t, st, players[0], "gonzaga", 2, 3)
	_, err = st.JoinLeague(ctx, strict.ID, players[1].ID)
	var inactive *store.InactiveError
	require.ErrorAs(t, err, &inactive)
	assert.Equal(t, store.InactiveError{Have: 2, Need: 3, Days: 90}, *inactive)
	assert.Equal(t, "activity rule: you have 2 finished games in the last 90 days; this league needs 3", inactive.Error())

	_, err = st.JoinLeague(ctx, strict.ID, players[8].ID)
	require.ErrorAs(t, err, &inactive)
	assert.Equal(t, 0, inactive.Have)

	finishGames(t, st, club.ID, 1, 0)
	_, err = st.JoinLeague(ctx, strict.ID, players[1].ID)
	require.NoError(t, err, "three finished games in 90 days meet the rule")
	after, err := st.League(ctx, strict.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, after.Members)
}

func TestLeagueConstraints(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	db := st.Pool()
	players := newPlayers(t, st, "player", 9)
	l := fill(t, st, newLeague(t, st, players[0], "gonzaga", 4, 0), players[:8])
	g := mustGames(t, st, l.ID)[0]
	open := newLeague(t, st, players[0], "gonzaga", 4, 0)
	_, err := st.JoinLeague(ctx, open.ID, players[0].ID)
	require.NoError(t, err)

	for _, tc := range []struct {
		name, sql  string
		args       []any
		constraint string // the constraint that refuses it; "" for a CHECK
		code       string
	}{
		{"one membership per player per league", `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, 2)`,
			[]any{open.ID, players[0].ID}, "memberships_pkey", "23505"},
		{"at most 8 members: no slot 9", `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, 9)`,
			[]any{l.ID, players[8].ID}, "", "23514"},
		{"at most 8 members: slots are unique", `INSERT INTO memberships (league_id, user_id, slot) VALUES ($1, $2, 3)`,
			[]any{l.ID, players[8].ID}, "memberships_slot_key", "23505"},
		{"unique seat per game and position", `INSERT INTO seats (game_id, position, user_id) VALUES ($1, 1, $2)`,
			[]any{g.ID, players[8].ID}, "seats_pkey", "23505"},
		{"a player sits once per game", `INSERT INTO seats (game_id, position, user_id) VALUES ($1, 5, $2)`,
			[]any{g.ID, g.Seats[0].UserID}, "seats_player_key", "23505"},
		{"seat positions 1..8", `INSERT INTO seats (game_id, position, user_id) VALUES ($1, 9, $2)`,
			[]any{g.ID, players[8].ID}, "", "23514"},
		{"unique game number per league", `INSERT INTO games (league_id, number, round) VALUES ($1, 1, 1)`,
			[]any{l.ID}, "games_number_key", "23505"},
		{"a finished game has its time", `UPDATE games SET status = 'finished' WHERE id = $1`,
			[]any{g.ID}, "", "23514"},
		{"a running league has started", `UPDATE leagues SET started_at = NULL WHERE id = $1`,
			[]any{l.ID}, "", "23514"},
		{"status is one of open, running, finished", `UPDATE leagues SET status = 'paused' WHERE id = $1`,
			[]any{l.ID}, "", "23514"},
	} {
		_, err := db.Exec(ctx, tc.sql, tc.args...)
		assert.Equal(t, tc.code, pgCode(err), "%s: %v", tc.name, err)
		if tc.constraint != "" {
			var pgErr *pgconn.PgError
			if assert.ErrorAs(t, err, &pgErr, tc.name) {
				assert.Equal(t, tc.constraint, pgErr.ConstraintName, tc.name)
			}
		}
	}

	after, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	assert.Len(t, after, 8)
	seats, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, g, seats, "nothing changed")
}

func TestConcurrentJoinsMakeExactlyOneSchedule(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "racer", 20)

	for _, tc := range []struct {
		name   string
		before int // players joined before the race
	}{
		{"twenty racing for eight seats", 0},
		{"two racing for the last seat", 7},
	} {
		l := newLeague(t, st, players[0], "cartagena", 3, 0)
		fill(t, st, l, players[:tc.before])
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
				_, results[i] = st.JoinLeague(ctx, l.ID, p.ID)
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
		require.NoError(t, scheduler.Verify(asSchedule(t, st, got), scheduler.Options{Players: 8, PerGame: 3}), tc.name)
	}
}

func TestLeagueLists(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "player", 9)
	open := newLeague(t, st, players[0], "arcs", 4, 0)
	_, err := st.JoinLeague(ctx, open.ID, players[1].ID)
	require.NoError(t, err)
	running := fill(t, st, newLeague(t, st, players[8], "vortex", 4, 0), players[:8])

	list, err := st.LeaguesByStatus(ctx, store.LeagueOpen)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, open.ID, list[0].ID)
	assert.Equal(t, 1, list[0].Members)
	list, err = st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	require.Len(t, list, 1)
	assert.Equal(t, running.ID, list[0].ID)

	ids := func(ls []store.League) []int64 {
		var out []int64
		for _, l := range ls {
			out = append(out, l.ID)
		}
		return out
	}
	mine, err := st.LeaguesOf(ctx, players[0].ID) // organises open, plays in running
	require.NoError(t, err)
	assert.Equal(t, []int64{running.ID, open.ID}, ids(mine))
	mine, err = st.LeaguesOf(ctx, players[8].ID) // organises running without playing
	require.NoError(t, err)
	assert.Equal(t, []int64{running.ID}, ids(mine))
	mine, err = st.LeaguesOf(ctx, players[5].ID)
	require.NoError(t, err)
	assert.Equal(t, []int64{running.ID}, ids(mine))

	_, err = st.Game(ctx, 999999)
	assert.ErrorIs(t, err, store.ErrNotFound)
}
