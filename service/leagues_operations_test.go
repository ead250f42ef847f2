package service_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestLeaveAndRemoveFreeThePlaceBeforeTheLeagueIsFull(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "pl", 10)
	organiser := ps[0]
	l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:8]) // 7 members

	require.NoError(t, leagues.Leave(ctx, l.ID, ps[3].ID))
	require.NoError(t, leagues.RemoveMember(ctx, l.ID, organiser.ID, "PL5"))
	got, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, 5, got.Members)
	assert.Equal(t, store.LeagueOpen, got.Status)

	// The freed places are taken again, and the 8th member still starts the league.
	storetest.Fill(t, st, l, []store.User{ps[8], ps[9], ps[3]})
	got, err = st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueRunning, got.Status)
	members, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	for i, m := range members {
		assert.Equal(t, i+1, m.Slot, "slots 1..8 with no gap")
	}
	assert.Equal(t, []string{
		"leave: pl4 left; the place is free again",
		"remove: pl5 was removed; the place is free again",
	}, storetest.History(t, st, l.ID))

	// Once running, leaving points to the organiser and changes nothing.
	err = leagues.Leave(ctx, l.ID, ps[1].ID)
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "ask the organiser (pl1) to replace the player")
	err = leagues.RemoveMember(ctx, l.ID, organiser.ID, "pl2")
	require.ErrorIs(t, err, store.ErrConflict)
	members, err = st.Members(ctx, l.ID)
	require.NoError(t, err)
	assert.Len(t, members, 8)
}

func TestLeaveAndRemoveRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "qq", 4)
	l := storetest.Fill(t, st, storetest.League(t, st, ps[0], "gonzaga", 4, 0), ps[1:3])

	var forbidden *store.Forbidden
	err := leagues.RemoveMember(ctx, l.ID, ps[1].ID, "qq3")
	require.ErrorAs(t, err, &forbidden, "a member cannot remove another")
	err = leagues.Leave(ctx, l.ID, ps[3].ID)
	require.ErrorIs(t, err, store.ErrConflict, "leaving a league one is not in")
	assert.Contains(t, err.Error(), "not a member")
	var invalid *store.Invalid
	require.ErrorAs(t, leagues.RemoveMember(ctx, l.ID, ps[0].ID, "nobody"), &invalid)
	require.ErrorIs(t, leagues.Leave(ctx, 1<<40, ps[1].ID), store.ErrNotFound)
	got, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, 2, got.Members, "nothing changed")
	assert.Empty(t, storetest.History(t, st, l.ID))
}

// A member leaving while the 8th player joins: the league row lock puts one before the
// other, so either the leave frees a place and the league stays open with 7, or the join
// starts the league and the leave is refused; never a running league of 7.
func TestLeaveRacingTheEighthJoin(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "rr", 9)
	outcomes := map[string]int{}
	for range 8 {
		l := storetest.Fill(t, st, storetest.League(t, st, ps[0], "cartagena", 4, 0), ps[1:8])
		var wg sync.WaitGroup
		var leaveErr, joinErr error
		start := make(chan struct{})
		wg.Add(2)
		go func() { defer wg.Done(); <-start; leaveErr = leagues.Leave(ctx, l.ID, ps[7].ID) }()
		go func() { defer wg.Done(); <-start; _, joinErr = leagues.Join(ctx, l.ID, ps[8].ID) }()
		close(start)
		wg.Wait()
		require.NoError(t, joinErr, "the join always finds a place")

		got, err := st.League(ctx, l.ID)
		require.NoError(t, err)
		games := storetest.Games(t, st, l.ID)
		if leaveErr == nil {
			outcomes["leave first"]++
			assert.Equal(t, store.LeagueOpen, got.Status)
			assert.Equal(t, 7, got.Members)
			assert.Empty(t, games)
		} else {
			outcomes["join first"]++
			assert.ErrorIs(t, leaveErr, store.ErrConflict)
			assert.Equal(t, store.LeagueRunning, got.Status)
			assert.Equal(t, 8, got.Members)
			assert.Len(t, games, 32)
		}
	}
	t.Logf("outcomes: %v", outcomes)
}

func TestEndLeague(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "ee", 9)
	organiser := ps[0]

	open := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:4])
	require.ErrorAs(t, leagues.End(ctx, open.ID, ps[1].ID, "cancel"), new(*store.Forbidden), "a member cannot cancel")
	err := leagues.End(ctx, open.ID, organiser.ID, "close")
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "league: open; only a running league can be closed")
	require.NoError(t, leagues.End(ctx, open.ID, organiser.ID, "cancel"))
	got, err := st.League(ctx, open.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueCancelled, got.Status)
	_, err = leagues.Join(ctx, open.ID, ps[5].ID)
	require.ErrorIs(t, err, store.ErrConflict, "a cancelled league takes no one")

	running := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	require.ErrorIs(t, leagues.End(ctx, running.ID, organiser.ID, "archive"), store.ErrConflict)
	require.NoError(t, leagues.End(ctx, running.ID, organiser.ID, "close"))
	got, err = st.League(ctx, running.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueClosed, got.Status)
	assert.True(t, got.ClosedEarly)
	assert.NotNil(t, got.FinishedAt)
	require.NoError(t, leagues.End(ctx, running.ID, organiser.ID, "archive"))
	got, err = st.League(ctx, running.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueArchived, got.Status)
	assert.True(t, got.ClosedEarly, "an archived league still says it was closed early")
	assert.Equal(t, []string{
		"close: closed the league early; its standings are frozen as they stand",
		"archive: archived the league",
	}, storetest.History(t, st, running.ID))
}

func TestEditLeague(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "dd", 9)
	organiser := ps[0]
	name, venue, game, size := "Tuesday club", "The Red Lion", "cartagena", 5

	open := storetest.League(t, st, organiser, "gonzaga", 4, 0)
	require.NoError(t, leagues.Edit(ctx, open.ID, organiser.ID, store.LeagueEdit{Game: &game, PlayersPerGame: &size}))
	got, err := st.League(ctx, open.ID)
	require.NoError(t, err)
	assert.Equal(t, "cartagena", got.Game, "the game may change while the league is open")
	assert.Equal(t, 5, got.PlayersPerGame)

	running := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	err = leagues.Edit(ctx, running.ID, organiser.ID, store.LeagueEdit{Name: &name, PlayersPerGame: &size})
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "players_per_game: cannot change once the schedule exists")
	require.ErrorAs(t, leagues.Edit(ctx, running.ID, ps[1].ID, store.LeagueEdit{Name: &name}), new(*store.Forbidden))
	got, err = st.League(ctx, running.ID)
	require.NoError(t, err)
	assert.Equal(t, running.Name, got.Name, "a refused edit changes nothing")

	require.NoError(t, leagues.Edit(ctx, running.ID, organiser.ID, store.LeagueEdit{Name: &name, Venue: &venue}))
	got, err = st.League(ctx, running.ID)
	require.NoError(t, err)
	assert.Equal(t, name, got.Name)
	assert.Equal(t, venue, got.Venue)
	assert.Equal(t, []string{"edit: edited name, venue"}, storetest.History(t, st, running.ID))
}

func TestCoOrganisers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "cc", 4)
	organiser, member, helper, other := ps[0], ps[1], ps[2], ps[3]
	l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), []store.User{member})

	role := func(u store.User) store.Role {
		r, err := leagues.Role(ctx, l.ID, u.ID)
		require.NoError(t, err)
		return r
	}
	assert.Equal(t, store.RoleOrganiser, role(organiser))
	assert.Equal(t, store.RoleMember, role(member))
	assert.Equal(t, store.RoleNone, role(helper))

	require.ErrorAs(t, leagues.SetCoOrganiser(ctx, l.ID, member.ID, "cc3", true), new(*store.Forbidden))
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, "CC3", true))
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, "cc2", true))
	assert.Equal(t, store.RoleCoOrganiser, role(helper), "any user can help, not only members")
	assert.Equal(t, store.RoleCoOrganiser, role(member))
	require.ErrorIs(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, "cc3", true), store.ErrConflict)
	require.ErrorIs(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, "cc4", false), store.ErrConflict)
	require.ErrorIs(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, "cc1", true), store.ErrConflict)
	names, err := st.CoOrganisers(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"cc2", "cc3"}, names)

	// A co-organiser manages dates and results, never the league itself.
	err = leagues.End(ctx, l.ID, helper.ID, "cancel")
	require.ErrorAs(t, err, new(*store.Forbidden))
	assert.False(t, errors.Is(err, store.ErrConflict))
	require.ErrorAs(t, leagues.SetCoOrganiser(ctx, l.ID, helper.ID, "cc4", true), new(*store.Forbidden))

	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, "cc3", false))
	assert.Equal(t, store.RoleNone, role(helper))
	assert.Equal(t, store.RoleNone, role(other))
	assert.Equal(t, []string{
		"co-organiser: cc3 became a co-organiser",
		"co-organiser: cc2 became a co-organiser",
		"co-organiser: cc3 is no longer a co-organiser",
	}, storetest.History(t, st, l.ID))
}

func TestCoOrganisersRecordAndAClosedLeagueTakesNoMoreResults(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "co", 11)
	organiser, helper := ps[0], ps[9]
	l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	games := storetest.Games(t, st, l.ID)
	input := func(g store.Game) []byte {
		return storetest.PlacementInput(storetest.SeatNames(g), []int{40, 30, 20, 10})
	}

	_, err := storetest.RecordResult(ctx, st, games[0].ID, helper.ID, input(games[0]))
	require.ErrorIs(t, err, store.ErrNotOrganiser, "not a co-organiser yet")
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, helper.Username, true))
	_, err = storetest.RecordResult(ctx, st, games[0].ID, helper.ID, input(games[0]))
	require.NoError(t, err, "a co-organiser records")
	rw, err := storetest.CheckResult(ctx, st, games[0].ID, helper.ID, storetest.PlacementInput(storetest.SeatNames(games[0]), []int{10, 20, 30, 40}))
	require.NoError(t, err)
	_, err = service.NewResults(st).Correct(ctx, rw)
	require.NoError(t, err, "and corrects")
	_, err = storetest.RecordResult(ctx, st, games[1].ID, ps[1].ID, input(games[1]))
	require.ErrorIs(t, err, store.ErrNotOrganiser, "a member does not")

	before, err := leagues.Standings(ctx, l.ID)
	require.NoError(t, err)
	require.NoError(t, leagues.End(ctx, l.ID, organiser.ID, "close"))
	_, err = storetest.RecordResult(ctx, st, games[1].ID, organiser.ID, input(games[1]))
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "league: closed; its standings are frozen and take no more results")
	rw, err = storetest.CheckResult(ctx, st, games[0].ID, organiser.ID, input(games[0]))
	require.NoError(t, err)
	_, err = service.NewResults(st).Correct(ctx, rw)
	require.ErrorIs(t, err, store.ErrConflict, "nor corrections")
	after, err := leagues.Standings(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, before, after, "the standings are frozen")
}

// A result recorded while the organiser closes the league: the league row lock orders them,
// so either the result counts and then the league closes, or the close comes first and the
// result is refused; never a result recorded into a closed league.
func TestCloseRacingAResult(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	ps := storetest.Players(t, st, "cl", 9)
	organiser := ps[0]
	for range 6 {
		l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
		g := storetest.Games(t, st, l.ID)[0]
		rw, err := storetest.CheckResult(ctx, st, g.ID, organiser.ID, storetest.PlacementInput(storetest.SeatNames(g), []int{4, 3, 2, 1}))
		require.NoError(t, err)
		var wg sync.WaitGroup
		var recErr, closeErr error
		start := make(chan struct{})
		wg.Add(2)
		go func() { defer wg.Done(); <-start; _, recErr = service.NewResults(st).Record(ctx, rw) }()
		go func() {
			defer wg.Done()
			<-start
			closeErr = service.NewLeagues(st).End(ctx, l.ID, organiser.ID, "close")
		}()
		close(start)
		wg.Wait()
		require.NoError(t, closeErr)
		var recorded time.Time
		err = st.Pool().QueryRow(ctx, `SELECT recorded_at FROM results WHERE game_id = $1`, g.ID).Scan(&recorded)
		got, lerr := st.League(ctx, l.ID)
		require.NoError(t, lerr)
		if recErr == nil {
			require.NoError(t, err)
			assert.False(t, recorded.After(*got.FinishedAt), "recorded before the close")
		} else {
			assert.ErrorIs(t, recErr, store.ErrConflict)
			assert.ErrorIs(t, err, pgx.ErrNoRows, "nothing stored")
		}
	}
}
