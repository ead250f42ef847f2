package templates

import (
	"context"
	"strings"
	"testing"

	"github.com/a-h/templ"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// markedLeague is a league page's view marked for viewer ("" for an anonymous visitor):
// standings with a leader, a team game (sides), a game where one player holds two seats,
// and the same games grouped by round, with sitters, when faceToFace.
func markedLeague(viewer string, faceToFace bool) LeagueView {
	players := []string{"ann", "bob", "cy", "di", "ed"}
	v := LeagueView{League: LeagueSummary{ID: 7, Name: "Marks", FaceToFace: faceToFace}}
	st := StandingsView{LeagueID: 7, Rule: "countback", Total: 3, Recorded: 1}
	for i, p := range players {
		st.Rows = append(st.Rows, StandingRow{Rank: i + 1, Username: p, DisplayName: strings.ToUpper(p), Points: "1",
			Games: 1, Places: []int{1, 0}, IsViewer: p == viewer})
		v.Members = append(v.Members, MemberView{Slot: i + 1, Username: p, IsViewer: p == viewer})
	}
	v.Standings = &st
	seats := func(names ...string) []SeatView {
		out := make([]SeatView, len(names))
		for i, n := range names {
			out[i] = SeatView{Position: i + 1, Username: n, IsViewer: n == viewer}
		}
		return out
	}
	row := func(id int64, round int, names ...string) GameRow {
		g := GameRow{ID: id, Number: int(id), Round: round, Status: "scheduled", Seats: seats(names...)}
		for _, s := range g.Seats {
			g.HasViewer = g.HasViewer || s.IsViewer
		}
		return g
	}
	team := row(1, 1, "ann", "bob", "cy", "di")
	team.Sides = []SideView{{Name: "North", Seats: team.Seats[:2]}, {Name: "South", Seats: team.Seats[2:]}}
	v.Games = []GameRow{team, row(2, 2, "ed", "ann", "ed"), row(3, 2, "bob", "cy")}
	if faceToFace {
		v.Rounds = []RoundView{
			{Number: 1, Games: v.Games[:1], SittingOut: v.Members[4:]},
			{Number: 2, Games: v.Games[1:], SittingOut: v.Members[3:4]},
		}
	}
	return v
}

func render(t *testing.T, c templ.Component) string {
	t.Helper()
	var b strings.Builder
	require.NoError(t, c.Render(context.Background(), &b))
	return b.String()
}

// A section rendered once for every viewer, with the viewer's marks spliced in, is the
// very HTML of the section rendered for that viewer, for every player, a stranger and an
// anonymous visitor; and what is rendered once does not depend on who it was rendered for.
func TestMarkedSectionIsTheSectionRenderedForTheViewer(t *testing.T) {
	t.Parallel()
	sections := map[string]func(LeagueView) templ.Component{"standings": LeagueStandings, "games": LeagueGames}
	for name, section := range sections {
		for _, faceToFace := range []bool{false, true} {
			once, err := RenderMarked(context.Background(), section(markedLeague("ann", faceToFace)))
			require.NoError(t, err)
			anonymous, err := RenderMarked(context.Background(), section(markedLeague("", faceToFace)))
			require.NoError(t, err)
			assert.Equal(t, anonymous.html, once.html, "%s: rendered once, whoever it is rendered for", name)
			assert.NotContains(t, once.html, hookEdge, name)
			for _, viewer := range []string{"", "ann", "bob", "cy", "di", "ed", "stranger"} {
				want := render(t, section(markedLeague(viewer, faceToFace)))
				assert.Equal(t, want, render(t, once.For(viewer)), "%s face to face %v, viewer %q", name, faceToFace, viewer)
			}
		}
	}
	// The test sees marks at all: ed's game row, both seats and sitter are marked.
	games := render(t, LeagueGames(markedLeague("ed", true)))
	assert.Equal(t, 1, strings.Count(games, `<tr class="is-viewer">`))
	assert.Equal(t, 2, strings.Count(games, `class="seat is-viewer"`))
	assert.Equal(t, 1, strings.Count(games, `class="sitter is-viewer"`))
	assert.Contains(t, render(t, LeagueStandings(markedLeague("ann", false))), `<tr class="is-viewer is-leader">`)
}
