package pages

import (
	"errors"
	"net/http"
	"strconv"
	_ "time/tzdata"

	"github.com/labstack/echo/v4"

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
	in := httpx.LeagueEditInput{Name: &form.Name, Description: &form.Description, Venue: &form.Venue, TimeZone: &form.TimeZone}
	params, err := c.FormParams()
	if err != nil {
		return err
	}
	if params.Has("edition") {
		in.Edition = &form.Edition
	} else {
		form.Edition = l.Edition // a form without the field leaves the edition as it is
	}
	e, errs := httpx.ValidateEdit(l, in)
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	if len(errs) == 0 {
		err = h.Leagues.Edit(ctx, id, user.ID, e)
		if err == nil {
			h.Flash(c, "Saved the league's details.")
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
	v.Failed, v.FailedForm = notSaved, "edit"
	return h.Render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.Page(c, "Manage "+v.League.Name), v))
}
