package web

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// leaveLeague takes the viewer out of an open league (POST /leagues/{id}/leave) and goes
// back to its page; a refusal shows the league page with the reason.
func (h *Handler) leaveLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	l, err := h.store.League(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if err := h.leagues.Leave(c.Request().Context(), id, user.ID); err != nil {
		return h.afterLeagueAction(c, id, err, "")
	}
	// A private league is hidden from those who left it: its page would be a 404.
	h.flash(c, "You left "+l.Name+".")
	if l.Private {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10))
}

// apiLeaveLeague takes the caller out of an open league: POST /api/v1/leagues/{id}/leave
// → 200 with the league; 409 once it runs (the answer points to the organiser).
func (h *Handler) apiLeaveLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.leagues.Leave(c.Request().Context(), id, user.ID); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// afterLeagueAction goes back to the league page after a member's action, or shows it with
// the refusal in the join section.
func (h *Handler) afterLeagueAction(c echo.Context, id int64, err error, anchor string) error {
	if err == nil {
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+anchor)
	}
	if !isRefusal(err) {
		return err
	}
	v, verr := h.leagueView(c, id)
	if verr != nil {
		return verr
	}
	v.Join.Error = sentence(refusalMessage(err))
	status, _ := classify(err)
	return h.render(c, status, templates.League(h.page(c, v.League.Name), v))
}

// removeMember is the manage page's remove button (POST /leagues/{id}/remove, field username).
func (h *Handler) removeMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	err = h.leagues.RemoveMember(c.Request().Context(), id, user.ID, c.FormValue("username"))
	return h.afterManageAction(c, id, err)
}

// apiRemoveMember is the organiser taking a member out of an open league:
// POST /api/v1/leagues/{id}/remove {"username"} → 200 with the league.
func (h *Handler) apiRemoveMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	username, err := usernameBody(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.leagues.RemoveMember(c.Request().Context(), id, user.ID, username); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// replaceMember is the manage page's replace form (POST /leagues/{id}/replace, fields from
// and to).
func (h *Handler) replaceMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	from, to := strings.TrimSpace(c.FormValue("from")), strings.TrimSpace(c.FormValue("to"))
	switch {
	case from == "":
		err = &store.Invalid{Reason: "from: choose the player who leaves"}
	case to == "":
		err = &store.Invalid{Reason: "to: required; the username of the substitute"}
	default:
		user, _ := currentUser(c) // requireLogin guarantees it
		_, err = h.leagues.Replace(c.Request().Context(), id, user.ID, from, to)
	}
	return h.afterManageAction(c, id, err)
}

// apiReplaceMember is the organiser replacing a member of a running league:
// POST /api/v1/leagues/{id}/replace {"from","to"} → 200 with the league. The substitute
// takes every unplayed seat of the member; played games keep their results.
func (h *Handler) apiReplaceMember(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var body struct {
		From string `json:"from"`
		To   string `json:"to"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	from, to := strings.TrimSpace(body.From), strings.TrimSpace(body.To)
	switch {
	case from == "":
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "from: required")
	case to == "":
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "to: required")
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if _, err := h.leagues.Replace(c.Request().Context(), id, user.ID, from, to); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// replacementNotes say who replaced whom, for the standings: "rp10 replaced rp2 after 3
// games played; rp2 keeps those games' points".
func replacementNotes(rs []store.Replacement) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = fmt.Sprintf("%s replaced %s after %d %s; %s keeps the points of the games played, %s plays the %d left.",
			r.To, r.From, r.Played, scoring.Plural(r.Played, "game", "games"), r.From, r.To, r.SeatsTaken)
	}
	return out
}

// usernameBody reads the {"username"} body of the member operations (remove, co-organisers)
// and returns the username trimmed; an empty one is refused naming the field.
func usernameBody(c echo.Context) (string, error) {
	var body struct {
		Username string `json:"username"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return "", err
	}
	username := strings.TrimSpace(body.Username)
	if username == "" {
		return "", echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	return username, nil
}
