package pages

import (
	"cmp"
	"errors"
	"net/http"
	"strconv"
	"strings"
	_ "time/tzdata"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// editLeague is the manage page's edit form (POST /leagues/{id}/edit): name, description,
// venue and time zone. A bad field shows the page again with the message under it.
func (h *Handler) editLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := h.Store.League(ctx, id)
	if err != nil {
		return err
	}
	form := templates.EditForm{Name: c.FormValue("name"), Description: c.FormValue("description"),
		Venue: c.FormValue("venue"), TimeZone: c.FormValue("time_zone"), Edition: c.FormValue("edition")}
	in := league.EditInput{Name: &form.Name, Description: &form.Description, Venue: &form.Venue, TimeZone: &form.TimeZone}
	params, err := c.FormParams()
	if err != nil {
		return err
	}
	if params.Has("edition") {
		in.Edition = &form.Edition
	} else {
		form.Edition = l.Edition // a form without the field leaves the edition as it is
	}
	e, errs := league.CheckEdit(l.Settings(), in)
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	if len(errs) == 0 {
		err = h.Leagues.Edit(ctx, id, user.ID, store.LeagueEdit(e))
		if err == nil {
			h.Flash(c, locales.T(ctx, "manage.saved_details"))
			return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage")
		}
		var forbidden *store.Forbidden
		if errors.As(err, &forbidden) || !isRefusal(err) {
			return err
		}
		errs["name"] = err.Error()
	}
	v, verr := h.manageView(c, id)
	if verr != nil {
		return verr
	}
	form.Errors = errs
	v.Edit = form
	v.TimeZones = httpx.TimeZones(form.TimeZone)
	v.Failed, v.FailedForm = notSaved(c), "edit"
	return h.Render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.manageTitle(c, v), v))
}

// setActivityRule is the manage page's activity rule form (POST /leagues/{id}/activity:
// min_recent_games, recent_days), the page twin of PATCH /api/v1/leagues/{id}; the rule
// changes only while the league is open. A bad field shows the page again with the message
// under it and, at the top, that nothing was saved.
func (h *Handler) setActivityRule(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := h.Store.League(ctx, id)
	if err != nil {
		return err
	}
	form := templates.ActivityForm{MinRecentGames: strings.TrimSpace(c.FormValue("min_recent_games")),
		RecentDays: strings.TrimSpace(c.FormValue("recent_days")), Errors: templates.FieldErrors{}}
	games := formInt(form.MinRecentGames, "min_recent_games", l.MinRecentGames, form.Errors)
	days := formInt(form.RecentDays, "recent_days", l.RecentDays, form.Errors)
	e, errs := league.CheckEdit(l.Settings(), league.EditInput{MinRecentGames: &games, RecentDays: &days})
	for k, msg := range errs {
		if form.Errors[k] == "" {
			form.Errors[k] = msg
		}
	}
	if len(form.Errors) == 0 {
		user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
		err := h.Leagues.Edit(ctx, id, user.ID, store.LeagueEdit(e))
		if err == nil {
			if games == 0 {
				h.Flash(c, locales.T(ctx, "manage.saved_anyone"))
			} else {
				h.Flash(c, locales.N(ctx, "manage.saved_activity", games, map[string]any{"Days": locales.From(ctx).Int(days)}))
			}
			return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage")
		}
		var forbidden *store.Forbidden
		if errors.As(err, &forbidden) || !isRefusal(err) {
			return err
		}
		field, msg := splitField(refusalMessage(err))
		form.Errors[cmp.Or(field, "min_recent_games")] = msg
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	v.Activity = form
	v.Failed, v.FailedForm = notSaved(c), "activity"
	return h.Render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.manageTitle(c, v), v))
}

// setLeagueSize is the manage page's size form (POST /leagues/{id}/size: players,
// games_per_player), the page twin of PATCH /api/v1/leagues/{id} and checked by the same
// httpx.ValidateEdit (CONTRACT section 10); the size changes only while the league is open.
// Games each left as shown keeps following the scheduler's default for the new size. A bad
// field shows the page again with the message beside it and, at the top, that nothing was
// saved.
func (h *Handler) setLeagueSize(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := h.Store.League(ctx, id)
	if err != nil {
		return err
	}
	form := templates.SizeForm{Players: strings.TrimSpace(c.FormValue("players")),
		GamesPerPlayer: strings.TrimSpace(c.FormValue("games_per_player")), Errors: templates.FieldErrors{}}
	in := league.EditInput{}
	players := formInt(form.Players, "players", l.Players, form.Errors)
	in.Players = &players
	shown := strconv.Itoa(l.Format().GamesEach())
	if form.GamesPerPlayer != "" && form.GamesPerPlayer != shown {
		games := formInt(form.GamesPerPlayer, "games_per_player", 0, form.Errors)
		in.GamesPerPlayer = &games
	}
	e, errs := league.CheckEdit(l.Settings(), in)
	for k, msg := range errs {
		if form.Errors[k] == "" {
			form.Errors[k] = msg
		}
	}
	if len(form.Errors) == 0 {
		user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
		err := h.Leagues.Edit(ctx, id, user.ID, store.LeagueEdit(e))
		if err == nil {
			h.Flash(c, locales.T(ctx, "manage.saved_size"))
			return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage")
		}
		var forbidden *store.Forbidden
		if errors.As(err, &forbidden) || !isRefusal(err) {
			return err
		}
		field, msg := splitField(refusalMessage(err))
		form.Errors[cmp.Or(field, "players")] = msg
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	v.Size = form
	v.Failed, v.FailedForm = notSaved(c), "size"
	return h.Render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.manageTitle(c, v), v))
}
