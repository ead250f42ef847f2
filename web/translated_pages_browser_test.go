package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// TestBrowserGermanPagesFitAPhone: in German, the longest words of the four languages, the
// league page (running with results, and open), the games list, the open-a-table form, the
// Vortex calculator and the ratings (with the pot note) are no wider than a 390 px phone, signed out
// and as an organiser. The screenshots are kept for review (the path is logged).
func TestBrowserGermanLeaguePagesFitAPhone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	orgClient := app.logIn(org)
	res, _ := app.submit(orgClient, formPath, formPath, url.Values{"action": {"save"},
		"score-1": {"10"}, "score-2": {"10"}, "score-3": {"10"}, "score-4": {"5"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	open := app.join(app.newLeague(org, "vampiring", 4, 0), members[:2])
	openTable(t, app, orgClient, "cartagena", 4, app.logIn(members[0]))
	pages := []string{leaguePath(l), leaguePath(open), "/games", "/vortex", "/ratings"}

	dir := screenshotDir(t)
	t.Logf("German phone screenshots in %s", dir)
	anon := newBrowser(t)
	for _, p := range pages {
		problems, _ := checkPage(t, anon, app, "de-signed-out", withLang(p, "de"), dir, "", true)
		for _, p := range problems {
			t.Error(p)
		}
	}
	ctx := newBrowser(t)
	browserLogIn(t, ctx, app, org.Username, phoneWidth, phoneHeight)
	for _, p := range append(pages, "/games/new") {
		problems, _ := checkPage(t, ctx, app, "de-organiser", withLang(p, "de"), dir, "", true)
		for _, p := range problems {
			t.Error(p)
		}
	}
}
