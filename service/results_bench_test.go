package service_test

import (
	"context"
	"fmt"
	"slices"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/storetest"
)

// BenchmarkRecordResult measures recording one result against a real Postgres: scoring it
// against the seats, storing the result and per-seat points, finishing the game, rating it
// on its ladder (ledger lines and ratings) and writing the audit row, in one transaction.
// The ladder already holds 2,000 rated games of 4 players when the clock starts, and every
// recorded game adds to it. Run: go test -run '^$' -bench RecordResult ./service/
func BenchmarkRecordResult(b *testing.B) {
	ctx := context.Background()
	w := newWorld(b)
	const warm = 2000
	_, games := w.bulkLeague("cartagena", warm+b.N)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	inputFor := func(i int) []byte {
		names := make([]string, 4)
		for k := range 4 {
			names[k] = members[(i+k*3)%8]
		}
		return storetest.PlacementInput(names, []int{(i * 7) % 50, (i * 11) % 50, (i * 13) % 50, (i * 17) % 50})
	}
	for i := range warm {
		_, err := w.Record(ctx, games[i], w.Organiser.ID, inputFor(i))
		require.NoError(b, err)
	}
	durations := make([]time.Duration, 0, b.N)
	b.ResetTimer()
	for i := range b.N {
		start := time.Now()
		_, err := w.Record(ctx, games[warm+i], w.Organiser.ID, inputFor(warm+i))
		durations = append(durations, time.Since(start))
		if err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	slices.Sort(durations)
	p99 := durations[min(len(durations)-1, len(durations)*99/100)]
	b.ReportMetric(float64(p99.Microseconds())/1000, "p99-ms")
}

// bulkLeague is league with n games of 4 whose seats rotate through the eight members,
// inserted set-wise so that thousands of games take a moment.
func (w *world) bulkLeague(slug string, n int) (int64, []int64) {
	w.TB.Helper()
	ctx := context.Background()
	leagueID, _ := w.League(slug, [][]int{{0, 3, 6, 1}})
	_, err := w.Pool.Exec(ctx, `
		INSERT INTO games (league_id, number, round) SELECT $1, g, g FROM generate_series(2, $2) AS g`, leagueID, n)
	require.NoError(w.TB, err)
	_, err = w.Pool.Exec(ctx, `
		INSERT INTO seats (game_id, position, user_id)
		SELECT g.id, k + 1, m.user_id
		FROM games g CROSS JOIN generate_series(0, 3) AS k
		JOIN memberships m ON m.league_id = g.league_id AND m.slot = ((g.number - 1 + k * 3) % 8) + 1
		WHERE g.league_id = $1 AND g.number >= 2`, leagueID)
	require.NoError(w.TB, err)
	rows, err := w.Pool.Query(ctx, `SELECT id FROM games WHERE league_id = $1 ORDER BY number`, leagueID)
	require.NoError(w.TB, err)
	var ids []int64
	for rows.Next() {
		var id int64
		require.NoError(w.TB, rows.Scan(&id))
		ids = append(ids, id)
	}
	require.NoError(w.TB, rows.Err())
	require.Len(w.TB, ids, n, fmt.Sprintf("%d games", n))
	return leagueID, ids
}

// BenchmarkCorrectFirstResult measures correcting the first result of a ladder of 1,000
// and of 5,000 rated 4-player games against a real Postgres: the correction re-rates every
// later game and rewrites the ladder's ledger and ratings, in one transaction under the
// ladder's lock. Each iteration swaps the first game's result between two outcomes, so
// every correction changes something. Run: go test -run '^$' -bench CorrectFirstResult ./store/
func BenchmarkCorrectFirstResult(b *testing.B) {
	for _, n := range []int{1000, 5000} {
		b.Run(fmt.Sprintf("games=%d", n), func(b *testing.B) {
			ctx := context.Background()
			w := newWorld(b)
			_, games := w.bulkLeague("cartagena", n)
			members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
			seatsOf := func(i int) []string {
				names := make([]string, 4)
				for k := range 4 {
					names[k] = members[(i+k*3)%8]
				}
				return names
			}
			for i := range n {
				_, err := w.Record(ctx, games[i], w.Organiser.ID,
					storetest.PlacementInput(seatsOf(i), []int{(i * 7) % 50, (i * 11) % 50, (i * 13) % 50, (i * 17) % 50}))
				require.NoError(b, err)
			}
			outcomes := [][]int{{40, 30, 20, 10}, {10, 20, 30, 40}}
			b.ResetTimer()
			for i := range b.N {
				rw, err := w.Check(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(seatsOf(0), outcomes[i%2]))
				if err != nil {
					b.Fatal(err)
				}
				rw.Reason = "benchmark"
				if _, err := service.NewResults(w.Store).Correct(ctx, rw); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
