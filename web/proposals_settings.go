package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// resultsSetting is who enters results and the confirmation window as the API takes them
// (CONTRACT section 8): on a league's creation and edit, and on a normal game's creation.
type resultsSetting struct {
	ResultsBy    *string `json:"results_by"`
	ConfirmHours *int    `json:"confirm_hours"`
}

// values returns the setting given ("" and 0 where not given: the defaults, or no change)
// and adds a message per wrong field to errs.
func (r resultsSetting) values(errs templates.FieldErrors) (string, int) {
	var by string
	var hours int
	if r.ResultsBy != nil {
		if by = *r.ResultsBy; by == "" {
			errs["results_by"] = resultsByProblem
		}
	}
	if r.ConfirmHours != nil {
		if hours = *r.ConfirmHours; hours == 0 {
			errs["confirm_hours"] = confirmHoursProblem
		}
	}
	validateResultsSetting(by, hours, errs)
	return by, hours
}

// Messages of a wrong results setting.
const (
	resultsByProblem    = `must be "organisers" (only the organisers enter results) or "players" (players report, the table confirms)`
	confirmHoursProblem = "must be a whole number of hours from 1 to 336 (two weeks)"
)

// validateResultsSetting adds a message per wrong field of a results setting to errs; ""
// and 0 stand for the defaults.
func validateResultsSetting(resultsBy string, hours int, errs templates.FieldErrors) {
	if resultsBy != "" && resultsBy != store.ResultsByOrganisers && resultsBy != store.ResultsByPlayers {
		errs["results_by"] = resultsByProblem
	}
	if hours != 0 && (hours < 1 || hours > store.MaxConfirmHours) {
		errs["confirm_hours"] = confirmHoursProblem
	}
}

// resultsSettingView is a results setting as its form shows it.
func resultsSettingView(resultsBy string, hours int) templates.ResultsSetting {
	return templates.ResultsSetting{ResultsBy: resultsBy, ConfirmHours: strconv.Itoa(hours), Errors: templates.FieldErrors{}}
}

// resultsSettingForm reads a form's results setting (an empty window is the default) and
// adds a message per wrong field to errs; the view holds what was typed.
func resultsSettingForm(c echo.Context, errs templates.FieldErrors) (string, int, templates.ResultsSetting) {
	v := templates.ResultsSetting{ResultsBy: c.FormValue("results_by"), ConfirmHours: strings.TrimSpace(c.FormValue("confirm_hours")),
		Errors: errs}
	hours := formInt(v.ConfirmHours, "confirm_hours", store.DefaultConfirmHours, errs)
	if _, bad := errs["confirm_hours"]; !bad && hours == 0 {
		errs["confirm_hours"] = confirmHoursProblem
	}
	validateResultsSetting(v.ResultsBy, hours, errs)
	return v.ResultsBy, hours, v
}

// setResultsSetting is the manage page's results form (POST /leagues/{id}/results-setting):
// the organiser chooses who enters results and the confirmation window.
func (h *Handler) setResultsSetting(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	by, hours, form := resultsSettingForm(c, errs)
	if by == "" {
		errs["results_by"] = resultsByProblem
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	if len(errs) == 0 {
		err := h.leagues.Edit(c.Request().Context(), id, user.ID, store.LeagueEdit{ResultsBy: &by, ConfirmHours: &hours})
		if err != nil {
			return err
		}
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage#results-setting")
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	v.Results = form
	return h.render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.page(c, "Manage "+v.League.Name), v))
}
