package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// gamePage shows one game of a league: its players in seat order (by side for team games)
// and its status.
func (h *Handler) gamePage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	v, err := h.gameView(c, id)
	if err != nil {
		return err
	}
	title := v.League.GameName + " game " + strconv.Itoa(v.Number)
	return h.render(c, http.StatusOK, templates.Game(h.page(c, title), v))
}

// gameView gathers what the game page shows.
func (h *Handler) gameView(c echo.Context, id int64) (templates.GameView, error) {
	ctx := c.Request().Context()
	g, err := h.store.Game(ctx, id)
	if err != nil {
		return templates.GameView{}, err
	}
	l, err := h.store.League(ctx, g.LeagueID)
	if err != nil {
		return templates.GameView{}, err
	}
	viewer, signedIn := currentUser(c)
	game, gameErr := league.GameBySlug(l.Game)
	v := templates.GameView{
		ID: g.ID, Number: g.Number, Round: g.Round, Status: g.Status, League: summarise(l),
		Seats: seatViews(game, g.Seats, viewer, signedIn),
	}
	if gameErr == nil {
		v.Sides = sideViews(game, v.Seats)
		v.RulesNote = game.RulesNote
	}
	// The result section: scored lines, rating ledger, audit trail (web/result.go). The
	// organiser and co-organisers record, while the league takes results.
	canRecord := false
	if signedIn && (l.Status == store.LeagueRunning || l.Status == store.LeagueFinished) {
		role, err := h.store.LeagueRole(ctx, l.ID, viewer.ID)
		if err != nil {
			return templates.GameView{}, err
		}
		canRecord = role >= store.RoleCoOrganiser
	}
	r, err := h.resultView(c, g.ID, canRecord, g.Status)
	if err != nil {
		return templates.GameView{}, err
	}
	v.Result = &r
	return v, nil
}
