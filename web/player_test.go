package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// TestPlayerPageIsPagedByFiftyGames: a player's page lists fifty games a page, newest
// first, with links to the neighbouring pages; every game is on exactly one page.
func TestPlayerPageIsPagedByFiftyGames(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, members, _ := runningLeague(t, app, "cartagena", 4)
	// Repeat the schedule's games under new numbers up to 240 games, as cmd/loadtest does.
	_, err := app.store.Pool().Exec(t.Context(), `
WITH base AS (SELECT count(*)::int AS n FROM games WHERE league_id = $1),
extra AS (
    INSERT INTO games (league_id, number, round)
    SELECT $1, x, x FROM generate_series((SELECT n FROM base) + 1, 240) AS x
    RETURNING id, number
)
INSERT INTO seats (game_id, position, user_id)
SELECT e.id, s.position, s.user_id
FROM extra e
JOIN games src ON src.league_id = $1 AND src.number = ((e.number - 1) % (SELECT n FROM base)) + 1
JOIN seats s ON s.game_id = src.id`, l.ID)
	require.NoError(t, err)
	who := members[0].Username
	var seated int
	require.NoError(t, app.store.Pool().QueryRow(t.Context(),
		`SELECT count(*) FROM seats s JOIN users u ON u.id = s.user_id WHERE u.username = $1`, who).Scan(&seated))
	require.Greater(t, seated, 100, "the player has more than two pages of games")

	seen := map[string]bool{}
	path := "/players/" + who
	for page := 1; ; page++ {
		res, doc := app.get(app.browser(), path)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		rows := doc.Find(".player-games tbody tr")
		if page*50 <= seated {
			assert.Equal(t, 50, rows.Length(), "page %d is full", page)
		} else {
			assert.Equal(t, seated-(page-1)*50, rows.Length(), "the last page holds the rest")
		}
		rows.Each(func(_ int, s *goquery.Selection) {
			href := s.Find("td a").First().AttrOr("href", "")
			assert.False(t, seen[href], "%s is on one page only", href)
			seen[href] = true
		})
		newer, hasNewer := doc.Find(`.pager a[rel="prev"]`).Attr("href")
		if page == 1 {
			assert.False(t, hasNewer, "the first page has no newer page")
		} else {
			assert.Equal(t, pageOf(who, page-1), newer)
		}
		older, hasOlder := doc.Find(`.pager a[rel="next"]`).Attr("href")
		if !hasOlder {
			break
		}
		assert.Equal(t, pageOf(who, page+1), older)
		path = older
	}
	assert.Len(t, seen, seated, "every game is listed once over the pages")

	for _, bad := range []string{"0", "-1", "two", "01"} {
		res, doc := app.get(app.browser(), "/players/"+who+"?page="+bad)
		assert.Equal(t, http.StatusBadRequest, res.StatusCode, "page=%s", bad)
		assert.Contains(t, text(doc.Find("main")), "page", "the error names the field")
	}
}

// pageOf is the address of page n of username's page.
func pageOf(username string, n int) string {
	if n == 1 {
		return "/players/" + username
	}
	return fmt.Sprintf("/players/%s?page=%d", username, n)
}
