package pages

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

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
		errs["confirm_hours"] = league.ConfirmHoursProblem
	}
	league.CheckResultsSetting(v.ResultsBy, hours, errs)
	return v.ResultsBy, hours, v
}

// setResultsSetting is the manage page's results form (POST /leagues/{id}/results-setting):
// the organiser chooses who enters results and the confirmation window.
func (h *Handler) setResultsSetting(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	by, hours, form := resultsSettingForm(c, errs)
	if by == "" {
		errs["results_by"] = league.ResultsByProblem
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	if len(errs) == 0 {
		err := h.Leagues.Edit(c.Request().Context(), id, user.ID, store.LeagueEdit{ResultsBy: &by, ConfirmHours: &hours})
		if err != nil {
			return err
		}
		if by == store.ResultsByPlayers {
			h.Flash(c, locales.N(c.Request().Context(), "manage.saved_players_report", hours))
		} else {
			h.Flash(c, locales.T(c.Request().Context(), "manage.saved_organisers"))
		}
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage")
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	v.Results = form
	v.Failed, v.FailedForm = notSaved(c), "results-setting"
	return h.Render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.manageTitle(c, v), v))
}
