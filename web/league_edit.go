package web

import (
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"
	// Time zones come with the binary, so a machine without tzdata still knows them.
	_ "time/tzdata"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// League text limits beyond the creation's, matching migration 00008's CHECKs.
const (
	leagueDescriptionMax = 2000
	leagueVenueMax       = 200
)

// editFields are the edit's fields in the order they are reported.
var editFields = []string{"name", "description", "venue", "time_zone", "game", "version", "edition", "players_per_game", "face_to_face",
	"results_by", "confirm_hours"}

// leagueEditInput is an edit as the API and the form send it; absent fields stay as they are.
type leagueEditInput struct {
	Name           *string `json:"name"`
	Description    *string `json:"description"`
	Venue          *string `json:"venue"`
	TimeZone       *string `json:"time_zone"`
	Game           *string `json:"game"`
	PlayersPerGame *int    `json:"players_per_game"`
	FaceToFace     *bool   `json:"face_to_face"`
	Version        *string `json:"version"`
	Edition        *string `json:"edition"`
	resultsSetting
}

// validateEdit normalises an edit of league l (trimmed text) and returns it with one
// message per wrong field. Players per game is checked against the game the league will
// play after the edit.
func validateEdit(l store.League, in leagueEditInput) (store.LeagueEdit, templates.FieldErrors) {
	errs := templates.FieldErrors{}
	// A description may have several lines; the other texts are one line.
	lineBreaks := strings.NewReplacer("\r\n", " ", "\n", " ")
	text := func(field string, v *string, maxLen int, required bool) *string {
		if v == nil {
			return nil
		}
		s := strings.TrimSpace(*v)
		checked := s
		if field == "description" {
			checked = lineBreaks.Replace(s)
		}
		if msg := textProblem(checked, maxLen, required); msg != "" {
			errs[field] = msg
		}
		return &s
	}
	e := store.LeagueEdit{
		Name:        text("name", in.Name, leagueNameMax, true),
		Description: text("description", in.Description, leagueDescriptionMax, false),
		Venue:       text("venue", in.Venue, leagueVenueMax, false),
		Edition:     text("edition", in.Edition, leagueEditionMax, false),
		FaceToFace:  in.FaceToFace,
	}
	if in.ResultsBy != nil || in.ConfirmHours != nil {
		by, hours := in.resultsSetting.values(errs)
		if in.ResultsBy != nil {
			e.ResultsBy = &by
		}
		if in.ConfirmHours != nil {
			e.ConfirmHours = &hours
		}
	}
	if in.TimeZone != nil {
		tz := strings.TrimSpace(*in.TimeZone)
		if _, err := time.LoadLocation(tz); err != nil || tz == "" || tz == "Local" {
			errs["time_zone"] = "not a time zone name; use one like Europe/Paris or America/New_York"
		}
		e.TimeZone = &tz
	}
	slug := l.Game
	if in.Game != nil {
		slug = *in.Game
		e.Game = in.Game
	}
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		errs["game"] = fieldProblem(err)
	}
	// The version: the one given, else the new game's default when the game changes, else
	// the league's (CONTRACT section 9).
	version := l.Version
	switch {
	case in.Version != nil:
		version = strings.TrimSpace(*in.Version)
	case in.Game != nil:
		version = ""
	}
	var v scoring.Version
	if err == nil {
		if v, err = game.Version(version); err != nil {
			errs["version"] = fieldProblem(err)
		} else if in.Version != nil || in.Game != nil {
			e.Version = &v.Slug
		}
	}
	if in.PlayersPerGame != nil || in.Version != nil || (in.Game != nil && err == nil) {
		size := l.PlayersPerGame
		if in.PlayersPerGame != nil {
			size = *in.PlayersPerGame
			e.PlayersPerGame = in.PlayersPerGame
		}
		switch {
		case size < 2 || size > store.LeagueSize:
			errs["players_per_game"] = "must be between 2 and 8"
		case err == nil:
			if perr := v.AcceptsPlayers(game, size); perr != nil {
				errs["players_per_game"] = fieldProblem(perr)
			}
		}
	}
	return e, errs
}

// firstEditError renders the first failing field as "field: message", for the API.
func firstEditError(errs templates.FieldErrors) string {
	for _, f := range editFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}

// editLeague is the manage page's edit form (POST /leagues/{id}/edit): name, description,
// venue and time zone. A bad field shows the page again with the message under it.
func (h *Handler) editLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	l, err := h.store.League(ctx, id)
	if err != nil {
		return err
	}
	form := templates.EditForm{Name: c.FormValue("name"), Description: c.FormValue("description"),
		Venue: c.FormValue("venue"), TimeZone: c.FormValue("time_zone"), Edition: c.FormValue("edition")}
	in := leagueEditInput{Name: &form.Name, Description: &form.Description, Venue: &form.Venue, TimeZone: &form.TimeZone}
	params, err := c.FormParams()
	if err != nil {
		return err
	}
	if params.Has("edition") {
		in.Edition = &form.Edition
	} else {
		form.Edition = l.Edition // a form without the field leaves the edition as it is
	}
	e, errs := validateEdit(l, in)
	user, _ := currentUser(c) // requireLogin guarantees it
	if len(errs) == 0 {
		err = h.leagues.Edit(ctx, id, user.ID, e)
		if err == nil {
			h.flash(c, "Saved the league's details.")
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
	return h.render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.page(c, "Manage "+v.League.Name), v))
}

// apiEditLeague edits a league: PATCH /api/v1/leagues/{id} with any of "name",
// "description", "venue", "time_zone", "game", "version", "edition", "players_per_game",
// "face_to_face" → 200 with the league. Organiser only; the game, its version, its size and
// face_to_face only while open. A new game without a version plays its default one.
func (h *Handler) apiEditLeague(c echo.Context) error {
	l, err := h.pathLeague(c)
	if err != nil {
		return err
	}
	var in leagueEditInput
	if err := decodeJSON(c, &in); err != nil {
		return err
	}
	e, errs := validateEdit(l, in)
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstEditError(errs))
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.leagues.Edit(c.Request().Context(), l.ID, user.ID, e); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, l.ID)
}
