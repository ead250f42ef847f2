package pages

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// deskListLength is how many next games and recent results the desk shows.
const deskListLength = 10

// deskPageSize is how many games of a group waiting for a result the desk shows at once.
const deskPageSize = 10

// deskPage is the page of games that the query parameter param asks for (the first when
// it asks for none, or for one out of range), and where it stands among the pages.
func deskPage(c echo.Context, games []templates.DeskGame, param string) ([]templates.DeskGame, templates.DeskPager) {
	p := templates.DeskPager{Param: param, Size: deskPageSize, Total: len(games),
		Pages: max(1, (len(games)+deskPageSize-1)/deskPageSize)}
	p.Page, _ = strconv.Atoi(c.QueryParam(param))
	p.Page = min(max(p.Page, 1), p.Pages)
	return games[(p.Page-1)*deskPageSize : p.Last()], p
}

// desk is the signed-in front page (GET / for a signed-in viewer): my next games, the games
// waiting for a result in the leagues I run and at the normal tables I opened, the leagues waiting for players and the
// latest results.
func (h *Handler) desk(c echo.Context, user store.User) error {
	// The desk is the viewer's own: its part is stored under the viewer's id, and dropped
	// by every write naming the viewer (a result or a join in their leagues, their tables).
	own, err := httpx.Part(h.Cache, httpx.PartKey("desk", user.ID), func() (deskShared, error) {
		return h.readDesk(c.Request().Context(), user.ID)
	}, store.PlayerKey(user.Username))
	if err != nil {
		return err
	}
	queue, tables, next, waiting, recent, mine := own.queue, own.tables, own.next, own.waiting, own.recent, own.mine
	clock := deskClock(own, mine)
	lang := locales.From(c.Request().Context())
	v := templates.DeskView{Waiting: summariseAll(waiting)}
	now := time.Now()
	for _, g := range queue {
		d := deskGame(lang, g, clock)
		v.Queue = append(v.Queue, d)
		switch {
		case g.StartsAt == nil:
			v.Undated = append(v.Undated, d)
		case g.StartsAt.Before(now):
			v.Overdue = append(v.Overdue, d)
		case g.StartsAt.Before(now.Add(7 * 24 * time.Hour)):
			v.ThisWeek = append(v.ThisWeek, d)
		default:
			v.Later = append(v.Later, d)
		}
	}
	// The normal games the viewer opened wait for their result too, after the leagues'.
	for _, g := range tables {
		d := deskGame(lang, g, clock)
		d.GameName = gameName(g.Game)
		v.Queue = append(v.Queue, d)
		v.Undated = append(v.Undated, d)
	}
	// A busy organiser's desk shows a page of each group, not hundreds of games.
	v.Overdue, v.OverduePages = deskPage(c, v.Overdue, "overdue")
	v.ThisWeek, v.ThisWeekPages = deskPage(c, v.ThisWeek, "this-week")
	v.Undated, v.UndatedPages = deskPage(c, v.Undated, "undated")
	v.Later, v.LaterPages = deskPage(c, v.Later, "later")
	for _, g := range next {
		v.Next = append(v.Next, deskGame(lang, g, clock))
	}
	for _, r := range recent {
		v.Recent = append(v.Recent, templates.DeskResult{GameID: r.GameID, LeagueName: r.LeagueName, Number: r.Number,
			When: clock.showIn(lang, r.FinishedAt, r.TimeZone, dateLayout), Winners: strings.Join(r.Winners, ", ")})
	}
	// A new slice: the cached queue is shared and must not grow in place.
	if v.Table, err = h.tableDesk(c, user, slices.Concat(queue, tables), next, mine, clock); err != nil {
		return err
	}
	for _, g := range own.unreported {
		d := deskGame(lang, g, clock)
		if g.LeagueID == 0 {
			d.GameName = gameName(g.Game)
		}
		v.Table.ToReport = append(v.Table.ToReport, d)
	}
	// Read on every visit, outside the cached part: a sign-up does not name the viewer's desk.
	seasons, err := h.Store.DeskSeasons(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	for _, se := range seasons {
		v.Seasons = append(v.Seasons, templates.DeskSeason{ID: se.ID, Name: se.Name, SignedUp: se.SignedUp,
			SignedUpMe: se.SignedUpMe, Organising: se.OrganiserID == user.ID, Needed: league.MinDivision(se.PlayersPerGame)})
	}
	if own.feedToken != "" {
		v.FeedURL = h.FeedURL(own.feedToken)
		httpx.ShowsSecret(c)
	}
	return h.Render(c, http.StatusOK, templates.Desk(h.Page(c, lang.T("desk.title")).In(clock.named()), v))
}

// deskClock is the desk's clock: the zones of the leagues of every game it lists (a normal
// game's is UTC), so a desk across leagues in several zones gives each time its zone.
func deskClock(own deskShared, mine []service.Proposal) pageClock {
	var zones []string
	for _, gs := range [][]store.QueuedGame{own.queue, own.tables, own.next, own.unreported} {
		for _, g := range gs {
			zones = append(zones, g.TimeZone)
		}
	}
	for _, r := range own.recent {
		zones = append(zones, r.TimeZone)
	}
	for _, p := range mine {
		zones = append(zones, p.TimeZone)
	}
	return clockFor(zones...)
}

// deskShared is what a viewer's desk reads from the database: their queue, ready tables,
// next games, leagues waiting for players and recent results, and their calendar feed's
// token when they have next games.
type deskShared struct {
	queue, tables, next []store.QueuedGame
	// unreported are the games the viewer played whose result nobody reported yet.
	unreported []store.QueuedGame
	waiting    []store.League
	recent     []store.RecentResult
	// mine are the proposals of the games the viewer sits at.
	mine      []service.Proposal
	feedToken string
}

// readDesk reads user id's desk from the database.
func (h *Handler) readDesk(ctx context.Context, id int64) (deskShared, error) {
	var (
		d   deskShared
		err error
	)
	if d.queue, err = h.Store.Queue(ctx, id); err != nil {
		return d, err
	}
	if d.tables, err = h.Store.ReadyTables(ctx, id); err != nil {
		return d, err
	}
	now := time.Now()
	if d.next, err = h.Store.NextGames(ctx, id, now, deskListLength); err != nil {
		return d, err
	}
	if d.unreported, err = h.Store.Unreported(ctx, id, now, deskListLength); err != nil {
		return d, err
	}
	if d.waiting, err = h.Store.WaitingLeagues(ctx, id); err != nil {
		return d, err
	}
	if d.recent, err = h.Store.RecentResults(ctx, id, deskListLength); err != nil {
		return d, err
	}
	if d.mine, err = h.Results.SeatedProposals(ctx, id); err != nil {
		return d, err
	}
	if len(d.next) > 0 {
		d.feedToken, err = h.Accounts.CalendarFeedToken(ctx, id, false)
	}
	return d, err
}

// deskGame is a queued game as the desk shows it in l, its date in its league's zone.
func deskGame(l locales.Lang, g store.QueuedGame, clock pageClock) templates.DeskGame {
	d := templates.DeskGame{ID: g.GameID, LeagueID: g.LeagueID, LeagueName: g.LeagueName, Number: g.Number,
		Round: g.Round, Place: cmp.Or(g.Place, g.Venue), Seats: g.Seats, GameLabel: gameLabel(g.Game, g.Version)}
	// People read display names; a part kept from before they were read has usernames only.
	if len(g.SeatNames) == len(g.Seats) {
		d.Seats = g.SeatNames
	}
	if g.StartsAt != nil {
		d.When = clock.showIn(l, *g.StartsAt, g.TimeZone, gameDateFormat)
	}
	if g.Position > 0 && g.Position <= len(g.Seats) {
		d.SeatName = seatNameIn(l, store.PlayerGame{Game: g.Game, SeatCount: len(g.Seats), Position: g.Position})
		// A game's own seat name ("Allies 1", a Diplomacy power) is a name, not a word.
		d.SeatIsName = d.SeatName != l.T("player.seat", map[string]any{"N": g.Position})
	}
	return d
}

// renewCalendarFeed gives the viewer a new secret feed address (POST /me/calendar/renew).
func (h *Handler) renewCalendarFeed(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	if _, err := h.Accounts.CalendarFeedToken(c.Request().Context(), user.ID, true); err != nil {
		return err
	}
	h.Flash(c, locales.T(c.Request().Context(), "desk.feed_renewed"))
	return c.Redirect(http.StatusSeeOther, "/")
}
