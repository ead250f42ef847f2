package httpx

import (
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"
)

// Private leagues (league-operations issue): a private league is in no public list, its
// pages and API answers are 404 for anyone but its organiser, co-organisers and members
// (present and past), and joining takes the invite link /leagues/{id}/invite/{token}, whose
// token the organiser renews to kill the old link.

// HiddenLeagues answers 404 for every page and API answer of a private league (and its
// games) to anyone who may not see it, as if it did not exist. The invite page and the joins
// decide for themselves: they take the invite token.
func (h *Server) HiddenLeagues(next echo.HandlerFunc) echo.HandlerFunc {
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
		id, err := PathID(c)
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
		if u, ok := CurrentUser(c); ok {
			viewerID = u.ID
		}
		visible, err := h.leagueVisible(ctx, leagueID, viewerID)
		if err != nil {
			return err
		}
		if !visible {
			return ErrNoSuchPage
		}
		return next(c)
	}
}

// InviteURL is the absolute address of a private league's invite link, from the configured
// base URL: never from the request's Host or X-Forwarded-Proto, which a client chooses.
func (h *Server) InviteURL(leagueID int64, token string) string {
	return h.Config.SiteURL() + "/leagues/" + strconv.FormatInt(leagueID, 10) + "/invite/" + token
}
