package store_test

import (
	"context"
	"strconv"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

var privateMembers = []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}

// makePrivate marks the league private in the database only, as it stood before private
// leagues had ladders of their own: its recorded games stay where they are.
func makePrivate(t *testing.T, w *world, leagueID int64) {
	t.Helper()
	_, err := w.Pool.Exec(context.Background(),
		`UPDATE leagues SET private = true, invite_token = md5(id::text) WHERE id = $1`, leagueID)
	require.NoError(t, err)
}

// recordPair records a 2-seat King Me game of the league, the first seat winning, and adds
// it to each of want.
func recordPair(t *testing.T, w *world, leagueID, gameID int64, seats []int, want ...*storetest.Expected) {
	t.Helper()
	names := []string{privateMembers[seats[0]], privateMembers[seats[1]]}
	input := storetest.PlacementInput(names, []int{5, 1})
	_, err := w.Record(context.Background(), gameID, w.Organiser.ID, input)
	require.NoError(t, err)
	for _, e := range want {
		e.Add(t, leagueID, strconv.FormatInt(gameID, 10), scoring.Placement, input, nil)
	}
}

func TestPrivateLeagueGamesAreRatedOnTheLeaguesOwnLadder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	// hugo plays only in the private league; ada and bruno play in both.
	private, privateGames := w.League("king-me", [][]int{{7, 0}, {7, 1}})
	makePrivate(t, w, private)
	public, publicGames := w.League("king-me", [][]int{{0, 1}, {1, 0}})
	publicWant, privateWant := storetest.NewExpected(), storetest.NewExpected()
	publicWant.Members[public] = privateMembers
	privateWant.Members[private] = privateMembers

	recordPair(t, w, private, privateGames[0], []int{7, 0}, privateWant)
	recordPair(t, w, public, publicGames[0], []int{0, 1}, publicWant)
	recordPair(t, w, private, privateGames[1], []int{7, 1}, privateWant)
	recordPair(t, w, public, publicGames[1], []int{1, 0}, publicWant)

	// The public ladder is the replay of the public games alone: hugo is not on it, and
	// ada's "before" in the public games never holds her private loss to hugo.
	publicWant.Check(t, w.Store, "king-me", public)
	ladder, err := w.Store.Ratings(ctx, "king-me")
	require.NoError(t, err)
	for _, r := range ladder {
		assert.NotEqual(t, "hugo", r.Username, "a private game's player is not on the public ladder")
	}
	first, err := w.Store.Result(ctx, publicGames[0])
	require.NoError(t, err)
	for _, l := range first.Ledger {
		assert.Zero(t, l.Before, "%s starts the public ladder at 0", l.Player)
	}
	// The private league's games are on its own ladder, from 0, by the same rules.
	own := "king-me@" + strconv.FormatInt(private, 10)
	privateWant.Check(t, w.Store, own, private)
	r, err := w.Store.Result(ctx, privateGames[0])
	require.NoError(t, err)
	assert.Equal(t, own, r.Ladder)

	// A correction replays the league's own ladder and leaves the public one as it was.
	publicBefore, err := w.Store.Ratings(ctx, "king-me")
	require.NoError(t, err)
	oldInput := storetest.PlacementInput([]string{"hugo", "ada"}, []int{5, 1})
	newInput := storetest.PlacementInput([]string{"hugo", "ada"}, []int{1, 5})
	_, err = w.Correct(ctx, privateGames[0], w.Organiser.ID, newInput)
	require.NoError(t, err)
	privateWant.Replace(t, private, strconv.FormatInt(privateGames[0], 10), scoring.Placement, oldInput, newInput)
	privateWant.Check(t, w.Store, own, private)
	publicAfter, err := w.Store.Ratings(ctx, "king-me")
	require.NoError(t, err)
	assert.Equal(t, publicBefore, publicAfter)

	// hugo's player page lists no rating and no rated game: the private ladder is the
	// league's page's to show.
	hugo := w.Players[7]
	ratings, err := w.Store.PlayerRatings(ctx, hugo.ID)
	require.NoError(t, err)
	assert.Empty(t, ratings)
	history, err := w.Store.RatingHistory(ctx, hugo.ID)
	require.NoError(t, err)
	assert.Empty(t, history)
	ada, err := w.Store.PlayerRatings(ctx, w.Players[0].ID)
	require.NoError(t, err)
	require.Len(t, ada, 1)
	assert.Equal(t, "king-me", ada[0].Game)
	assert.Equal(t, 2, ada[0].Games, "ada's public rating counts her public games only")

	ladders, err := w.Store.Ladders(ctx)
	require.NoError(t, err)
	require.Len(t, ladders, 1)
	assert.Equal(t, store.LadderSummary{Game: "king-me", Results: 2, Players: 2}, ladders[0])

	// A write to a private game names the league's ladder, never the public one.
	keys, err := w.Store.GameCacheKeys(ctx, privateGames[0])
	require.NoError(t, err)
	assert.Contains(t, keys, store.LadderKey(own))
	assert.NotContains(t, keys, store.LadderKey("king-me"))
}

func TestMigrateMovesPrivateLeaguesOffThePublicLadder(t *testing.T) {
	// A database from before private ladders: a private league's games were rated on the
	// public ladder, interleaved with a public league's. Migrating moves them to the
	// league's own ladder and replays both: the public ladder becomes exactly a replay of
	// the public games only.
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	schedule := [][]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}, {0, 3}, {1, 2}}
	public, publicGames := w.League("king-me", schedule)
	// The private league's games go the other way round.
	var reversed [][]int
	for _, seats := range schedule {
		reversed = append(reversed, []int{seats[1], seats[0]})
	}
	private, privateGames := w.League("king-me", reversed)
	publicWant, privateWant, before := storetest.NewExpected(), storetest.NewExpected(), storetest.NewExpected()
	publicWant.Members[public], privateWant.Members[private] = privateMembers, privateMembers
	for i, seats := range schedule {
		recordPair(t, w, public, publicGames[i], seats, publicWant, before)
		recordPair(t, w, private, privateGames[i], reversed[i], privateWant, before)
	}
	// Recorded while both were public: one ladder holds all twelve.
	before.Check(t, w.Store, "king-me")
	makePrivate(t, w, private)

	var wg sync.WaitGroup
	errs := make([]error, 3)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = migrateAndUpgrade(ctx, w)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	publicWant.Check(t, w.Store, "king-me", public)
	privateWant.Check(t, w.Store, "king-me@"+strconv.FormatInt(private, 10), private)
	var results int64
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT results FROM ladders WHERE game = 'king-me'`).Scan(&results))
	assert.EqualValues(t, len(schedule), results)

	snap := w.Snapshot()
	require.NoError(t, migrateAndUpgrade(ctx, w))
	assert.Equal(t, snap, w.Snapshot(), "migrating again changes nothing")

	// The next public result takes the next place on the public ladder.
	more, moreGames := w.League("king-me", [][]int{{4, 5}})
	recordPair(t, w, more, moreGames[0], []int{4, 5}, publicWant)
	publicWant.Check(t, w.Store, "king-me")
}

func TestLeaguePrivacyMovesItsGamesBetweenLadders(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	leagues := service.NewLeagues(w.Store)
	// Each league has a game still to play: a finished league's privacy no longer changes.
	public, publicGames := w.League("king-me", [][]int{{0, 1}, {1, 2}, {2, 0}, {4, 5}})
	private, privateGames := w.League("king-me", [][]int{{3, 0}, {3, 1}, {4, 5}})
	_, err := leagues.SetPrivate(ctx, private, w.Organiser.ID, true)
	require.NoError(t, err)
	own := "king-me@" + strconv.FormatInt(private, 10)

	// Recorded in this order: public, private, public, private, public.
	publicWant, privateWant, all := storetest.NewExpected(), storetest.NewExpected(), storetest.NewExpected()
	recordPair(t, w, public, publicGames[0], []int{0, 1}, publicWant)
	recordPair(t, w, private, privateGames[0], []int{3, 0}, privateWant)
	recordPair(t, w, public, publicGames[1], []int{1, 2}, publicWant)
	recordPair(t, w, private, privateGames[1], []int{3, 1}, privateWant)
	recordPair(t, w, public, publicGames[2], []int{2, 0}, publicWant)
	all.Games = []rating.Game{publicWant.Games[0], privateWant.Games[0], publicWant.Games[1], privateWant.Games[1], publicWant.Games[2]}
	publicWant.Check(t, w.Store, "king-me")
	privateWant.Check(t, w.Store, own)

	// Made public, its games join the public ladder in the order they were recorded, and
	// the public ladder is replayed from the first of them.
	_, err = leagues.SetPrivate(ctx, private, w.Organiser.ID, false)
	require.NoError(t, err)
	all.Check(t, w.Store, "king-me")
	gone, err := w.Store.Ratings(ctx, own)
	require.NoError(t, err)
	assert.Empty(t, gone, "the league's own ladder is empty once its games are public")
	r, err := w.Store.Result(ctx, privateGames[1])
	require.NoError(t, err)
	assert.Equal(t, "king-me", r.Ladder)
	assert.EqualValues(t, 4, r.LadderSeq)

	// Made private again, they leave: the public ladder is the public games' alone again.
	_, err = leagues.SetPrivate(ctx, private, w.Organiser.ID, true)
	require.NoError(t, err)
	publicWant.Check(t, w.Store, "king-me")
	privateWant.Check(t, w.Store, own)

	// A public ladder whose only games moved to a private league is not listed.
	only, onlyGames := w.League("cartagena", [][]int{{0, 1}, {4, 5}})
	recordPair(t, w, only, onlyGames[0], []int{0, 1})
	ladders, err := w.Store.Ladders(ctx)
	require.NoError(t, err)
	require.Len(t, ladders, 2)
	_, err = leagues.SetPrivate(ctx, only, w.Organiser.ID, true)
	require.NoError(t, err)
	ladders, err = w.Store.Ladders(ctx)
	require.NoError(t, err)
	require.Len(t, ladders, 1)
	assert.Equal(t, "king-me", ladders[0].Game)

	// A private league without results may be deleted; its ladder goes with it.
	empty, _ := w.League("king-me", [][]int{{4, 5}})
	_, err = leagues.SetPrivate(ctx, empty, w.Organiser.ID, true)
	require.NoError(t, err)
	_, err = leagues.Delete(ctx, empty, w.Organiser.ID)
	require.NoError(t, err)
	var left int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT count(*) FROM ladders WHERE league_id = $1`, empty).Scan(&left))
	assert.Zero(t, left)
}

func TestAResultRecordedAsTheLeagueTurnsPrivateLandsOnItsLadder(t *testing.T) {
	// Recording takes the league's row lock before it reads the league's privacy, and so
	// does a privacy change before it moves the league's games: whichever goes first, the
	// result ends on the league's own ladder and the public ladder holds none of it.
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	leagues := service.NewLeagues(w.Store)
	public, publicGames := w.League("king-me", [][]int{{0, 1}, {2, 3}})
	turning, turningGames := w.League("king-me", [][]int{{4, 5}, {6, 7}, {4, 6}})
	publicWant, turningWant := storetest.NewExpected(), storetest.NewExpected()
	recordPair(t, w, public, publicGames[0], []int{0, 1}, publicWant)
	recordPair(t, w, turning, turningGames[0], []int{4, 5}, turningWant)
	recordPair(t, w, public, publicGames[1], []int{2, 3}, publicWant)

	input := storetest.PlacementInput([]string{"greta", "hugo"}, []int{5, 1})
	var wg sync.WaitGroup
	var recordErr, privacyErr error
	wg.Add(2)
	go func() {
		defer wg.Done()
		_, recordErr = w.Record(ctx, turningGames[1], w.Organiser.ID, input)
	}()
	go func() {
		defer wg.Done()
		_, privacyErr = leagues.SetPrivate(ctx, turning, w.Organiser.ID, true)
	}()
	wg.Wait()
	require.NoError(t, recordErr)
	require.NoError(t, privacyErr)
	turningWant.Add(t, turning, strconv.FormatInt(turningGames[1], 10), scoring.Placement, input, nil)

	publicWant.Check(t, w.Store, "king-me")
	turningWant.Check(t, w.Store, "king-me@"+strconv.FormatInt(turning, 10))
}
