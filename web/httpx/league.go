package httpx

import (
	"context"
	"errors"
	"net/http"

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
	})
	if err == nil && !l.Private {
		return true, nil
	}
	return h.Store.LeagueVisible(ctx, leagueID, viewerID)
}

// gameLeagueID is store.GameLeagueID, cached until the next write.
func (h *Server) gameLeagueID(ctx context.Context, gameID int64) (int64, error) {
	return Part(h.Cache, PartKey("game league", gameID), func() (int64, error) { return h.Store.GameLeagueID(ctx, gameID) })
}
