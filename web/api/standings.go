package api

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiStanding is one member's line of a league's standings (CONTRACT section 4): points as
// an exact JSON number, recorded games, and rank (ties broken by countback).
type apiStanding struct {
	Username string          `json:"username"`
	Points   json.RawMessage `json:"points"`
	Games    int             `json:"games"`
	Rank     int             `json:"rank"`
	// Places counts the member's first, second, ... places: the countback.
	Places []int `json:"places"`
	// Note says when the player left or came in through a replacement ("replaced by rp10").
	Note string `json:"note,omitempty"`
}

// apiStandings lists a league's standings: GET /api/v1/leagues/{id}/standings →
// [{"username","points","games","rank"}], best first.
func (h *Handler) apiStandings(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	httpx.DependsOn(c, store.LeagueKey(id))
	st, err := h.Leagues.Standings(ctx, id)
	if err != nil {
		return err
	}
	replaced, err := h.Store.Replacements(ctx, id)
	if err != nil {
		return err
	}
	notes := map[string]string{}
	for _, r := range replaced {
		notes[r.From] = "replaced by " + r.To
		notes[r.To] = "substitute for " + r.From
	}
	withdrawn, err := h.Store.Withdrawals(ctx, id)
	if err != nil {
		return err
	}
	for _, w := range withdrawn {
		notes[w.Username] = "withdrew"
	}
	out := make([]apiStanding, len(st))
	for i, s := range st {
		out[i] = apiStanding{Username: s.Player, Points: json.RawMessage(scoring.Decimal(s.Points)),
			Games: s.Games, Rank: s.Rank, Places: trimPlaces(s.PlaceCounts), Note: notes[s.Player]}
	}
	return c.JSON(http.StatusOK, out)
}

// trimPlaces drops the trailing places nobody can reach in small games: the counts up to
// the last place the member finished in.
func trimPlaces(counts [scoring.MaxPlaces]int) []int {
	n := len(counts)
	for n > 0 && counts[n-1] == 0 {
		n--
	}
	return append([]int{}, counts[:n]...)
}
