package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestDiplomacyFormSaysWhichARMADANotesTheFormulaOverrides(t *testing.T) {
	t.Parallel()
	// armada-scoring-and-rating.txt 2.4's commentary against formulas 2.2 and 2.3: the form
	// quotes both and keeps the formula, and what it computes matches the help's figures.
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "diplomacy", 7)
	g := mustLeagueGames(t, app, l)[0]
	c := app.logIn(org)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	_, doc := app.get(c, formPath)
	help := text(doc.Find("form .armada-notes"))
	for _, quote := range []string{
		`"all conceding players then receive the maximum number of points possible for an unsuccessful player (60)"`,
		`"A victor who holds more than 18 centers receives no more reward than one who holds 18"`,
		`"(the player's elimination order) × (number of game-years he played) + (SCs owned by the player) —or— 60 [whichever is less]" (2.2)`,
		`"420 − (sum of all points awarded to LPs) + (total SCs owned by WPs)"`,
		"TableStakes keeps the formulas",
		"a conceder with 5 centres scores 1 × 12 + 5 = 17, not 60",
		"346 where one with 18 scores 344",
	} {
		assert.Contains(t, help, quote)
	}

	// A 1912 concession with nobody eliminated: the conceder with 5 centres scores 17.
	values := url.Values{"action": {"preview"}, "outcome": {"concession"}, "conceded_to": {g.Seats[0].Username}}
	for pos, centres := range []int{16, 5, 4, 3, 2, 2, 2} {
		values.Set(fmt.Sprintf("years-%d", pos+1), "12")
		values.Set(fmt.Sprintf("centers-%d", pos+1), fmt.Sprint(centres))
	}
	res, doc := app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	assert.Contains(t, text(doc.Find("#preview")), "1 × 12 years + 5 centres = 17")
}
