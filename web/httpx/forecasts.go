package httpx

import (
	"context"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/forecast"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// LadderForecast is a ladder's back-test (CONTRACT section 11): every model's figures over
// its rated games, each forecast from the games before it only, and the armada model as
// those games leave it, which forecasts the games still to play.
type LadderForecast struct {
	// Summaries holds each model's figures, armada, openskill, uniform.
	Summaries []forecast.Summary
	// Theta is the armada model's scale fitted on every rated game of the ladder.
	Theta float64
	// Played holds, by game id, what the armada model said of each rated game before it
	// was played, and how it ended.
	Played map[int64]PlayedForecast
}

// PlayedForecast is a played game's forecast beside its result, seats in seat order.
type PlayedForecast struct {
	Players []string
	// Win holds the armada chances the seats were given before the game.
	Win []float64
	// Result holds their places, the winners in place 1.
	Result forecast.Result
}

// LadderForecast back-tests ladder (a registry game slug, or a private league's own ladder,
// rating.LeagueLadder), replaying its rated games. A public ladder's answer is cached with
// the ladder (dropped by a write that moves the ladder's ratings or rewrites its history)
// and shared: callers must not change it. A private league's ladder is read afresh every
// time: nothing of a private league is kept in a cache shared between viewers.
func (h *Server) LadderForecast(ctx context.Context, slug string) (LadderForecast, error) {
	if !rating.PublicLadder(slug) {
		games, err := h.Store.LadderHistory(ctx, slug)
		if err != nil {
			return LadderForecast{}, err
		}
		return backtestLadder(games), nil
	}
	return Part(h.Cache, "backtest\x00"+slug, func() (LadderForecast, error) {
		games, err := h.Store.LadderHistory(ctx, slug)
		if err != nil {
			return LadderForecast{}, err
		}
		return backtestLadder(games), nil
	}, store.LadderKey(slug), store.LadderHistoryKey(slug))
}

// backtestLadder replays a ladder's games through the models.
func backtestLadder(games []store.LadderGame) LadderForecast {
	bt := forecast.NewBacktest()
	out := LadderForecast{Played: make(map[int64]PlayedForecast, len(games))}
	for _, g := range games {
		chances := bt.Play(g.Table, g.Result)
		out.Played[g.GameID] = PlayedForecast{
			Players: g.Table.Players,
			Win:     append([]float64(nil), chances[0]...), // the first model is armada
			Result:  g.Result,
		}
	}
	out.Summaries = bt.Summaries()
	out.Theta = bt.Armada().Theta()
	return out
}

// LadderRatings returns the ladder of the registry game slug, highest first, cached as
// the ladder page caches it; a private league's own ladder is read afresh every time.
func (h *Server) LadderRatings(ctx context.Context, slug string) ([]store.Rating, error) {
	if !rating.PublicLadder(slug) {
		return h.Store.Ratings(ctx, slug)
	}
	// The ladder shows its ratings only: results recorded on other ladders leave it cached.
	return Part(h.Cache, "ladder\x00"+slug, func() ([]store.Rating, error) { return h.Store.Ratings(ctx, slug) },
		store.LadderKey(slug))
}

// SeatForecast is one seat's outlook before a game: its player's rating now, the ante that
// rating puts into the pot (seed 3.2) and the armada model's chance to win.
type SeatForecast struct {
	Username    string
	DisplayName string
	Rating      rating.Micros
	Ante        rating.Micros
	Win         float64
}

// GameForecast gives each seat of a game not yet played its chance to win from the
// ladder's ratings now (the armada model, θ fitted on every rated game of the ladder) and
// its ante, in seat order (CONTRACT section 11). A played game is refused with 409: what
// was forecast for it is in PlayedForecast. A game with no seat taken has nothing to
// forecast (409 too).
func (h *Server) GameForecast(ctx context.Context, g store.Game) ([]SeatForecast, error) {
	if g.Status == store.GameFinished {
		if g.Private {
			return nil, echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("game %d has been played: its forecast is a forecast no longer (see the game's page)", g.ID))
		}
		return nil, echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("game %d has been played: its forecast is a forecast no longer (see /ratings/%s/backtest)", g.ID, g.Game))
	}
	if len(g.Seats) == 0 {
		return nil, echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("game %d has no seated player yet: there is nobody to forecast", g.ID))
	}
	game, err := scoring.GameBySlug(g.Game)
	if err != nil {
		return nil, fmt.Errorf("game %d: %w", g.ID, err)
	}
	// A private league's game is forecast from the league's own ladder (rating.LeagueLadder).
	ladder, err := h.LadderRatings(ctx, g.Ladder())
	if err != nil {
		return nil, err
	}
	test, err := h.LadderForecast(ctx, g.Ladder())
	if err != nil {
		return nil, err
	}
	now := make(map[string]rating.Micros, len(ladder))
	for _, r := range ladder {
		now[r.Username] = r.Rating
	}
	out := make([]SeatForecast, len(g.Seats))
	ratings := make([]rating.Micros, len(g.Seats))
	for i, s := range g.Seats {
		ratings[i] = now[s.Username]
		out[i] = SeatForecast{Username: s.Username, DisplayName: s.DisplayName, Rating: ratings[i]}
	}
	antes, _, err := rating.Antes(ratings, rating.FullPot(game.System.PointsArePot(), len(ratings)))
	if err != nil {
		return nil, fmt.Errorf("game %d: antes: %w", g.ID, err)
	}
	for i, win := range forecast.ArmadaChances(test.Theta, ratings) {
		out[i].Ante, out[i].Win = antes[i], win
	}
	return out, nil
}
