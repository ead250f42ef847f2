package pages

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// deskTableLength bounds each list of the desk's players-at-the-table part.
const deskTableLength = 20

// tableDesk gathers the desk's players-at-the-table part: the proposals the viewer is asked
// to confirm and their own, the proposals and answers of the games the viewer runs
// (organised), and the viewer's next dated games to answer for; its times are shown by the
// desk's clock.
func (h *Handler) tableDesk(c echo.Context, user store.User, organised, next []store.QueuedGame, mine []service.Proposal,
	clock pageClock) (templates.TableDeskView, error) {
	var v templates.TableDeskView
	lang := locales.From(c.Request().Context())
	// The games the viewer runs: each proposal, and the answers of the dated ones.
	var ids, dated []int64
	byID := map[int64]store.QueuedGame{}
	for _, g := range organised {
		ids = append(ids, g.GameID)
		byID[g.GameID] = g
		if g.StartsAt != nil && g.StartsAt.After(time.Now()) {
			dated = append(dated, g.GameID)
		}
	}
	for _, g := range next {
		if g.StartsAt != nil {
			dated = append(dated, g.GameID)
		}
	}
	// The viewer's own part, kept under their id and the games it covers until the next
	// write (web/httpx/cache_parts.go).
	var seated []int64
	for _, p := range mine {
		seated = append(seated, p.GameID)
	}
	key := httpx.PartKey("table desk", user.ID) + "\x00" + fmt.Sprint(ids, dated, seated)
	read, err := httpx.Part(h.Cache, key, func() (tableDeskShared, error) {
		return h.readTableDesk(c.Request().Context(), mine, ids, dated)
	})
	if err != nil {
		return v, err
	}
	proposals, answers := read.proposals, read.answers
	withLines := func(p service.Proposal, canRecord bool) (templates.ProposalView, error) {
		pv := proposalView(p, read.games[p.GameID], user, true, canRecord, clock)
		pv.Lines = proposedLines(read.games[p.GameID], p)
		return pv, nil
	}
	for _, p := range mine {
		pv, err := withLines(p, false)
		if err != nil {
			return v, err
		}
		t := templates.TableView{GameID: p.GameID, Title: proposalTitle(lang, p), From: "desk", Proposal: &pv}
		switch {
		case pv.CanAnswer && !pv.Disputed:
			v.ToConfirm = append(v.ToConfirm, t)
		case pv.IsProposer:
			v.Mine = append(v.Mine, t)
		}
	}
	for _, id := range ids {
		g := byID[id]
		t := templates.TableView{GameID: id, Title: queuedTitle(lang, g), When: deskGame(lang, g, clock).When, From: "desk"}
		if p, ok := proposals[id]; ok {
			pv, err := withLines(p, true)
			if err != nil {
				return v, err
			}
			pv.CanAnswer, pv.IsProposer = false, false // the organiser's view: settle it on the result form
			t.Proposal = &pv
		}
		if as, ok := answers[id]; ok && g.StartsAt != nil && g.StartsAt.After(time.Now()) && answered(as) {
			t.Attendance, _ = attendanceViews(g.Game, len(g.Seats), as, 0)
		}
		if (t.Proposal != nil || t.Attendance != nil) && len(v.Organised) < deskTableLength {
			v.Organised = append(v.Organised, t)
		}
	}
	proposed := map[int64]bool{}
	for _, p := range mine {
		proposed[p.GameID] = true
	}
	for _, g := range next {
		// "Are you coming?" is asked of dated games to come that nobody has reported yet
		// (issue #34: never of a past game, nor of one with a proposal).
		if g.StartsAt == nil || !g.StartsAt.After(time.Now()) || proposed[g.GameID] || len(v.Next) >= 5 {
			continue
		}
		t := templates.TableView{GameID: g.GameID, Title: queuedTitle(lang, g), When: deskGame(lang, g, clock).When, From: "desk", CanAnswer: true}
		t.Attendance, t.MyAnswer = attendanceViews(g.Game, len(g.Seats), answers[g.GameID], user.ID)
		v.Next = append(v.Next, t)
	}
	return v, nil
}

// tableDeskShared is what the desk's players-at-the-table part reads from the database.
type tableDeskShared struct {
	// proposals are those of the games the viewer runs, by game id.
	proposals map[int64]service.Proposal
	// games are the games of every proposal, by id, for the proposed lines.
	games map[int64]store.ResultGame
	// answers are the attendance answers of the dated games, by game id.
	answers map[int64][]store.AttendanceAnswer
}

// readTableDesk reads the players-at-the-table part of a desk: the proposals of the games
// ids the viewer runs, the games of those and of mine (the proposals of the games the
// viewer sits at, read with the desk), and the answers of the games dated.
func (h *Handler) readTableDesk(ctx context.Context, mine []service.Proposal, ids, dated []int64) (tableDeskShared, error) {
	r := tableDeskShared{games: map[int64]store.ResultGame{}}
	var err error
	if r.proposals, err = h.Results.Proposals(ctx, ids); err != nil {
		return r, err
	}
	for _, p := range slices.Concat(mine, slices.Collect(maps.Values(r.proposals))) {
		if _, ok := r.games[p.GameID]; ok {
			continue
		}
		if r.games[p.GameID], err = h.Store.ResultGame(ctx, p.GameID); err != nil {
			return r, err
		}
	}
	r.answers, err = h.Store.GamesAttendance(ctx, dated)
	return r, err
}

// answered reports whether any seated player has answered.
func answered(as []store.AttendanceAnswer) bool {
	return slices.ContainsFunc(as, func(a store.AttendanceAnswer) bool { return a.Coming != nil })
}

// proposalTitle names a proposal's game in l: "Tuesday league, game 3" or "Arcs table 12".
func proposalTitle(l locales.Lang, p service.Proposal) string {
	return deskTitle(l, p.LeagueID, p.LeagueName, p.Number, p.Game, p.GameID)
}

// queuedTitle names a desk game as proposalTitle does.
func queuedTitle(l locales.Lang, g store.QueuedGame) string {
	return deskTitle(l, g.LeagueID, g.LeagueName, g.Number, g.Game, g.GameID)
}

// deskTitle names a game in l: a league's by its league and number, a normal game by its
// game and id.
func deskTitle(l locales.Lang, leagueID int64, leagueName string, number int, game string, id int64) string {
	if leagueID == 0 {
		return l.T("desk.title_table", map[string]any{"Game": gameName(game), "ID": strconv.FormatInt(id, 10)})
	}
	return l.T("desk.title_game", map[string]any{"League": leagueName, "N": l.Int(number)})
}
