package store_test

import (
	"context"
	"math/big"
	"math/rand/v2"
	"strconv"
	"sync"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// oldRule is a game as the rating rule before CONTRACT section 3 changed rated it: a fixed
// 420 pot at every table size. Sharing 420 in proportion to the shifted points is the same
// as taking those exact shares as ARMADA-style awards, so rating.Replay over these games
// gives the old ledger.
func oldRule(g rating.Game) rating.Game {
	if g.PointsArePot {
		return g
	}
	old := rating.Game{ID: g.ID, PointsArePot: true, Seats: make([]rating.Seat, len(g.Seats))}
	lowest := new(big.Rat)
	for _, s := range g.Seats {
		if s.Points.Cmp(lowest) < 0 {
			lowest.Set(s.Points)
		}
	}
	total := new(big.Rat)
	for _, s := range g.Seats {
		total.Add(total, new(big.Rat).Sub(s.Points, lowest))
	}
	for i, s := range g.Seats {
		old.Seats[i] = s
		share := big.NewRat(420, int64(len(g.Seats)))
		if total.Sign() != 0 {
			share = new(big.Rat).Sub(s.Points, lowest)
			share.Mul(share, big.NewRat(420, 1)).Quo(share, total)
		}
		old.Seats[i].Points = share
	}
	return old
}

// storeOldLedger overwrites a ladder's ledger and ratings with the old rule's, and marks
// the ladder as following rule 1, as a database from before the change holds them.
func storeOldLedger(t *testing.T, w *world, ladder string, games []rating.Game) *rating.Ladder {
	t.Helper()
	old := make([]rating.Game, len(games))
	for i, g := range games {
		old[i] = oldRule(g)
	}
	l, ledger, err := rating.Replay(old)
	require.NoError(t, err)
	storeLedger(t, w, ladder, games, ledger, l.Standings(), 1)
	return l
}

// storeLedger overwrites a ladder's ledger and ratings and marks the ladder as following
// rule, as a database from before a rule change holds them.
func storeLedger(t *testing.T, w *world, ladder string, games []rating.Game, ledger [][]rating.Entry, standings []rating.Standing, rule int) {
	t.Helper()
	ctx := context.Background()
	ids := map[string]int64{}
	for _, p := range w.Players {
		ids[p.Username] = p.ID
	}
	tx, err := w.Pool.Begin(ctx)
	require.NoError(t, err)
	for gi, g := range games {
		for si, e := range ledger[gi] {
			tag, err := tx.Exec(ctx, `UPDATE rating_entries SET credited_id = $3, before_micros = $4, ante_micros = $5,
				award_micros = $6, delta_micros = $7, after_micros = $8 WHERE game_id = $1 AND position = $2`,
				g.ID, si+1, ids[e.Credited], int64(e.Before), int64(e.Ante), int64(e.Award), int64(e.Delta), int64(e.After))
			require.NoError(t, err)
			require.EqualValues(t, 1, tag.RowsAffected())
		}
	}
	_, err = tx.Exec(ctx, `DELETE FROM ratings WHERE ladder = $1`, ladder)
	require.NoError(t, err)
	for _, s := range standings {
		_, err = tx.Exec(ctx, `INSERT INTO ratings (ladder, user_id, rating_micros, games) VALUES ($1, $2, $3, $4)`,
			ladder, ids[s.Player], int64(s.Rating), s.Games)
		require.NoError(t, err)
	}
	_, err = tx.Exec(ctx, `UPDATE ladders SET pot_rule = $2 WHERE game = $1`, ladder, rule)
	require.NoError(t, err)
	require.NoError(t, tx.Commit(ctx))
}

// roundTwo replays games under rule 2, the rule before round 3 of CONTRACT section 3,
// written out here since the rating package no longer has it: every seat antes
// P × (R_i + 210) / (Σ_j R_j + 210 n), or P / n each when that denominator is not positive,
// rounded by largest remainder; the awards are those of the full pot. It returns the
// ledger and the standings (games without substitutes).
func roundTwo(t *testing.T, games []rating.Game) ([][]rating.Entry, []rating.Standing) {
	t.Helper()
	ratings, played := map[string]rating.Micros{}, map[string]int{}
	var order []string
	ledger := make([][]rating.Entry, len(games))
	for gi, g := range games {
		full := g.Pot()
		weights := make([]*big.Int, len(g.Seats))
		den := new(big.Int)
		for i, s := range g.Seats {
			weights[i] = big.NewInt(int64(ratings[s.Player] + rating.AnteAdjustment))
			den.Add(den, weights[i])
		}
		if den.Sign() <= 0 {
			den.SetInt64(int64(len(g.Seats)))
			for i := range weights {
				weights[i] = big.NewInt(1)
			}
		}
		antes := make([]rating.Micros, len(g.Seats))
		rems := make([]*big.Int, len(g.Seats))
		var floors rating.Micros
		for i, w := range weights {
			q, r := new(big.Int).DivMod(new(big.Int).Mul(big.NewInt(int64(full)), w), den, new(big.Int))
			antes[i], rems[i] = rating.Micros(q.Int64()), r
			floors += antes[i]
		}
		for range full - floors {
			best := -1
			for i, r := range rems {
				if r != nil && (best < 0 || r.Cmp(rems[best]) > 0) {
					best = i
				}
			}
			antes[best]++
			rems[best] = nil
		}
		awards, err := rating.Awards(g, full)
		require.NoError(t, err)
		for i, s := range g.Seats {
			require.Empty(t, s.Substitute)
			if _, ok := played[s.Player]; !ok {
				order = append(order, s.Player)
			}
			e := rating.Entry{Player: s.Player, Credited: s.Player, Before: ratings[s.Player], Ante: antes[i], Award: awards[i]}
			e.Delta = e.Award - e.Ante
			e.After = e.Before + e.Delta
			ledger[gi] = append(ledger[gi], e)
		}
		for _, e := range ledger[gi] {
			ratings[e.Player] = e.After
			played[e.Player]++
		}
	}
	standings := make([]rating.Standing, len(order))
	for i, p := range order {
		standings[i] = rating.Standing{Player: p, Rating: ratings[p], Games: played[p]}
	}
	return ledger, standings
}

func TestMigrateReplaysRoundTwoLaddersUnderTheFloor(t *testing.T) {
	// CONTRACT section 3, round 3: "Stored ratings are replayed under this rule." A 2-player
	// King Me ladder where bruno loses six times to ada and dmitri six times to chloe, so
	// that both come near the floor (about −182); then they meet. Under rule 2 their
	// denominator Σ R + 420 is about 56 and each antes 60, sending the loser below −210;
	// under rule 3 they hold about 56 above the floor and play for that.
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	var pairs [][]int
	for range 6 {
		pairs = append(pairs, []int{0, 1}, []int{2, 3})
	}
	pairs = append(pairs, []int{1, 3}, []int{4, 5})
	kingMe, kingGames := w.League("king-me", pairs)
	kings := storetest.NewExpected()
	kings.Members[kingMe] = members
	for i, seats := range pairs {
		names := []string{members[seats[0]], members[seats[1]]}
		input := storetest.PlacementInput(names, []int{5, 1})
		_, err := w.Record(ctx, kingGames[i], w.Organiser.ID, input)
		require.NoError(t, err)
		kings.Add(t, kingMe, strconv.FormatInt(kingGames[i], 10), scoring.Placement, input, nil)
	}
	// The app rates under rule 3 when it records: bruno and dmitri's game plays for what
	// they hold, and nobody falls below the floor.
	kings.Check(t, w.Store, "king-me", kingMe)
	r, err := w.Store.Result(ctx, kingGames[12])
	require.NoError(t, err)
	var pot rating.Micros
	for _, l := range r.Ledger {
		pot += l.Ante
	}
	require.Less(t, pot, 120*rating.PerPoint, "bruno and dmitri's table holds less than its pot")

	// The database as rule 2 left it: the old ledger, dmitri below the floor.
	ledger, standings := roundTwo(t, kings.Games)
	storeLedger(t, w, "king-me", kings.Games, ledger, standings, 2)
	old, err := w.Store.Ratings(ctx, "king-me")
	require.NoError(t, err)
	require.Less(t, old[len(old)-1].Rating, -210*rating.PerPoint, "rule 2 broke the floor: %+v", old[len(old)-1])

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
	kings.Check(t, w.Store, "king-me", kingMe)
	var rule int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT pot_rule FROM ladders WHERE game = 'king-me'`).Scan(&rule))
	assert.Equal(t, 3, rule)
	now, err := w.Store.Ratings(ctx, "king-me")
	require.NoError(t, err)
	for _, r := range now {
		assert.GreaterOrEqual(t, r.Rating, -210*rating.PerPoint, r.Username)
	}

	snap := w.Snapshot()
	require.NoError(t, migrateAndUpgrade(ctx, w))
	assert.Equal(t, snap, w.Snapshot(), "migrating again changes nothing")

	// A ladder created from now on starts at rule 3.
	var def string
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT column_default FROM information_schema.columns
		WHERE table_name = 'ladders' AND column_name = 'pot_rule'`).Scan(&def))
	assert.Equal(t, "3", def)
}

func TestMigrateReplaysOldLaddersUnderThePotOfSixtyASeat(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	rng := rand.New(rand.NewPCG(5, 8))

	// A 2-player King Me ladder (where the old pot swung ±210 a game) and a 4-player Vortex
	// ladder, recorded through the store, which rates them under the new rule.
	pairs := [][]int{{0, 1}, {2, 3}, {0, 2}, {1, 3}, {0, 3}, {1, 2}, {4, 5}, {6, 7}, {0, 1}, {2, 3}}
	kingMe, kingGames := w.League("king-me", pairs)
	vortex, vortexGames := w.League("vortex", storetest.SeasonSeats())
	kings, vortexes := storetest.NewExpected(), storetest.NewExpected()
	kings.Members[kingMe], vortexes.Members[vortex] = members, members
	for i, seats := range pairs {
		names := []string{members[seats[0]], members[seats[1]]}
		input := storetest.PlacementInput(names, []int{rng.IntN(3), rng.IntN(3)})
		_, err := w.Record(ctx, kingGames[i], w.Organiser.ID, input)
		require.NoError(t, err)
		kings.Add(t, kingMe, strconv.FormatInt(kingGames[i], 10), scoring.Placement, input, nil)
	}
	for i, seats := range storetest.SeasonSeats() {
		names := make([]string, len(seats))
		scores := make([]int, len(seats))
		for k, p := range seats {
			names[k], scores[k] = members[p], 10*rng.IntN(10)
		}
		input := storetest.PlacementInput(names, scores)
		_, err := w.Record(ctx, vortexGames[i], w.Organiser.ID, input)
		require.NoError(t, err)
		vortexes.Add(t, vortex, strconv.FormatInt(vortexGames[i], 10), scoring.Vortex, input, nil)
	}

	// The database as it was before the change: old-rule ledgers and ratings, and Vortex
	// losers all in 2nd place.
	oldKings := storeOldLedger(t, w, "king-me", kings.Games)
	storeOldLedger(t, w, "vortex", vortexes.Games)
	_, err := w.Pool.Exec(ctx, `UPDATE result_points SET place = 2 WHERE NOT winner AND league_id = $1`, vortex)
	require.NoError(t, err)
	before, err := w.Store.Ratings(ctx, "king-me")
	require.NoError(t, err)
	require.Equal(t, oldKings.Standings()[0].Rating, before[0].Rating, "the old ledger is in place")

	// Several processes start at once: each migrates; every ladder is replayed once.
	var wg sync.WaitGroup
	errs := make([]error, 4)
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

	// Ratings and every ledger line equal a fresh rating.Replay under the new rule, each
	// ladder summing to exactly 0; the standings' countback has the Vortex places by score.
	kings.Check(t, w.Store, "king-me", kingMe)
	vortexes.Check(t, w.Store, "vortex", vortex)
	rows, err := w.Pool.Query(ctx, `SELECT pot_rule FROM ladders ORDER BY game`)
	require.NoError(t, err)
	rules, err := pgx.CollectRows(rows, pgx.RowTo[int])
	require.NoError(t, err)
	assert.Equal(t, []int{store.PotRule, store.PotRule}, rules)
	r, err := w.Store.Result(ctx, vortexGames[0])
	require.NoError(t, err)
	res, err := scoring.Score(scoring.Vortex, r.Input)
	require.NoError(t, err)
	for i, line := range r.Result.Results {
		assert.Equal(t, res.Results[i].Place, line.Place, "stored output of %s", line.ID)
	}

	// Migrating again changes nothing.
	snap := w.Snapshot()
	require.NoError(t, migrateAndUpgrade(ctx, w))
	assert.Equal(t, snap, w.Snapshot())
}

func TestMigrateAppliesAMigrationThatLandedOutOfOrder(t *testing.T) {
	t.Parallel()
	// Migrations are numbered by feature: a database already past 00005 (say at a later
	// feature's migration) when the pot rule's 00005 lands still gets it.
	ctx := context.Background()
	pool := storetest.NewPool(t)
	_, err := pool.Exec(ctx, `ALTER TABLE ladders DROP COLUMN pot_rule`)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `DELETE FROM goose_db_version WHERE version_id = 5`)
	require.NoError(t, err)
	latest, err := store.LatestSchemaVersion()
	require.NoError(t, err)
	require.Greater(t, latest, int64(5), "a later migration exists")

	version, err := store.Migrate(ctx, pool)
	require.NoError(t, err)
	assert.Equal(t, latest, version)
	var def string
	require.NoError(t, pool.QueryRow(ctx, `SELECT column_default FROM information_schema.columns
		WHERE table_name = 'ladders' AND column_name = 'pot_rule'`).Scan(&def))
	assert.Equal(t, "2", def)
}

// serve opens its database with store.Open and upgrades its ladders (service.Ladders): a
// ladder still on rule 2 is replayed under the current rule (rating.UpgradeFrom) before the
// store is served.
func TestOpenReplaysLaddersOnAnOlderRule(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	var pairs [][]int
	for range 6 {
		pairs = append(pairs, []int{0, 1}, []int{2, 3})
	}
	pairs = append(pairs, []int{1, 3})
	kingMe, kingGames := w.League("king-me", pairs)
	kings := storetest.NewExpected()
	kings.Members[kingMe] = members
	for i, seats := range pairs {
		input := storetest.PlacementInput([]string{members[seats[0]], members[seats[1]]}, []int{5, 1})
		_, err := w.Record(ctx, kingGames[i], w.Organiser.ID, input)
		require.NoError(t, err)
		kings.Add(t, kingMe, strconv.FormatInt(kingGames[i], 10), scoring.Placement, input, nil)
	}
	ledger, standings := roundTwo(t, kings.Games)
	storeLedger(t, w, "king-me", kings.Games, ledger, standings, 2)

	st, err := store.Open(ctx, w.Pool.Config().ConnString())
	require.NoError(t, err)
	defer st.Close()
	require.NoError(t, service.NewLadders(st).Upgrade(ctx), "serve upgrades the ladders of the store it opened")
	var rule int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT pot_rule FROM ladders WHERE game = 'king-me'`).Scan(&rule))
	assert.Equal(t, rating.PotRule, rule)
	kings.Check(t, st, "king-me", kingMe)
}

// migrateAndUpgrade is what a server starting on w's database does: the migrations
// (store.Migrate), then the ladders brought up to date (service.Ladders.Upgrade).
func migrateAndUpgrade(ctx context.Context, w *world) error {
	if _, err := store.Migrate(ctx, w.Pool); err != nil {
		return err
	}
	return service.NewLadders(w.Store).Upgrade(ctx)
}
