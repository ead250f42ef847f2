package pages

import (
	"context"
	"errors"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// gamePage shows one game, of a league or a normal game: its players in seat order (by
// side for team games) and its status.
func (h *Handler) gamePage(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	v, err := h.gameView(c, id)
	if err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, templates.Game(h.Page(c, gameTitle(c, v)), v))
}

// gameTitle is a game page's title, in the request's language.
func gameTitle(c echo.Context, v templates.GameView) string {
	return templates.GameTitleIn(locales.From(c.Request().Context()), v)
}

// gameView gathers what the game page shows.
func (h *Handler) gameView(c echo.Context, id int64) (templates.GameView, error) {
	ctx := c.Request().Context()
	g, err := httpx.KeyedPart(h.Cache, httpx.PartKey("game", id), func() (store.Game, []store.CacheKey, error) {
		g, err := h.Store.Game(ctx, id)
		return g, []store.CacheKey{store.GamePageKey(g.LeagueID, id)}, err
	})
	if err != nil {
		return templates.GameView{}, err
	}
	viewer, signedIn := httpx.CurrentUser(c)
	game, gameErr := scoring.GameBySlug(g.Game)
	v := templates.GameView{
		ID: g.ID, Number: g.Number, Round: g.Round, Status: g.Status,
		Seats: seatViews(game, g.Seats, viewer, signedIn),
	}
	var l store.League
	if g.LeagueID == 0 {
		normalGameView(&v, g, game, signedIn)
		if signedIn && g.Game == "arcs" {
			if err := h.companionLink(ctx, &v, viewer.ID); err != nil {
				return templates.GameView{}, err
			}
		}
	} else {
		shared, err := h.leagueShared(ctx, g.LeagueID)
		if err != nil {
			return templates.GameView{}, err
		}
		l = shared.league
		v.League = summarise(l)
	}
	// When and where: in the league's zone, named once on the page (a normal game has no
	// league: each of its times says UTC); an empty place is the league's venue.
	clock := pageClock{}
	if g.LeagueID != 0 {
		clock = clockFor(l.TimeZone)
	}
	if g.StartsAt != nil {
		v.When = clock.show(*g.StartsAt, l.TimeZone, gameDateFormat)
	}
	v.Place = g.Place
	if v.Place == "" && g.LeagueID != 0 {
		v.Place = l.Venue
	}
	if gameErr == nil {
		v.Sides = sideViews(game, v.Seats)
		v.RulesNote = game.RulesNote
		v.Version = versionView(game, g.Version, g.Edition)
	}
	// The result section: scored lines, rating ledger, audit trail (web/pages/result.go).
	// Who may record or correct, and propose, is league's to say (service.MayWrite,
	// service.MayProposeNow): asked only for a viewer signed in, who may be one of them.
	var rg *store.ResultGame
	canRecord := false
	if signedIn {
		read, err := h.Store.ResultGame(ctx, g.ID)
		if err != nil {
			return templates.GameView{}, err
		}
		rg = &read
		canRecord = service.MayWrite(read, viewer.ID)
	}
	// The section is the same for every viewer but for the record and correct buttons. Its
	// rating ledger changes when a correction replays the ladder, in whatever league.
	keys := []store.CacheKey{store.GamePageKey(g.LeagueID, g.ID), store.LadderHistoryKey(g.Game)}
	r, err := httpx.Part(h.Cache, httpx.PartKey("result", g.ID), func() (templates.ResultView, error) {
		return h.resultView(c, g, false, clock, l.TimeZone)
	}, keys...)
	if err != nil {
		return templates.GameView{}, err
	}
	r.CanRecord = canRecord
	r.Normal = v.Normal
	r.PlayersReport = g.ResultsBy == store.ResultsByPlayers
	v.Result = &r
	// Rendered once for those who record and once for those who do not.
	key := httpx.PartKey("result section", g.ID) + "\x00" + strconv.FormatBool(canRecord)
	if v.ResultPart, err = httpx.RenderedPart(ctx, h.Cache, key, templates.ResultSection(r), keys...); err != nil {
		return templates.GameView{}, err
	}
	if v.Table, err = h.tableView(ctx, g, rg, viewer, canRecord, clock); err != nil {
		return templates.GameView{}, err
	}
	if gameErr == nil {
		if v.Forecast, err = h.forecastView(ctx, g); err != nil {
			return templates.GameView{}, err
		}
	}
	if v.When != "" || r.Recorded || (v.Table != nil && v.Table.Proposal != nil && v.Table.Proposal.ClosesAt != "") {
		v.TimeZone = clock.named()
	}
	return v, nil
}

// normalGameView fills in what the page shows of a normal game: its organiser, its free
// seats and whether the viewer may take the next one.
func normalGameView(v *templates.GameView, g store.Game, game scoring.Game, signedIn bool) {
	v.Normal, v.GameName, v.Organiser, v.SeatCount = true, gameName(g.Game), g.Organiser, g.SeatCount
	names := game.SeatNames(g.SeatCount)
	if len(g.Seats) < len(names) {
		v.FreeSeats = names[len(g.Seats):]
	}
	seated := false
	for _, s := range v.Seats {
		seated = seated || s.IsViewer
	}
	v.CanJoin = signedIn && !seated && g.Status == store.GameOpen && len(v.FreeSeats) > 0
}

// companionLink links a rated solo Arcs game to the SUPERCAT companion game it was played
// with, for the player who played it (a companion game is private).
func (h *Handler) companionLink(ctx context.Context, v *templates.GameView, viewerID int64) error {
	id, err := h.Store.SupercatGameOfRated(ctx, v.ID, viewerID)
	switch {
	case errors.Is(err, store.ErrNotFound):
		return nil
	case err != nil:
		return err
	}
	v.CompanionURL = templates.SupercatGameRow{ID: id}.URL()
	return nil
}

// versionView is the version with slug of game, and the edition note, as pages show them.
func versionView(game scoring.Game, slug, edition string) templates.VersionView {
	v := templates.VersionView{Slug: slug, Edition: edition}
	ver, err := game.Version(slug)
	if err != nil {
		v.Name = slug
		return v
	}
	v.Slug, v.Note, v.Die, v.MarkerValues = ver.Slug, ver.Note, ver.Die, ver.MarkerValues
	if len(game.Versions()) > 1 {
		v.Name = ver.Name
	}
	return v
}
