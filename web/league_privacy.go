package web

import (
	"bytes"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// Private leagues (league-operations issue): a private league is in no public list, its
// pages and API answers are 404 for anyone but its organiser, co-organisers and members
// (present and past), and joining takes the invite link /leagues/{id}/invite/{token}, whose
// token the organiser renews to kill the old link.

// hiddenLeagues answers 404 for every page and API answer of a private league (and its
// games) to anyone who may not see it, as if it did not exist. The invite page and the joins
// decide for themselves: they take the invite token.
func (h *Handler) hiddenLeagues(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		route := c.Path()
		gameRoute := false
		switch {
		case route == "/leagues/:id/invite/:token", route == "/leagues/:id/join", route == "/api/v1/leagues/:id/join":
			return next(c)
		case strings.HasPrefix(route, "/leagues/:id"), strings.HasPrefix(route, "/api/v1/leagues/:id"):
		case strings.HasPrefix(route, "/games/:id"), strings.HasPrefix(route, "/api/v1/games/:id"):
			gameRoute = true
		default:
			return next(c)
		}
		id, err := pathID(c)
		if err != nil {
			return next(c) // the handler answers a malformed id
		}
		ctx := c.Request().Context()
		leagueID := id
		if gameRoute {
			if leagueID, err = h.gameLeagueID(ctx, id); err != nil {
				return err
			}
			if leagueID == 0 {
				return next(c) // a normal game, or none
			}
		}
		var viewerID int64
		if u, ok := currentUser(c); ok {
			viewerID = u.ID
		}
		visible, err := h.leagueVisible(ctx, leagueID, viewerID)
		if err != nil {
			return err
		}
		if !visible {
			return errNoSuchPage
		}
		return next(c)
	}
}

// inviteURL is the absolute address of a private league's invite link, from the configured
// base URL: never from the request's Host or X-Forwarded-Proto, which a client chooses.
func (h *Handler) inviteURL(leagueID int64, token string) string {
	return h.config.baseURL() + "/leagues/" + strconv.FormatInt(leagueID, 10) + "/invite/" + token
}

// invitePage is a private league's invite link (GET /leagues/{id}/invite/{token}): the
// league page with the join button (or the log-in link) carrying the token. A member goes
// straight to the league's page; a wrong or renewed (old) token is a 404 like a league that
// does not exist (a 403 saying the link is old to a former member); a public league's link
// leads to its page.
func (h *Handler) invitePage(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	token := c.Param("token")
	ok, err := h.store.ValidInvite(ctx, id, token)
	if err != nil {
		return err
	}
	if !ok {
		l, err := h.store.League(ctx, id)
		if err != nil {
			return err
		}
		if !l.Private {
			return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10))
		}
		// A wrong token is answered exactly as a league that does not exist, so that
		// guessing at links tells nothing; those who see the league anyway learn it is old.
		var viewerID int64
		if u, ok := currentUser(c); ok {
			viewerID = u.ID
		}
		visible, err := h.store.LeagueVisible(ctx, id, viewerID)
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
	showsSecret(c)
	return h.render(c, http.StatusOK, templates.League(h.page(c, v.League.Name), v))
}

// setPrivacy is the manage page's privacy form (POST /leagues/{id}/privacy, field
// private=yes or no).
func (h *Handler) setPrivacy(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	private := c.FormValue("private")
	if private != "yes" && private != "no" {
		return h.afterManageAction(c, id, &store.Invalid{Reason: "private: must be yes or no"})
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	_, err = h.leagues.SetPrivate(c.Request().Context(), id, user.ID, private == "yes")
	return h.afterManageAction(c, id, err)
}

// renewInvite is the manage page's "new invite link" button (POST /leagues/{id}/invite/renew).
func (h *Handler) renewInvite(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	_, err = h.leagues.RenewInvite(c.Request().Context(), id, user.ID)
	return h.afterManageAction(c, id, err)
}

// apiInviteAnswer is a private league's invite link in the API.
type apiInviteAnswer struct {
	Private bool `json:"private"`
	// URL is the invite link; Token its secret, for POST /api/v1/leagues/{id}/join {"invite"}.
	URL   string `json:"invite_url,omitempty"`
	Token string `json:"invite_token,omitempty"`
}

// inviteAnswer answers 200 with the league's invite link ("private": false and no link for a
// public league).
func (h *Handler) inviteAnswer(c echo.Context, id int64, token string) error {
	if token == "" {
		return c.JSON(http.StatusOK, apiInviteAnswer{})
	}
	return c.JSON(http.StatusOK, apiInviteAnswer{Private: true, URL: h.inviteURL(id, token), Token: token})
}

// apiSetPrivacy makes a league private or public: PUT /api/v1/leagues/{id}/privacy
// {"private": true|false} → 200 {"private","invite_url","invite_token"}. Organiser only.
func (h *Handler) apiSetPrivacy(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var body struct {
		Private *bool `json:"private"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	if body.Private == nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "private: required (true or false)")
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	token, err := h.leagues.SetPrivate(c.Request().Context(), id, user.ID, *body.Private)
	if err != nil {
		return err
	}
	return h.inviteAnswer(c, id, token)
}

// apiInvite returns the league's invite link: GET /api/v1/leagues/{id}/invite → 200
// {"private","invite_url","invite_token"}. Organiser and co-organisers.
func (h *Handler) apiInvite(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	token, err := h.store.InviteToken(c.Request().Context(), id, user.ID)
	if err != nil {
		return err
	}
	return h.inviteAnswer(c, id, token)
}

// apiRenewInvite gives a private league a new invite link, killing the old one:
// POST /api/v1/leagues/{id}/invite/renew → 200 {"private","invite_url","invite_token"}.
// Organiser only; a public league is a 409.
func (h *Handler) apiRenewInvite(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	token, err := h.leagues.RenewInvite(c.Request().Context(), id, user.ID)
	if err != nil {
		return err
	}
	return h.inviteAnswer(c, id, token)
}

// joinInvite reads the optional {"invite": "..."} body of POST /api/v1/leagues/{id}/join;
// no body (or an empty one) is no invite.
func joinInvite(c echo.Context) (string, error) {
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return "", echo.NewHTTPError(http.StatusRequestEntityTooLarge, "body: too large")
		}
		return "", err
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return "", nil
	}
	c.Request().Body = io.NopCloser(bytes.NewReader(raw))
	var body struct {
		Invite *string `json:"invite"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return "", err
	}
	if body.Invite == nil {
		return "", nil
	}
	return *body.Invite, nil
}

// privacyView adds the privacy section to the manage page: whether the league is private
// and, for its organisers, the invite link.
func (h *Handler) privacyView(c echo.Context, l store.League, v *templates.ManageView) error {
	v.Private = l.Private
	if !l.Private {
		return nil
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	token, err := h.store.InviteToken(c.Request().Context(), l.ID, user.ID)
	if err != nil {
		return err
	}
	v.InviteURL = h.inviteURL(l.ID, token)
	return nil
}

// hiddenLeaguesOf are the private leagues among ids that the viewer may not see, so a
// page listing games or ledger lines of several leagues leaves each out by its own league.
func (h *Handler) hiddenLeaguesOf(c echo.Context, ids []int64) (map[int64]bool, error) {
	var viewerID int64
	if u, ok := currentUser(c); ok {
		viewerID = u.ID
	}
	return h.store.HiddenLeagues(c.Request().Context(), viewerID, ids)
}
