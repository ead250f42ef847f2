package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/web"
)

// A Diplomacy game with the missing man reads plainly (issue #24): the absent power's row is
// the Seventh Player's, last, with the ARMADA points its power scored and no place among
// the players; one line says how the table is ordered; no page prints the member's raw id.
func TestMissingManReadsAsTheSeventhPlayer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "diplomacy", 7)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	seat := func(i int) string { return g.Seats[i].Username }
	// A draw of the first three; the third, one of the winners, was absent: its power
	// scored a share of the pot, which the Seventh Player takes.
	body := fmt.Sprintf(`{"outcome":"draw","players":[
		{"id":%q,"centers":10,"years":8},{"id":%q,"centers":12,"years":8},{"id":%q,"centers":12,"years":8},
		{"id":%q,"centers":0,"years":3,"eliminated":1903},{"id":%q,"centers":0,"years":4,"eliminated":1904},
		{"id":%q,"centers":0,"years":5,"eliminated":1905},{"id":%q,"centers":0,"years":5,"eliminated":1905}],
		"winners":[%q,%q,%q],"absent":[%q]}`, seat(0), seat(1), seat(2), seat(3), seat(4), seat(5), seat(6),
		seat(0), seat(1), seat(2), seat(2))

	// Proposed by a player first: the proposal lists the Seventh Player last, without a place.
	seated, _ := seatedPlayers(g, members)
	res := app.apiSend(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, []byte(body))
	out, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	require.Equal(t, http.StatusCreated, res.StatusCode, string(out))
	_, doc := app.get(app.logIn(seated[0]), fmt.Sprintf("/games/%d", g.ID))
	proposed := doc.Find(".proposal-lines li")
	require.Equal(t, 7, proposed.Length())
	last := text(proposed.Last())
	assert.True(t, strings.HasPrefix(last, "Seventh Player (missing man), no place, in "+g.Seats[2].DisplayName+"'s seat (absent)"), last)
	assert.Regexp(t, `— \d+ points$`, last, "the power's ARMADA points")

	// Recorded by the organiser, the result section.
	status, recorded := app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, []byte(body))
	require.Equal(t, http.StatusCreated, status, "%v", recorded)
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
	rows := doc.Find("#result .result-table tbody tr")
	require.Equal(t, 7, rows.Length())
	row := rows.Last()
	assert.True(t, row.HasClass("is-missing-man"), "the Seventh Player's row comes last")
	assert.Equal(t, "—", text(row.Find(".place")), "no place among the players")
	assert.Contains(t, text(row.Find(`td[data-label="Player"]`)), "Seventh Player (missing man)")
	assert.Contains(t, text(row.Find(`td[data-label="Player"]`)), g.Seats[2].DisplayName, "whose seat it played")
	points := text(row.Find(".points"))
	assert.NotEqual(t, "0", points, "its ARMADA points, not the absent player's none")
	assert.True(t, strings.HasSuffix(text(row.Find(".explanation")), "= "+points), "the power's score: %s", text(row.Find(".explanation")))
	var places []int
	rows.Slice(0, 6).Each(func(_ int, s *goquery.Selection) {
		n, err := strconv.Atoi(strings.TrimRight(text(s.Find(".place")), "stndrh"))
		require.NoError(t, err, text(s.Find(".place")))
		places = append(places, n)
	})
	assert.True(t, slices.IsSorted(places), "the players in order of place: %v", places)
	assert.Equal(t, "Players in order of place; the Seventh Player played the absent power and takes no place.",
		text(doc.Find("#result .table-order")))
	assert.Contains(t, text(doc.Find("#result .ledger-table")), "Seventh Player (missing man)")
	assertNoLadderMemberIDs(t, doc, "the game page")

	for _, path := range []string{"/ratings/diplomacy", "/players/seventh-player:diplomacy", leaguePath(l)} {
		res, doc := app.get(app.browser(), path)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		assertNoLadderMemberIDs(t, doc, path)
	}
}

// Every page of the demo, as a visitor, the organisers of its Diplomacy league and of its
// SUPERCAT games see it, names the ladder members (the Seventh Player, the SUPERCAT bots)
// by their names: no raw id such as "seventh-player:diplomacy" or "supercat-normal:arcs" is
// printed or read out (an address may hold one, as a username does).
func TestCrawlDemoPagesNeverPrintLadderMemberIDs(t *testing.T) {
	t.Parallel()
	app := newDemoApp(t)
	var missingMan int64
	require.NoError(t, app.store.Pool().QueryRow(t.Context(), `SELECT game_id FROM result_points WHERE absent`).Scan(&missingMan))
	href := regexp.MustCompile(`^/[^?#]*`)
	for _, who := range []string{"", "ada", "bruno"} {
		c := app.browser()
		if who != "" {
			res, _ := app.submit(c, "/login", "/login", url.Values{"username": {who}, "password": {demo.Password}})
			require.Equal(t, http.StatusSeeOther, res.StatusCode, who)
		}
		start := []string{"/", "/leagues", "/games", "/ratings", "/ratings/diplomacy", "/ratings/arcs", "/supercat",
			fmt.Sprintf("/games/%d", missingMan)}
		seen := map[string]bool{}
		for _, p := range start {
			seen[p] = true
		}
		perRoute := map[string]int{}
		sawMember := false
		for queue := start; len(queue) > 0; queue = queue[1:] {
			res, doc := app.get(c, queue[0])
			if res.StatusCode != http.StatusOK {
				continue
			}
			assertNoLadderMemberIDs(t, doc, who+" "+queue[0])
			sawMember = sawMember || strings.Contains(text(doc.Find("main")), "Seventh Player (missing man)")
			doc.Find("a[href]").Each(func(_ int, s *goquery.Selection) {
				l := href.FindString(s.AttrOr("href", ""))
				r := routeOf(l)
				if l == "" || seen[l] || crawlSkip.MatchString(l) || perRoute[r] >= 3*maxPerRoute(r) {
					return
				}
				seen[l] = true
				perRoute[r]++
				queue = append(queue, l)
			})
		}
		assert.True(t, sawMember, "%q: some page names the Seventh Player", who)
	}
}

// ladderMemberID is a ladder member's raw id: "seventh-player:diplomacy",
// "supercat-hard-2:arcs".
var ladderMemberID = regexp.MustCompile(`(seventh-player|supercat-(normal|hard)(-\d)?):[a-z-]+`)

// assertNoLadderMemberIDs fails when the page prints a ladder member's raw id in its text or
// in an attribute read out or shown (aria-label, title, alt, placeholder).
func assertNoLadderMemberIDs(t *testing.T, doc *goquery.Document, where string) {
	t.Helper()
	doc.Find("body, body *").Each(func(_ int, s *goquery.Selection) {
		for _, n := range s.Nodes {
			for c := n.FirstChild; c != nil; c = c.NextSibling {
				if c.Type == html.TextNode && ladderMemberID.MatchString(c.Data) {
					t.Errorf("%s prints %q in <%s>", where, ladderMemberID.FindString(c.Data), n.Data)
				}
			}
			for _, a := range n.Attr {
				switch a.Key {
				case "aria-label", "title", "alt", "placeholder":
					if ladderMemberID.MatchString(a.Val) {
						t.Errorf("%s reads out %q in <%s %s>", where, a.Val, n.Data, a.Key)
					}
				}
			}
		}
	})
}
