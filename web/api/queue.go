package api

import (
	"cmp"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiQueuedGame is one game of GET /api/v1/me/queue (CONTRACT section 7).
type apiQueuedGame struct {
	GameID int64 `json:"game_id"`
	// LeagueID is null for a normal table the caller opened.
	LeagueID *int64     `json:"league_id"`
	Number   int        `json:"number"`
	Round    int        `json:"round"`
	StartsAt *time.Time `json:"starts_at"`
	Seats    []string   `json:"seats"`
	// League and Place are additions: the league's name and where the game is played.
	League string `json:"league"`
	Place  string `json:"place"`
	// Proposal is the players' proposal standing for the game, disputed or waiting for
	// confirmations (CONTRACT section 8); null when none.
	Proposal *apiProposalView `json:"proposal"`
}

// apiQueue returns the unrecorded games of the leagues the caller organises or
// co-organises, oldest scheduled first (undated games last), then the normal tables the
// caller opened that wait for a result, a disputed one among them (issue #34, as the desk
// lists them): GET /api/v1/me/queue.
func (h *Handler) apiQueue(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	queue, err := h.Store.Queue(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	tables, err := h.Store.ReadyTables(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	queue = append(queue, tables...)
	ids := make([]int64, len(queue))
	for i, g := range queue {
		ids[i] = g.GameID
	}
	proposals, err := h.Results.Proposals(c.Request().Context(), ids)
	if err != nil {
		return err
	}
	out := make([]apiQueuedGame, len(queue))
	for i, g := range queue {
		out[i] = apiQueuedGame{GameID: g.GameID, Number: g.Number, Round: g.Round,
			StartsAt: g.StartsAt, Seats: g.Seats, League: g.LeagueName, Place: cmp.Or(g.Place, g.Venue)}
		if g.LeagueID != 0 {
			out[i].LeagueID = &g.LeagueID
		}
		if p, ok := proposals[g.GameID]; ok {
			view := apiProposalOf(p)
			out[i].Proposal = &view
		}
	}
	return c.JSON(http.StatusOK, out)
}
