package api

import (
	"bytes"
	"errors"
	"io"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

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
	return c.JSON(http.StatusOK, apiInviteAnswer{Private: true, URL: h.InviteURL(id, token), Token: token})
}

// apiSetPrivacy makes a league private or public: PUT /api/v1/leagues/{id}/privacy
// {"private": true|false} → 200 {"private","invite_url","invite_token"}. Organiser only.
func (h *Handler) apiSetPrivacy(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	var body struct {
		Private *bool `json:"private"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Private == nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "private: required (true or false)")
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	token, err := h.Leagues.SetPrivate(c.Request().Context(), id, user.ID, *body.Private)
	if err != nil {
		return err
	}
	return h.inviteAnswer(c, id, token)
}

// apiInvite returns the league's invite link: GET /api/v1/leagues/{id}/invite → 200
// {"private","invite_url","invite_token"}. Organiser and co-organisers.
func (h *Handler) apiInvite(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	token, err := h.Leagues.InviteToken(c.Request().Context(), id, user.ID)
	if err != nil {
		return err
	}
	return h.inviteAnswer(c, id, token)
}

// apiRenewInvite gives a private league a new invite link, killing the old one:
// POST /api/v1/leagues/{id}/invite/renew → 200 {"private","invite_url","invite_token"}.
// Organiser only; a public league is a 409.
func (h *Handler) apiRenewInvite(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	token, err := h.Leagues.RenewInvite(c.Request().Context(), id, user.ID)
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
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return "", err
	}
	if body.Invite == nil {
		return "", nil
	}
	return *body.Invite, nil
}
