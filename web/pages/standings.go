package pages

import (
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// standingsView gathers a league's standings section from the members and games the
// caller has already read; it adds one query, the standings.
func (h *Handler) standingsView(c echo.Context, l store.League, members []store.Member, games []store.Game) (templates.StandingsView, error) {
	st, err := h.Leagues.Standings(c.Request().Context(), l.ID)
	if err != nil {
		return templates.StandingsView{}, err
	}
	viewer, _ := httpx.CurrentUser(c)
	return standingsSection(l, members, games, st, viewer.Username), nil
}

// standingsSection is a league's standings section from the members, games and standings
// read for it, with viewer's line marked (no line for "", as every viewer has it).
func standingsSection(l store.League, members []store.Member, games []store.Game, st []scoring.Standing, viewer string) templates.StandingsView {
	names := make(map[string]string, len(members))
	for _, m := range members {
		names[m.Username] = m.DisplayName
	}
	v := templates.StandingsView{LeagueID: l.ID, Rule: scoring.CountbackRule, Ties: scoring.TieNotes(st),
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
			IsViewer: viewer != "" && viewer == s.Player}
		v.Rows = append(v.Rows, row)
		if v.Finished && s.Rank == 1 {
			v.Winners = append(v.Winners, row)
		}
	}
	return v
}
