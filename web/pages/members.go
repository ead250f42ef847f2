package pages

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// leaveLeague takes the viewer out of an open league (POST /leagues/{id}/leave) and goes
// back to its page; a refusal shows the league page with the reason.
func (h *Handler) leaveLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	l, err := h.Store.League(c.Request().Context(), id)
	if err != nil {
		return err
	}
	if err := h.Leagues.Leave(c.Request().Context(), id, user.ID); err != nil {
		return h.afterLeagueAction(c, id, err, "")
	}
	// A private league is hidden from those who left it: its page would be a 404.
	h.Flash(c, locales.T(c.Request().Context(), "members.left", map[string]any{"League": l.Name}))
	if l.Private {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10))
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
	v.Join.Error = httpx.Sentence(refusalMessage(err))
	status, _ := httpx.Classify(err)
	return h.Render(c, status, templates.League(h.Page(c, v.League.Name), v))
}

// removeMember is the manage page's remove button (POST /leagues/{id}/remove, field username).
func (h *Handler) removeMember(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	if !confirmed(c) {
		// A post without confirm=yes shows the question and removes nobody.
		v, err := h.manageView(c, id)
		if err != nil {
			return err
		}
		cv := templates.ConfirmView{Back: v.League.URL() + "/manage", Hidden: map[string]string{}}
		if err := h.removeQuestion(c, &cv, v, strings.TrimSpace(c.FormValue("username"))); err != nil {
			return err
		}
		return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	err = h.Leagues.RemoveMember(c.Request().Context(), id, user.ID, c.FormValue("username"))
	return h.afterManageAction(c, id, err)
}

// replaceMember is the manage page's replace form (POST /leagues/{id}/replace, fields from
// and to).
func (h *Handler) replaceMember(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	from, to := strings.TrimSpace(c.FormValue("from")), strings.TrimSpace(c.FormValue("to"))
	switch {
	case from == "":
		err = &store.Invalid{Reason: "from: " + locales.T(c.Request().Context(), "manage.choose_from")}
	case to == "":
		err = &store.Invalid{Reason: "to: " + locales.T(c.Request().Context(), "manage.to_required")}
	default:
		user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
		_, err = h.Leagues.Replace(c.Request().Context(), id, user.ID, from, to)
	}
	return h.afterManageAction(c, id, err)
}

// replacementNotes say in l who replaced whom, for the standings: "rp10 replaced rp2 after
// 3 games played; rp2 keeps those games' points".
func replacementNotes(l locales.Lang, rs []store.Replacement) []string {
	out := make([]string, len(rs))
	for i, r := range rs {
		out[i] = l.N("notes.replaced", r.Played, map[string]any{"To": r.To, "From": r.From, "Left": l.Int(r.SeatsTaken)})
	}
	return out
}
