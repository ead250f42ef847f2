package pages

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// invitePage is a private league's invite link (GET /leagues/{id}/invite/{token}): the
// league page with the join button (or the log-in link) carrying the token. A member goes
// straight to the league's page; a wrong or renewed (old) token is a 404 like a league that
// does not exist (a 403 saying the link is old to a former member); a public league's link
// leads to its page.
func (h *Handler) invitePage(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	token := c.Param("token")
	ok, err := h.Leagues.ValidInvite(ctx, id, token)
	if err != nil {
		return err
	}
	if !ok {
		l, err := h.Store.League(ctx, id)
		if err != nil {
			return err
		}
		if !l.Private {
			return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10))
		}
		// A wrong token is answered exactly as a league that does not exist, so that
		// guessing at links tells nothing; those who see the league anyway learn it is old.
		var viewerID int64
		if u, ok := httpx.CurrentUser(c); ok {
			viewerID = u.ID
		}
		visible, err := h.Store.LeagueVisible(ctx, id, viewerID)
		if err != nil {
			return err
		}
		if !visible {
			return store.ErrNotFound
		}
		return store.ErrInviteInvalid
	}
	v, err := h.leagueView(c, id)
	if err != nil {
		return err
	}
	if v.Join.IsMember {
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10))
	}
	v.Join.Invite = token
	v.Join.InviteURL = "/leagues/" + strconv.FormatInt(id, 10) + "/invite/" + token
	httpx.ShowsSecret(c)
	return h.Render(c, http.StatusOK, templates.League(h.Page(c, v.League.Name), v))
}

// setPrivacy is the manage page's privacy form (POST /leagues/{id}/privacy, field
// private=yes or no).
func (h *Handler) setPrivacy(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	private := c.FormValue("private")
	if private != "yes" && private != "no" {
		return h.afterManageAction(c, id, &store.Invalid{Reason: "private: must be yes or no"})
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	_, err = h.Leagues.SetPrivate(c.Request().Context(), id, user.ID, private == "yes")
	return h.afterManageAction(c, id, err)
}

// renewInvite is the manage page's "new invite link" button (POST /leagues/{id}/invite/renew).
func (h *Handler) renewInvite(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	_, err = h.Leagues.RenewInvite(c.Request().Context(), id, user.ID)
	return h.afterManageAction(c, id, err)
}

// privacyView adds the privacy section to the manage page: whether the league is private
// and, for its organisers, the invite link.
func (h *Handler) privacyView(c echo.Context, l store.League, v *templates.ManageView) error {
	v.Private = l.Private
	if !l.Private {
		return nil
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	token, err := h.Leagues.InviteToken(c.Request().Context(), l.ID, user.ID)
	if err != nil {
		return err
	}
	v.InviteURL = h.InviteURL(l.ID, token)
	return nil
}

// hiddenLeaguesOf are the private leagues among ids that the viewer may not see, so a
// page listing games or ledger lines of several leagues leaves each out by its own league.
func (h *Handler) hiddenLeaguesOf(c echo.Context, ids []int64) (map[int64]bool, error) {
	var viewerID int64
	if u, ok := httpx.CurrentUser(c); ok {
		viewerID = u.ID
	}
	return h.Store.HiddenLeagues(c.Request().Context(), viewerID, ids)
}
