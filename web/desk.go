package web

import (
	"cmp"
	"context"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// deskListLength is how many next games and recent results the desk shows.
const deskListLength = 10

// desk is the signed-in front page (GET / for a signed-in viewer): my next games, the games
// waiting for a result in the leagues I run and at the normal tables I opened, the leagues waiting for players and the
// latest results.
func (h *Handler) desk(c echo.Context, user store.User) error {
	// The desk is the viewer's own: its part is stored under the viewer's id, and emptied
	// with every other part at the next write.
	own, err := part(h.cache, partKey("desk", user.ID), func() (deskShared, error) {
		return h.readDesk(c.Request().Context(), user.ID)
	})
	if err != nil {
		return err
	}
	queue, tables, next, waiting, recent, mine := own.queue, own.tables, own.next, own.waiting, own.recent, own.mine
	clock := deskClock(own, mine)
	v := templates.DeskView{Waiting: summariseAll(waiting)}
	now := time.Now()
	for _, g := range queue {
		d := deskGame(g, clock)
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
		d := deskGame(g, clock)
		d.GameName = gameName(g.Game)
		v.Queue = append(v.Queue, d)
		v.Undated = append(v.Undated, d)
	}
	for _, g := range next {
		v.Next = append(v.Next, deskGame(g, clock))
	}
	for _, r := range recent {
		v.Recent = append(v.Recent, templates.DeskResult{GameID: r.GameID, LeagueName: r.LeagueName, Number: r.Number,
			When: clock.show(r.FinishedAt, r.TimeZone, dateLayout), Winners: strings.Join(r.Winners, ", ")})
	}
	// A new slice: the cached queue is shared and must not grow in place.
	if v.Table, err = h.tableDesk(c, user, slices.Concat(queue, tables), next, mine, clock); err != nil {
		return err
	}
	if own.feedToken != "" {
		v.FeedURL = h.feedURL(own.feedToken)
		showsSecret(c)
	}
	return h.render(c, http.StatusOK, templates.Desk(h.page(c, "Your desk").In(clock.named()), v))
}

// deskClock is the desk's clock: the zones of the leagues of every game it lists (a normal
// game's is UTC), so a desk across leagues in several zones gives each time its zone.
func deskClock(own deskShared, mine []store.Proposal) pageClock {
	var zones []string
	for _, gs := range [][]store.QueuedGame{own.queue, own.tables, own.next} {
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
	waiting             []store.League
	recent              []store.RecentResult
	// mine are the proposals of the games the viewer sits at.
	mine      []store.Proposal
	feedToken string
}

// readDesk reads user id's desk from the database.
func (h *Handler) readDesk(ctx context.Context, id int64) (deskShared, error) {
	var (
		d   deskShared
		err error
	)
	if d.queue, err = h.store.Queue(ctx, id); err != nil {
		return d, err
	}
	if d.tables, err = h.store.ReadyTables(ctx, id); err != nil {
		return d, err
	}
	if d.next, err = h.store.NextGames(ctx, id, deskListLength); err != nil {
		return d, err
	}
	if d.waiting, err = h.store.WaitingLeagues(ctx, id); err != nil {
		return d, err
	}
	if d.recent, err = h.store.RecentResults(ctx, id, deskListLength); err != nil {
		return d, err
	}
	if d.mine, err = h.store.SeatedProposals(ctx, id); err != nil {
		return d, err
	}
	if len(d.next) > 0 {
		d.feedToken, err = h.store.CalendarFeedToken(ctx, id, false)
	}
	return d, err
}

// deskGame is a queued game as the desk shows it, its date in its league's zone.
func deskGame(g store.QueuedGame, clock pageClock) templates.DeskGame {
	d := templates.DeskGame{ID: g.GameID, LeagueID: g.LeagueID, LeagueName: g.LeagueName, Number: g.Number,
		Round: g.Round, Place: cmp.Or(g.Place, g.Venue), Seats: g.Seats, GameLabel: gameLabel(g.Game, g.Version)}
	if g.StartsAt != nil {
		d.When = clock.show(*g.StartsAt, g.TimeZone, gameDateFormat)
	}
	if g.Position > 0 && g.Position <= len(g.Seats) {
		d.SeatName = seatNames(g.Game, len(g.Seats))[g.Position-1]
	}
	return d
}

// apiQueuedGame is one game of GET /api/v1/me/queue (CONTRACT section 7).
type apiQueuedGame struct {
	GameID   int64      `json:"game_id"`
	LeagueID int64      `json:"league_id"`
	Number   int        `json:"number"`
	Round    int        `json:"round"`
	StartsAt *time.Time `json:"starts_at"`
	Seats    []string   `json:"seats"`
	// League and Place are additions: the league's name and where the game is played.
	League string `json:"league"`
	Place  string `json:"place"`
	// Proposal is the players' proposal standing for the game, disputed or waiting for
	// confirmations (CONTRACT section 8); null when none.
	Proposal *apiProposalView `json:"proposal"`
}

// apiQueue returns the unrecorded games of the leagues the caller organises or
// co-organises, oldest scheduled first (undated games last): GET /api/v1/me/queue.
func (h *Handler) apiQueue(c echo.Context) error {
	user, _ := currentUser(c) // requireAPIUser guarantees it
	queue, err := h.store.Queue(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	ids := make([]int64, len(queue))
	for i, g := range queue {
		ids[i] = g.GameID
	}
	proposals, err := h.store.Proposals(c.Request().Context(), ids)
	if err != nil {
		return err
	}
	out := make([]apiQueuedGame, len(queue))
	for i, g := range queue {
		out[i] = apiQueuedGame{GameID: g.GameID, LeagueID: g.LeagueID, Number: g.Number, Round: g.Round,
			StartsAt: g.StartsAt, Seats: g.Seats, League: g.LeagueName, Place: cmp.Or(g.Place, g.Venue)}
		if p, ok := proposals[g.GameID]; ok {
			view := apiProposalOf(p)
			out[i].Proposal = &view
		}
	}
	return c.JSON(http.StatusOK, out)
}

// renewCalendarFeed gives the viewer a new secret feed address (POST /me/calendar/renew).
func (h *Handler) renewCalendarFeed(c echo.Context) error {
	user, _ := currentUser(c) // requireLogin guarantees it
	if _, err := h.store.CalendarFeedToken(c.Request().Context(), user.ID, true); err != nil {
		return err
	}
	h.flash(c, "Your calendar has a new secret address; the old one no longer works.")
	return c.Redirect(http.StatusSeeOther, "/#next")
}
