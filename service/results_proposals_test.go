package service_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// propose checks input and stores it as by's proposal, as POST .../proposal does.
func (w *world) propose(ctx context.Context, gameID, by int64, input []byte) (service.Proposal, error) {
	rw, err := w.Check(ctx, gameID, by, input)
	if err != nil {
		return service.Proposal{}, err
	}
	return service.NewResults(w.Store).Propose(ctx, rw)
}

// player is the world's player with the given name.
func (w *world) player(name string) store.User {
	for _, p := range w.Players {
		if p.Username == name {
			return p
		}
	}
	w.TB.Fatalf("no player %q", name)
	return store.User{}
}

// fourPlayerInput is the result of a game seated ada, bruno, chloe, dmitri.
var fourPlayerInput = storetest.PlacementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{40, 30, 20, 10})

// TestTableConfirmedResultIsTheOrganisersResult: a 4-player game proposed by one player and
// confirmed by the three others is recorded once, and moves the standings and the ladder
// exactly as the organiser's record of the same result does (two databases, one each).
func TestTableConfirmedResultIsTheOrganisersResult(t *testing.T) {
	ctx := context.Background()
	seats := [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}}
	byOrganiser, byTable := newWorld(t), newWorld(t)
	leagueA, gamesA := byOrganiser.League("arcs", seats)
	leagueB, gamesB := byTable.League("arcs", seats)
	_, err := byOrganiser.Record(ctx, gamesA[0], byOrganiser.Organiser.ID, fourPlayerInput)
	require.NoError(t, err)

	w := byTable
	p, err := w.propose(ctx, gamesB[0], w.player("ada").ID, fourPlayerInput)
	require.NoError(t, err)
	assert.Equal(t, "ada", p.Proposer)
	assert.Equal(t, []string{"bruno", "chloe", "dmitri"}, p.Waiting)
	assert.Empty(t, p.Confirmed)
	for i, name := range []string{"chloe", "bruno", "dmitri"} {
		recorded, err := service.NewResults(w.Store).Confirm(ctx, gamesB[0], w.player(name).ID, 0)
		require.NoError(t, err)
		assert.Equal(t, i == 2, recorded, "only the last confirmation records")
	}
	_, err = service.NewResults(w.Store).Proposal(ctx, gamesB[0])
	assert.ErrorIs(t, err, store.ErrNotFound, "the recorded proposal is closed")

	standingsA, err := service.NewLeagues(byOrganiser.Store).Standings(ctx, leagueA)
	require.NoError(t, err)
	standingsB, err := service.NewLeagues(w.Store).Standings(ctx, leagueB)
	require.NoError(t, err)
	assert.Equal(t, standingsA, standingsB)
	ratingsA, err := byOrganiser.Store.Ratings(ctx, "arcs")
	require.NoError(t, err)
	ratingsB, err := w.Store.Ratings(ctx, "arcs")
	require.NoError(t, err)
	assert.Equal(t, ratingsA, ratingsB)
	resultA, err := byOrganiser.Store.Result(ctx, gamesA[0])
	require.NoError(t, err)
	resultB, err := w.Store.Result(ctx, gamesB[0])
	require.NoError(t, err)
	assert.Equal(t, resultA.Ledger, resultB.Ledger)
	assert.Equal(t, resultA.Lines, resultB.Lines)
	assert.Equal(t, "ada", resultB.RecordedBy)

	audit, err := w.Store.ResultAudit(ctx, gamesB[0])
	require.NoError(t, err)
	require.Len(t, audit, 1)
	assert.Equal(t, "record", audit[0].Action)
	assert.Equal(t, "ada", audit[0].ProposedBy)
	assert.Equal(t, []string{"chloe", "bruno", "dmitri"}, audit[0].ConfirmedBy)
	assert.Equal(t, "proposed by ada; confirmed by chloe, bruno and dmitri", audit[0].Reason)

	// The outbox holds one proposal event and one result event, as the organiser's record has.
	outbox, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	kinds := map[string]int{}
	for _, o := range outbox {
		kinds[o.Kind]++
	}
	var recordedA int
	outboxA, err := byOrganiser.Store.Outbox(ctx)
	require.NoError(t, err)
	for _, o := range outboxA {
		if o.Kind == store.NoticeResultRecorded {
			recordedA++
		}
	}
	assert.Equal(t, recordedA, kinds[store.NoticeResultRecorded])

	// A correction by the organiser works on a result the table recorded.
	_, err = w.Correct(ctx, gamesB[0], w.Organiser.ID, storetest.PlacementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{10, 30, 20, 40}))
	require.NoError(t, err)
}

func TestProposalRefusals(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games := w.League("arcs", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	ada, bruno, elena, xavier := w.player("ada").ID, w.player("bruno").ID, w.player("elena").ID, w.player("xavier").ID

	before := w.Snapshot()
	_, err := w.propose(ctx, games[0], elena, fourPlayerInput)
	assert.ErrorIs(t, err, store.ErrNotSeated, "a player of another game")
	_, err = w.propose(ctx, games[0], xavier, fourPlayerInput)
	assert.ErrorIs(t, err, store.ErrNotSeated, "a non-member")
	_, err = service.NewResults(w.Store).Proposal(ctx, games[0])
	assert.ErrorIs(t, err, store.ErrNotFound)

	p, err := w.propose(ctx, games[0], ada, fourPlayerInput)
	require.NoError(t, err)
	assert.Equal(t, 1, p.Revision)
	_, err = w.propose(ctx, games[0], bruno, fourPlayerInput)
	assert.ErrorIs(t, err, store.ErrConflict, "another player's proposal stands")
	assert.ErrorContains(t, err, "ada has already proposed")

	for name, who := range map[string]int64{"another game's player": elena, "a non-member": xavier, "the organiser": w.Organiser.ID} {
		_, err := service.NewResults(w.Store).Confirm(ctx, games[0], who, 0)
		assert.ErrorIs(t, err, store.ErrNotSeated, name)
		assert.ErrorIs(t, service.NewResults(w.Store).Dispute(ctx, games[0], who, "no", 0), store.ErrNotSeated, name)
	}
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], ada, 0)
	assert.ErrorIs(t, err, store.ErrOwnProposal)
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], bruno, 0)
	require.NoError(t, err)
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], bruno, 0)
	assert.ErrorIs(t, err, store.ErrAlreadyConfirmed)
	assert.ErrorIs(t, service.NewResults(w.Store).Withdraw(ctx, games[0], bruno), store.ErrNotProposer)
	assert.Equal(t, before, w.Snapshot(), "no result is written")

	// A change restarts the confirmations; a confirmation of the old revision is refused.
	p, err = w.propose(ctx, games[0], ada, storetest.PlacementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{40, 30, 20, 50}))
	require.NoError(t, err)
	assert.Equal(t, 2, p.Revision)
	assert.Empty(t, p.Confirmed)
	assert.Equal(t, []string{"bruno", "chloe", "dmitri"}, p.Waiting)
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], w.player("chloe").ID, 1)
	assert.ErrorIs(t, err, store.ErrProposalChanged)

	// A dispute needs its reason, stops confirmations, and a change clears it.
	assert.ErrorContains(t, service.NewResults(w.Store).Dispute(ctx, games[0], bruno, "  ", 0), "reason: required")
	require.NoError(t, service.NewResults(w.Store).Dispute(ctx, games[0], bruno, "dmitri scored 15, not 50", 2))
	p, err = service.NewResults(w.Store).Proposal(ctx, games[0])
	require.NoError(t, err)
	assert.True(t, p.Disputed())
	assert.Equal(t, "bruno", p.DisputedBy)
	assert.Equal(t, "dmitri scored 15, not 50", p.DisputeReason)
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], w.player("chloe").ID, 0)
	assert.ErrorIs(t, err, store.ErrProposalDisputed)
	assert.ErrorIs(t, service.NewResults(w.Store).Dispute(ctx, games[0], w.player("chloe").ID, "me too", 0), store.ErrProposalDisputed)
	p, err = w.propose(ctx, games[0], ada, fourPlayerInput)
	require.NoError(t, err)
	assert.False(t, p.Disputed())

	// Withdrawn by its proposer, then another player may propose.
	require.NoError(t, service.NewResults(w.Store).Withdraw(ctx, games[0], ada))
	_, err = w.propose(ctx, games[0], bruno, fourPlayerInput)
	require.NoError(t, err)

	// Where only the organisers enter results, nobody proposes.
	_, err = w.Pool.Exec(ctx, `UPDATE leagues SET results_by = 'organisers' WHERE id = $1`, leagueID)
	require.NoError(t, err)
	_, err = w.propose(ctx, games[1], elena, storetest.PlacementInput([]string{"elena", "farid", "greta", "hugo"}, []int{1, 2, 3, 4}))
	assert.ErrorIs(t, err, store.ErrOrganisersOnly)
	_, err = w.Pool.Exec(ctx, `UPDATE leagues SET results_by = 'players' WHERE id = $1`, leagueID)
	require.NoError(t, err)

	// The organiser's record wins over the standing proposal and closes it.
	_, err = w.Record(ctx, games[0], w.Organiser.ID, fourPlayerInput)
	require.NoError(t, err)
	_, err = service.NewResults(w.Store).Proposal(ctx, games[0])
	assert.ErrorIs(t, err, store.ErrNotFound)
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], ada, 0)
	assert.ErrorIs(t, err, store.ErrResultRecorded)
	_, err = w.propose(ctx, games[0], ada, fourPlayerInput)
	assert.ErrorIs(t, err, store.ErrResultRecorded)
}

// TestAbsentSeatsAndBotsNeverConfirm: a Diplomacy seat the proposal says the missing man
// played (seed 4.1) is not asked, cannot confirm and cannot propose.
func TestAbsentSeatsAndBotsNeverConfirm(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}})
	scorer := `{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"]`
	_, err := w.propose(ctx, games[0], w.player("greta").ID, []byte(scorer+`,"absent":["greta"]}`))
	assert.ErrorIs(t, err, store.ErrAbsentSeat, "an absent seat does not propose")

	p, err := w.propose(ctx, games[0], w.player("ada").ID, []byte(scorer+`,"absent":["greta"]}`))
	require.NoError(t, err)
	assert.Equal(t, []string{"bruno", "chloe", "dmitri", "elena", "farid"}, p.Waiting)
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], w.player("greta").ID, 0)
	assert.ErrorIs(t, err, store.ErrAbsentSeat)
	recorded := false
	for _, name := range p.Waiting {
		recorded, err = service.NewResults(w.Store).Confirm(ctx, games[0], w.player(name).ID, 0)
		require.NoError(t, err)
	}
	assert.True(t, recorded, "the five present players' confirmations record it")
	r, err := w.Store.Result(ctx, games[0])
	require.NoError(t, err)
	assert.True(t, r.Lines[6].Absent)
}

// TestBotsAreNotAskedToConfirm: a SUPERCAT bot seated at a normal table is never waited for.
func TestBotsAreNotAskedToConfirm(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	g, err := service.NewGames(w.Store).Create(ctx, store.NewNormalGame{Game: "arcs", Seats: 3, OrganiserID: w.Organiser.ID, Bots: []string{"normal"}})
	require.NoError(t, err)
	for _, name := range []string{"ada", "bruno"} {
		_, err := service.NewGames(w.Store).Join(ctx, g.ID, w.player(name).ID)
		require.NoError(t, err)
	}
	input := storetest.PlacementInput([]string{"supercat-normal:arcs", "ada", "bruno"}, []int{5, 9, 7})
	p, err := w.propose(ctx, g.ID, w.player("ada").ID, input)
	require.NoError(t, err)
	assert.Equal(t, []string{"bruno"}, p.Waiting)
	recorded, err := service.NewResults(w.Store).Confirm(ctx, g.ID, w.player("bruno").ID, 0)
	require.NoError(t, err)
	assert.True(t, recorded)
}

// race runs a and b at once and returns their errors.
func race(a, b func() error) (error, error) {
	var wg sync.WaitGroup
	var errA, errB error
	start := make(chan struct{})
	wg.Add(2)
	go func() { defer wg.Done(); <-start; errA = a() }()
	go func() { defer wg.Done(); <-start; errB = b() }()
	close(start)
	wg.Wait()
	return errA, errB
}

// TestProposalRaces: two proposals at once, a last confirmation racing a change, and a last
// confirmation racing the organiser's record each end in one outcome, the loser refused
// with a conflict.
func TestProposalRaces(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	const rounds = 4
	seats := make([][]int, 3*rounds)
	for i := range seats {
		seats[i] = []int{0, 1, 2, 3}
	}
	_, games := w.League("arcs", seats)
	ada, bruno, chloe, dmitri := w.player("ada").ID, w.player("bruno").ID, w.player("chloe").ID, w.player("dmitri").ID
	changed := storetest.PlacementInput([]string{"ada", "bruno", "chloe", "dmitri"}, []int{10, 20, 30, 40})
	results := func(gameID int64) int {
		var n int
		require.NoError(t, w.Pool.QueryRow(ctx, `SELECT count(*) FROM results WHERE game_id = $1`, gameID).Scan(&n))
		return n
	}

	for r := range rounds {
		// Two players propose at once: one proposal stands.
		g := games[3*r]
		errA, errB := race(
			func() error { _, err := w.propose(ctx, g, ada, fourPlayerInput); return err },
			func() error { _, err := w.propose(ctx, g, bruno, changed); return err })
		require.True(t, (errA == nil) != (errB == nil), "exactly one proposal stands: %v, %v", errA, errB)
		loser := errA
		if loser == nil {
			loser = errB
		}
		assert.ErrorIs(t, loser, store.ErrConflict)
		p, err := service.NewResults(w.Store).Proposal(ctx, g)
		require.NoError(t, err)
		assert.Equal(t, map[bool]string{true: "ada", false: "bruno"}[errA == nil], p.Proposer)

		// The last confirmation races the proposer's change.
		g = games[3*r+1]
		_, err = w.propose(ctx, g, ada, fourPlayerInput)
		require.NoError(t, err)
		for _, who := range []int64{bruno, chloe} {
			_, err := service.NewResults(w.Store).Confirm(ctx, g, who, 1)
			require.NoError(t, err)
		}
		errConfirm, errChange := race(
			func() error { _, err := service.NewResults(w.Store).Confirm(ctx, g, dmitri, 1); return err },
			func() error { _, err := w.propose(ctx, g, ada, changed); return err })
		require.True(t, (errConfirm == nil) != (errChange == nil), "one wins: %v, %v", errConfirm, errChange)
		if errConfirm == nil {
			assert.ErrorIs(t, errChange, store.ErrResultRecorded)
			assert.Equal(t, 1, results(g))
		} else {
			assert.ErrorIs(t, errConfirm, store.ErrProposalChanged)
			assert.Equal(t, 0, results(g))
			p, err := service.NewResults(w.Store).Proposal(ctx, g)
			require.NoError(t, err)
			assert.Equal(t, 2, p.Revision)
			assert.Empty(t, p.Confirmed)
		}

		// The last confirmation races the organiser's record.
		g = games[3*r+2]
		_, err = w.propose(ctx, g, ada, fourPlayerInput)
		require.NoError(t, err)
		for _, who := range []int64{bruno, chloe} {
			_, err := service.NewResults(w.Store).Confirm(ctx, g, who, 0)
			require.NoError(t, err)
		}
		errConfirm, errRecord := race(
			func() error { _, err := service.NewResults(w.Store).Confirm(ctx, g, dmitri, 0); return err },
			func() error { _, err := w.Record(ctx, g, w.Organiser.ID, changed); return err })
		require.True(t, (errConfirm == nil) != (errRecord == nil), "one wins: %v, %v", errConfirm, errRecord)
		loser = errConfirm
		if loser == nil {
			loser = errRecord
		}
		assert.ErrorIs(t, loser, store.ErrResultRecorded)
		assert.Equal(t, 1, results(g))
		audit, err := w.Store.ResultAudit(ctx, g)
		require.NoError(t, err)
		require.Len(t, audit, 1)
		if errConfirm == nil {
			assert.Equal(t, "ada", audit[0].ProposedBy)
		} else {
			assert.Equal(t, "organiser", audit[0].Username)
			assert.Empty(t, audit[0].ProposedBy)
		}
	}
}

// TestConfirmationWindow: when the window ends with at least one confirmation and no
// dispute, the proposal is recorded; without a confirmation, or disputed, it waits for the
// organiser. Two servers sweeping at once record it once. The clock is the sweep's argument.
func TestConfirmationWindow(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games := w.League("arcs", [][]int{{0, 1, 2, 3}, {0, 1, 2, 3}, {0, 1, 2, 3}})
	_, err := w.Pool.Exec(ctx, `UPDATE leagues SET confirm_hours = 24 WHERE id = $1`, leagueID)
	require.NoError(t, err)
	ada, bruno, chloe := w.player("ada").ID, w.player("bruno").ID, w.player("chloe").ID
	for _, g := range games {
		_, err := w.propose(ctx, g, ada, fourPlayerInput)
		require.NoError(t, err)
	}
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], bruno, 0) // confirmed once: recorded when the window ends
	require.NoError(t, err)
	_, err = service.NewResults(w.Store).Confirm(ctx, games[2], bruno, 0) // confirmed, then disputed: waits for the organiser
	require.NoError(t, err)
	require.NoError(t, service.NewResults(w.Store).Dispute(ctx, games[2], chloe, "wrong scores", 0))
	// games[1] has no confirmation: it waits for the organiser.

	n, err := service.NewResults(w.Store).RecordClosedProposals(ctx, time.Now().Add(23*time.Hour))
	require.NoError(t, err)
	assert.Zero(t, n, "the window is still open")

	later := time.Now().Add(25 * time.Hour)
	var counts [2]int
	errA, errB := race(
		func() (err error) {
			counts[0], err = service.NewResults(w.Store).RecordClosedProposals(ctx, later)
			return err
		},
		func() (err error) {
			counts[1], err = service.NewResults(w.Store).RecordClosedProposals(ctx, later)
			return err
		})
	require.NoError(t, errA)
	require.NoError(t, errB)
	assert.Equal(t, 1, counts[0]+counts[1], "recorded once whichever server sweeps")

	r, err := w.Store.Result(ctx, games[0])
	require.NoError(t, err)
	assert.Equal(t, "ada", r.RecordedBy)
	audit, err := w.Store.ResultAudit(ctx, games[0])
	require.NoError(t, err)
	require.Len(t, audit, 1)
	assert.Equal(t, []string{"bruno"}, audit[0].ConfirmedBy)
	assert.Contains(t, audit[0].Reason, "the confirmation window closed with no dispute")
	for _, g := range games[1:] {
		_, err := w.Store.Result(ctx, g)
		assert.True(t, errors.Is(err, store.ErrNotFound), "game %d is not recorded", g)
		_, err = service.NewResults(w.Store).Proposal(ctx, g)
		assert.NoError(t, err, "its proposal still stands")
	}
}

// A result the sweep records at a window's close is told to Recorded once its transaction
// has committed, so that the sweep names its keys to every server's cache (issue #38):
// the league, the game's ladder and its players' pages.
func TestClosedProposalRecordedIsAnnounced(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games := w.League("arcs", [][]int{{0, 1, 2, 3}, {0, 1, 2, 3}})
	_, err := w.Pool.Exec(ctx, `UPDATE leagues SET confirm_hours = 24 WHERE id = $1`, leagueID)
	require.NoError(t, err)
	for _, g := range games {
		_, err := w.propose(ctx, g, w.player("ada").ID, fourPlayerInput)
		require.NoError(t, err)
	}
	_, err = service.NewResults(w.Store).Confirm(ctx, games[0], w.player("bruno").ID, 0)
	require.NoError(t, err)

	results := service.NewResults(w.Store)
	var recorded []int64
	results.Recorded = func(ctx context.Context, gameID int64) {
		_, err := w.Store.Result(ctx, gameID)
		assert.NoError(t, err, "the result is committed when it is announced")
		recorded = append(recorded, gameID)
	}
	n, err := results.RecordClosedProposals(ctx, time.Now().Add(25*time.Hour))
	require.NoError(t, err)
	require.Equal(t, 1, n)
	assert.Equal(t, []int64{games[0]}, recorded, "only the game recorded is announced")
	keys, err := w.Store.GameCacheKeys(ctx, games[0])
	require.NoError(t, err)
	for _, k := range []store.CacheKey{store.LeagueKey(leagueID), store.LadderKey("arcs"), store.PlayerKey("ada"), store.PlayerKey("bruno")} {
		assert.Contains(t, keys, k)
	}
}
