package web

import (
	"slices"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// deskTableLength bounds each list of the desk's players-at-the-table part.
const deskTableLength = 20

// tableDesk gathers the desk's players-at-the-table part: the proposals the viewer is asked
// to confirm and their own (mine, the proposals of the games they sit at), the proposals
// and answers of the games the viewer runs (organised), and the viewer's next dated games
// to answer for; its times are shown by the desk's clock.
func (h *Handler) tableDesk(c echo.Context, user store.User, organised, next []store.QueuedGame, mine []store.Proposal,
	clock pageClock) (templates.TableDeskView, error) {
	ctx := c.Request().Context()
	var v templates.TableDeskView
	withLines := func(p store.Proposal, canRecord bool) (templates.ProposalView, error) {
		pv := proposalView(p, user, true, canRecord, clock)
		rg, err := h.store.ResultGame(ctx, p.GameID)
		if err != nil {
			return pv, err
		}
		pv.Lines = proposedLines(rg, p)
		return pv, nil
	}
	for _, p := range mine {
		pv, err := withLines(p, false)
		if err != nil {
			return v, err
		}
		t := templates.TableView{GameID: p.GameID, Title: proposalTitle(p), From: "desk", Proposal: &pv}
		switch {
		case pv.CanAnswer && !pv.Disputed:
			v.ToConfirm = append(v.ToConfirm, t)
		case pv.IsProposer:
			v.Mine = append(v.Mine, t)
		}
	}
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
	proposals, err := h.store.Proposals(ctx, ids)
	if err != nil {
		return v, err
	}
	answers, err := h.store.GamesAttendance(ctx, dated)
	if err != nil {
		return v, err
	}
	for _, id := range ids {
		g := byID[id]
		t := templates.TableView{GameID: id, Title: queuedTitle(g), When: deskGame(g, clock).When, From: "desk"}
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
	for _, g := range next {
		if g.StartsAt == nil || len(v.Next) >= 5 {
			continue
		}
		t := templates.TableView{GameID: g.GameID, Title: queuedTitle(g), When: deskGame(g, clock).When, From: "desk", CanAnswer: true}
		t.Attendance, t.MyAnswer = attendanceViews(g.Game, len(g.Seats), answers[g.GameID], user.ID)
		v.Next = append(v.Next, t)
	}
	return v, nil
}

// answered reports whether any seated player has answered.
func answered(as []store.AttendanceAnswer) bool {
	return slices.ContainsFunc(as, func(a store.AttendanceAnswer) bool { return a.Coming != nil })
}

// proposalTitle names a proposal's game: "Tuesday league, game 3" or "Arcs table 12".
func proposalTitle(p store.Proposal) string {
	if p.LeagueID == 0 {
		return gameName(p.Game) + " table " + strconv.FormatInt(p.GameID, 10)
	}
	return p.LeagueName + ", game " + strconv.Itoa(p.Number)
}

// queuedTitle names a desk game as proposalTitle does.
func queuedTitle(g store.QueuedGame) string {
	if g.LeagueID == 0 {
		return gameName(g.Game) + " table " + strconv.FormatInt(g.GameID, 10)
	}
	return g.LeagueName + ", game " + strconv.Itoa(g.Number)
}
