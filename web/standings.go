package web

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
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
	id, err := pathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	st, err := h.store.Standings(ctx, id)
	if err != nil {
		return err
	}
	replaced, err := h.store.Replacements(ctx, id)
	if err != nil {
		return err
	}
	notes := map[string]string{}
	for _, r := range replaced {
		notes[r.From] = "replaced by " + r.To
		notes[r.To] = "substitute for " + r.From
	}
	withdrawn, err := h.store.Withdrawals(ctx, id)
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

// standingsView gathers a league's standings section from the members and games the
// caller has already read; it adds one query, the standings.
func (h *Handler) standingsView(c echo.Context, l store.League, members []store.Member, games []store.Game) (templates.StandingsView, error) {
	st, err := h.store.Standings(c.Request().Context(), l.ID)
	if err != nil {
		return templates.StandingsView{}, err
	}
	return standingsSection(c, l, members, games, st), nil
}

// standingsSection is a league's standings section from the members, games and standings
// read for it, with the viewer's line marked.
func standingsSection(c echo.Context, l store.League, members []store.Member, games []store.Game, st []scoring.Standing) templates.StandingsView {
	names := make(map[string]string, len(members))
	for _, m := range members {
		names[m.Username] = m.DisplayName
	}
	viewer, signedIn := currentUser(c)
	v := templates.StandingsView{LeagueID: l.ID, Rule: scoring.CountbackRule, TieBreaks: scoring.TieBreaks(st),
		Total: len(games), Finished: l.Status == store.LeagueFinished}
	for _, g := range games {
		if g.Status == store.GameFinished {
			v.Recorded++
		}
	}
	places := l.PlayersPerGame
	for _, s := range st {
		name := names[s.Player]
		if name == "" {
			name = s.Player
		}
		row := templates.StandingRow{Rank: s.Rank, Username: s.Player, DisplayName: name, Points: scoring.Mixed(s.Points),
			Games: s.Games, Places: append([]int{}, s.PlaceCounts[:min(max(places, 1), scoring.MaxPlaces)]...),
			IsViewer: signedIn && viewer.Username == s.Player}
		v.Rows = append(v.Rows, row)
		if v.Finished && s.Rank == 1 {
			v.Winners = append(v.Winners, row)
		}
	}
	return v
}
