package web_test

import (
	"fmt"
	"math/big"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/web"
)

func TestRatingWhyExplainsACappedPot(t *testing.T) {
	t.Parallel()
	// CONTRACT section 3: a table plays for min(P, S), what its players hold above the
	// floor of −210. A 2-player King Me league in which the stronger player always wins
	// brings the two weakest near the floor; when they meet, the game page and the player
	// page say in plain words that the table played for less than 120.
	app := newTestApp(t, web.Config{})
	capped, full, pot, seat := kingMeNearTheFloor(t, app)
	shown := new(big.Rat).SetFrac64(int64(pot), int64(rating.PerPoint)).FloatString(1)
	want := fmt.Sprintf("This table held only %s above the floor of −210, so it played for %s instead of 120.", shown, shown)

	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", capped))
	assert.Equal(t, want, text(doc.Find("#result .pot-note")))
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", full))
	assert.Zero(t, doc.Find("#result .pot-note").Length(), "a table playing for its full pot needs no note")
	assert.Equal(t, 2, doc.Find("#result .ledger-table tbody tr").Length())

	_, doc = app.get(app.browser(), "/players/"+seat)
	notes := doc.Find(".ledger-table .pot-note")
	require.Positive(t, notes.Length())
	// The note follows the capped game's row.
	row := doc.Find(fmt.Sprintf(`.ledger-table a[href="/games/%d"]`, capped)).Closest("tr")
	assert.Equal(t, want, text(row.Next().Find(".pot-note")))

	_, doc = app.get(app.browser(), "/ratings/king-me")
	assert.Contains(t, text(doc.Find(".pot-explained")), "Nobody stakes more than they hold above the floor of −210")
	assert.Contains(t, text(doc.Find(".pot-explained")), "so their game plays for 84.0 instead of 120")
}

// kingMeNearTheFloor records a 2-player King Me league in which the stronger player always
// wins, and returns the first game whose table held less than 120 above the floor (with its
// pot and the player of its first seat) and the first that played for its full 120.
func kingMeNearTheFloor(t *testing.T, app *testApp) (capped, full int64, pot rating.Micros, seat string) {
	t.Helper()
	l, org, members, _ := runningLeague(t, app, "king-me", 2)
	strength := map[string]int{}
	for i, m := range members {
		strength[m.Username] = len(members) - i
	}
	games := mustLeagueGames(t, app, l)
	for _, g := range games {
		status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token,
			scoresFor(g, strength[g.Seats[0].Username], strength[g.Seats[1].Username]))
		require.Equal(t, http.StatusCreated, status, "%v", out)
	}
	for _, g := range games {
		r, err := app.store.Result(t.Context(), g.ID)
		require.NoError(t, err)
		var sum rating.Micros
		for _, e := range r.Ledger {
			sum += e.Ante
			require.GreaterOrEqual(t, e.After, -210*rating.PerPoint, "nobody falls below the floor")
		}
		switch {
		case sum < 120*rating.PerPoint && sum > 0 && capped == 0:
			capped, pot, seat = g.ID, sum, r.Ledger[0].Player
		case sum == 120*rating.PerPoint && full == 0:
			full = g.ID
		}
	}
	require.NotZero(t, capped, "some table holds less than 120 above the floor")
	require.NotZero(t, full)
	return capped, full, pot, seat
}
