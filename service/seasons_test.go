package service_test

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// signedUpSeason creates a season of cartagena for 4 a game in divisions of 8,
// organised by the first of n players, every one of them signed up in order.
func signedUpSeason(t *testing.T, st *store.Store, n int) (*service.Seasons, store.Season, []store.User) {
	t.Helper()
	ctx := context.Background()
	players := storetest.Players(t, st, "player", n)
	seasons := service.NewSeasons(st)
	se, err := seasons.Create(ctx, store.NewSeason{Name: "Spring", Game: "cartagena", PlayersPerGame: 4,
		DivisionSize: 8, Promote: 2, OrganiserID: players[0].ID})
	require.NoError(t, err)
	for _, p := range players {
		require.NoError(t, seasons.SignUp(ctx, se.ID, p.ID))
	}
	return seasons, se, players
}

func divisionMembers(t *testing.T, st *store.Store, seasonID int64) [][]string {
	t.Helper()
	ds, err := st.Divisions(context.Background(), seasonID)
	require.NoError(t, err)
	out := make([][]string, len(ds))
	for i, d := range ds {
		assert.Equal(t, i+1, d.Number)
		assert.Equal(t, store.LeagueRunning, d.LeagueStatus)
		out[i] = d.Members
	}
	return out
}

func TestStartSeasonTwiceAtOnceMakesOneSetOfDivisions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	seasons, se, players := signedUpSeason(t, st, 16)

	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i := range errs {
		wg.Go(func() { errs[i] = seasons.Start(ctx, se.ID, players[0].ID) })
	}
	wg.Wait()
	started := 0
	for _, err := range errs {
		if err == nil {
			started++
			continue
		}
		assert.ErrorIs(t, err, league.ErrSeasonStarted)
	}
	assert.Equal(t, 1, started, "exactly one start goes through")

	divs := divisionMembers(t, st, se.ID)
	require.Len(t, divs, 2)
	assert.Equal(t, []string{"player1", "player2", "player3", "player4", "player5", "player6", "player7", "player8"}, divs[0])
	assert.Equal(t, []string{"player9", "player10", "player11", "player12", "player13", "player14", "player15", "player16"}, divs[1])
	var leagues int
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT count(*) FROM leagues WHERE name LIKE 'Spring — Division %'`).Scan(&leagues))
	assert.Equal(t, 2, leagues, "one league a division, whoever pressed start")
	got, err := st.Season(ctx, se.ID)
	require.NoError(t, err)
	assert.Equal(t, league.SeasonRunning, got.Status)
}

func TestStartSeasonRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	seasons, se, players := signedUpSeason(t, st, 3)

	var forbidden *league.Forbidden
	assert.ErrorAs(t, seasons.Start(ctx, se.ID, players[1].ID), &forbidden)
	err := seasons.Start(ctx, se.ID, players[0].ID)
	var invalid *league.Invalid
	require.ErrorAs(t, err, &invalid)
	assert.Equal(t, "signed_up: 3 players make 1 division of 3; a division needs at least 4 players", invalid.Reason)
	ds, err := st.Divisions(ctx, se.ID)
	require.NoError(t, err)
	assert.Empty(t, ds, "nothing written")
	assert.ErrorIs(t, seasons.SignUp(ctx, se.ID, players[1].ID), league.ErrSignedUp)
	require.NoError(t, seasons.Withdraw(ctx, se.ID, players[1].ID))
	assert.ErrorIs(t, seasons.Withdraw(ctx, se.ID, players[1].ID), league.ErrNotSignedUp)
}

func TestSeasonMovementsAndNextSeason(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	seasons, se, players := signedUpSeason(t, st, 16)
	require.NoError(t, seasons.Start(ctx, se.ID, players[0].ID))

	_, err := seasons.Movements(ctx, se.ID)
	assert.ErrorIs(t, err, league.ErrConflict, "no movements while the divisions play")
	_, err = seasons.Next(ctx, se.ID, players[0].ID, "Summer")
	assert.ErrorIs(t, err, league.ErrConflict, "no next season while the divisions play")

	// One game of division 2 puts its first two seats on top of it; division 1 plays none.
	ds, err := st.Divisions(ctx, se.ID)
	require.NoError(t, err)
	first := storetest.Games(t, st, ds[1].LeagueID)[0]
	seat := storetest.SeatNames(first)
	_, err = storetest.RecordResult(ctx, st, first.ID, players[0].ID, storetest.PlacementInput(seat, []int{40, 30, 20, 10}))
	require.NoError(t, err)
	for _, d := range ds {
		require.NoError(t, service.NewLeagues(st).End(ctx, d.LeagueID, players[0].ID, "close"))
	}

	ms, err := seasons.Movements(ctx, se.ID)
	require.NoError(t, err)
	require.Len(t, ms, 16)
	moved := map[string][2]int{}
	for _, m := range ms {
		moved[m.Player] = [2]int{m.From, m.To}
	}
	// Division 1 played nothing: everyone level, so the earlier sign-ups stay and p7, p8
	// go down; division 2's winners of the game go up.
	assert.Equal(t, [2]int{1, 1}, moved["player1"])
	assert.Equal(t, [2]int{1, 2}, moved["player7"])
	assert.Equal(t, [2]int{1, 2}, moved["player8"])
	assert.Equal(t, [2]int{2, 1}, moved[seat[0]])
	assert.Equal(t, [2]int{2, 1}, moved[seat[1]])

	next, err := seasons.Next(ctx, se.ID, players[0].ID, "Summer")
	require.NoError(t, err)
	assert.Equal(t, league.SeasonOpen, next.Status)
	assert.Equal(t, &se.ID, next.PreviousID)
	assert.Equal(t, 16, next.SignedUp)
	_, err = seasons.Next(ctx, se.ID, players[0].ID, "Autumn")
	assert.ErrorIs(t, err, store.ErrNextSeason)

	require.NoError(t, seasons.Start(ctx, next.ID, players[0].ID))
	divs := divisionMembers(t, st, next.ID)
	require.Len(t, divs, 2)
	assert.Contains(t, divs[0], seat[0])
	assert.Contains(t, divs[0], seat[1])
	assert.Contains(t, divs[1], "player7")
	assert.Contains(t, divs[1], "player8")
	assert.Equal(t, "player1", divs[0][0])
}

// seasonNotices returns the season's outbox rows of kind as "username division first-games"
// (or "username" for a season_open notice), one line per row.
func seasonNotices(t *testing.T, st *store.Store, kind string, seasonID int64) []string {
	t.Helper()
	rows, err := st.Pool().Query(context.Background(), `
		SELECT u.username || coalesce(' ' || (o.payload->>'division'), '') || coalesce(' ' || (o.payload->>'to_division'), '')
		       || coalesce(' ' || (o.payload->'first_games')::text, '')
		FROM outbox o JOIN users u ON u.id = o.user_id
		WHERE o.kind = $1 AND (o.payload->>'season_id')::bigint = $2 ORDER BY o.id`, kind, seasonID)
	require.NoError(t, err)
	lines, err := pgx.CollectRows(rows, pgx.RowTo[string])
	require.NoError(t, err)
	return lines
}

func verifyAll(t *testing.T, st *store.Store, users []store.User) {
	t.Helper()
	for _, u := range users {
		_, err := st.Pool().Exec(context.Background(),
			`UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1`, u.ID, u.Username+"@club.example")
		require.NoError(t, err)
	}
}

func TestSeasonStartAndNextQueueEachNoticeOnceWithTheirWrite(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	seasons, se, players := signedUpSeason(t, st, 16)
	verifyAll(t, st, players)

	var forbidden *league.Forbidden
	require.ErrorAs(t, seasons.Start(ctx, se.ID, players[1].ID), &forbidden)
	assert.Empty(t, seasonNotices(t, st, store.NoticeSeasonStarted, se.ID), "a refused start tells nobody")

	require.NoError(t, seasons.Start(ctx, se.ID, players[0].ID))
	assert.ErrorIs(t, seasons.Start(ctx, se.ID, players[0].ID), league.ErrSeasonStarted)
	started := seasonNotices(t, st, store.NoticeSeasonStarted, se.ID)
	require.Len(t, started, 16, "one notice a player, the second start refused")
	ds, err := st.Divisions(ctx, se.ID)
	require.NoError(t, err)
	for d, div := range ds {
		first := map[string][]int{}
		for _, g := range storetest.Games(t, st, div.LeagueID) {
			for _, p := range storetest.SeatNames(g) {
				if len(first[p]) < 3 {
					first[p] = append(first[p], g.Number)
				}
			}
		}
		for _, p := range div.Members {
			nums := make([]string, len(first[p]))
			for i, n := range first[p] {
				nums[i] = strconv.Itoa(n)
			}
			assert.Contains(t, started, fmt.Sprintf("%s %d [%s]", p, d+1, strings.Join(nums, ", ")),
				"%s hears of division %d and their first games", p, d+1)
		}
	}

	for _, d := range ds {
		require.NoError(t, service.NewLeagues(st).End(ctx, d.LeagueID, players[0].ID, "close"))
	}
	_, err = seasons.Next(ctx, se.ID, players[1].ID, "Summer")
	require.ErrorAs(t, err, &forbidden)
	next, err := seasons.Next(ctx, se.ID, players[0].ID, "Summer")
	require.NoError(t, err)
	_, err = seasons.Next(ctx, se.ID, players[0].ID, "Autumn")
	require.ErrorIs(t, err, store.ErrNextSeason)
	open := seasonNotices(t, st, store.NoticeSeasonOpen, next.ID)
	assert.Len(t, open, 15, "every player of the last season hears once, but the organiser who opened it")
	assert.NotContains(t, open, "player1")
	assert.Contains(t, open, "player16")
}

func TestSeasonEndTellsEachPlayerTheirMovementOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	seasons, se, players := signedUpSeason(t, st, 16)
	verifyAll(t, st, players)
	require.NoError(t, seasons.Start(ctx, se.ID, players[0].ID))
	ds, err := st.Divisions(ctx, se.ID)
	require.NoError(t, err)
	leagues := service.NewLeagues(st)

	first := storetest.Games(t, st, ds[1].LeagueID)[0]
	seat := storetest.SeatNames(first)
	_, err = storetest.RecordResult(ctx, st, first.ID, players[0].ID, storetest.PlacementInput(seat, []int{40, 30, 20, 10}))
	require.NoError(t, err)
	require.NoError(t, leagues.End(ctx, ds[0].LeagueID, players[0].ID, "close"))
	assert.Empty(t, seasonNotices(t, st, store.NoticeSeasonFinished, se.ID), "division 2 still plays")

	var forbidden *league.Forbidden
	require.ErrorAs(t, leagues.End(ctx, ds[1].LeagueID, players[1].ID, "close"), &forbidden)
	assert.Empty(t, seasonNotices(t, st, store.NoticeSeasonFinished, se.ID), "a refused close tells nobody")

	require.NoError(t, leagues.End(ctx, ds[1].LeagueID, players[0].ID, "close"))
	told := seasonNotices(t, st, store.NoticeSeasonFinished, se.ID)
	ms, err := seasons.Movements(ctx, se.ID)
	require.NoError(t, err)
	want := make([]string, len(ms))
	for i, m := range ms {
		want[i] = fmt.Sprintf("%s %d %d", m.Player, m.From, m.To)
	}
	assert.ElementsMatch(t, want, told, "each player hears their movement once")
	assert.Contains(t, told, fmt.Sprintf("%s 2 1", seat[0]), "the game's winner goes up")
	assert.Contains(t, told, "player8 1 2")

	require.Error(t, leagues.End(ctx, ds[1].LeagueID, players[0].ID, "close"))
	assert.Len(t, seasonNotices(t, st, store.NoticeSeasonFinished, se.ID), 16, "still once")
}
