package httpx

import (
	"context"
	"errors"
	"net/http"
	_ "time/tzdata"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// JoinRefusal maps a refused join to its status and message: the activity rule is 403,
// every conflict (full, running, finished, already joined) 409.
func JoinRefusal(err error) (int, string, bool) {
	var (
		inactive *store.InactiveError
		conflict *store.Conflict
	)
	switch {
	case errors.As(err, &inactive):
		return http.StatusForbidden, inactive.Error(), true
	case errors.As(err, &conflict):
		return http.StatusConflict, conflict.Reason, true
	}
	return 0, "", false
}

// leagueVisible reports whether the viewer may see the league (store.LeagueVisible). A
// public league's row, cached until the next write, answers without a query; a private
// league's visibility is asked of the database on every request.
func (h *Server) leagueVisible(ctx context.Context, leagueID, viewerID int64) (bool, error) {
	l, err := Part(h.Cache, PartKey("league row", leagueID), func() (store.League, error) {
		return h.Store.League(ctx, leagueID)
	}, store.LeagueKey(leagueID))
	if err == nil && !l.Private {
		return true, nil
	}
	return h.Store.LeagueVisible(ctx, leagueID, viewerID)
}

// gameLeagueID is store.GameLeagueID, cached until the next write.
func (h *Server) gameLeagueID(ctx context.Context, gameID int64) (int64, error) {
	// A game stays in its league; a league deleted names itself.
	return KeyedPart(h.Cache, PartKey("game league", gameID), func() (int64, []store.CacheKey, error) {
		id, err := h.Store.GameLeagueID(ctx, gameID)
		return id, []store.CacheKey{store.GamePageKey(id, gameID)}, err
	})
}

// RemoveLeague deletes the league and notes it in the server's log, since the league's own
// history goes with it; it returns the deleted league's name.
func (h *Server) RemoveLeague(c echo.Context, id int64, user store.User) (string, error) {
	name, err := h.Leagues.Delete(c.Request().Context(), id, user.ID)
	if err != nil {
		return "", err
	}
	h.Logger.Info("league deleted", "league_id", id, "name", name, "by", user.Username)
	return name, nil
}
