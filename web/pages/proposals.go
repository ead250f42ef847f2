package pages

import (
	"cmp"
	"context"
	"errors"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// tableBack is where a table form goes after its write, saying what happened (msg, shown
// once at the top of the page): the desk, or the game page. No anchor: a jump to the table
// section lands past the message on a phone (issue #34), and the page's first screen names
// what changed.
func (h *Handler) tableBack(c echo.Context, gameID int64, msg string) error {
	h.Flash(c, msg)
	if c.FormValue("from") == "desk" {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(gameID, 10))
}

// formRevision is a form's revision field (0 when absent).
func formRevision(c echo.Context) (int, error) {
	raw := c.FormValue("revision")
	if raw == "" {
		return 0, nil
	}
	n, err := strconv.Atoi(raw)
	if err != nil || n < 1 {
		return 0, echo.NewHTTPError(http.StatusBadRequest, "revision: must be the proposal's revision")
	}
	return n, nil
}

// proposalChanged answers a confirmation or dispute of a proposal its proposer changed
// after the page was read: back on the game, which shows the new proposal, saying so
// (issue #34: never a bare error page). Any other refusal goes to the error handler.
func (h *Handler) proposalChanged(c echo.Context, gameID int64, err error) error {
	if !errors.Is(err, store.ErrProposalChanged) {
		return httpx.ProposalError(err)
	}
	h.Flash(c, locales.T(c.Request().Context(), "table.flash_changed"))
	return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(gameID, 10))
}

// confirmProposal is the Confirm button (POST /games/{id}/proposal/confirm).
func (h *Handler) confirmProposal(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	revision, err := formRevision(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	ctx := c.Request().Context()
	recorded, err := h.Results.Confirm(ctx, id, user.ID, revision)
	if err != nil {
		return h.proposalChanged(c, id, err)
	}
	h.GameChanged(c, id)
	msg, err := h.confirmedMessage(ctx, id, recorded)
	if err != nil {
		return err
	}
	return h.tableBack(c, id, msg)
}

// confirmedMessage says what a confirmation of the game's proposal did: recorded the
// result, or left it waiting for the window or for the players named.
func (h *Handler) confirmedMessage(ctx context.Context, id int64, recorded bool) (string, error) {
	g, err := h.Store.ResultGame(ctx, id)
	if err != nil {
		return "", err
	}
	if recorded {
		return gameSay(ctx, "table.flash_recorded", g), nil
	}
	p, err := h.Results.Proposal(ctx, id)
	if err != nil {
		return "", err
	}
	if len(p.Waiting) == 0 {
		return gameSay(ctx, "table.flash_window", g), nil
	}
	return gameSay(ctx, "table.flash_waits", g, map[string]any{"Names": namesIn(ctx, g, p.Waiting)}), nil
}

// disputeProposal is the dispute form (POST /games/{id}/proposal/dispute, field reason).
func (h *Handler) disputeProposal(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	revision, err := formRevision(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	ctx := c.Request().Context()
	if err := h.Results.Dispute(ctx, id, user.ID, c.FormValue("reason"), revision); err != nil {
		return h.proposalChanged(c, id, err)
	}
	h.GameChanged(c, id)
	g, err := h.Store.ResultGame(ctx, id)
	if err != nil {
		return err
	}
	organiser, err := h.Store.User(ctx, g.OrganiserID)
	if err != nil {
		return err
	}
	return h.tableBack(c, id, gameSay(ctx, "table.flash_disputed", g, map[string]any{"Organiser": organiser.DisplayName}))
}

// withdrawProposal is the proposer's Withdraw button (POST /games/{id}/proposal/withdraw).
func (h *Handler) withdrawProposal(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	ctx := c.Request().Context()
	if err := h.Results.Withdraw(ctx, id, user.ID); err != nil {
		return httpx.ProposalError(err)
	}
	h.GameChanged(c, id)
	g, err := h.Store.ResultGame(ctx, id)
	if err != nil {
		return err
	}
	return h.tableBack(c, id, gameSay(ctx, "table.flash_withdrawn", g))
}

// seatNamer names a seated username by its display name (issue #34: display names wherever a
// person reads a name); any other name stays as it is.
func seatNamer(g store.ResultGame) func(string) string {
	return func(u string) string {
		if names := displayNames(g, []string{u}); len(names) == 1 {
			return names[0]
		}
		return u
	}
}

// displayNames are the display names of the seated players usernames name (a username not
// seated stays as it is), as people read them.
func displayNames(g store.ResultGame, usernames []string) []string {
	out := make([]string, len(usernames))
	for i, u := range usernames {
		out[i] = u
		for _, s := range g.Seats {
			if strings.EqualFold(s.Username, u) && s.DisplayName != "" {
				out[i] = s.DisplayName
			}
		}
	}
	return out
}

// tableView is the game page's part for the players at the table, nil once the result is
// recorded or while a normal game's table still has free seats. rg is the game as the
// results service reads it when the viewer is signed in (nil otherwise): league says through
// it whether the viewer may propose and whether the window's close records the proposal.
func (h *Handler) tableView(ctx context.Context, g store.Game, rg *store.ResultGame, viewer store.User, canRecord bool,
	clock pageClock) (*templates.TableView, error) {
	if g.Status == store.GameFinished || g.Status == store.GameOpen {
		return nil, nil
	}
	signedIn := rg != nil
	v := &templates.TableView{GameID: g.ID, PlayersReport: g.ResultsBy == store.ResultsByPlayers,
		CanAnswer: signedIn && service.ResultTable(*rg).Seated(viewer.ID)}
	p, err := h.Results.Proposal(ctx, g.ID)
	switch {
	case err == nil:
		if rg == nil {
			read, err := h.Store.ResultGame(ctx, g.ID)
			if err != nil {
				return nil, err
			}
			rg = &read
		}
		pv := proposalView(p, *rg, viewer, signedIn, canRecord, clock)
		pv.Lines = proposedLines(*rg, p)
		v.Proposal = &pv
	case errors.Is(err, store.ErrNotFound):
		v.CanPropose = signedIn && service.MayProposeNow(*rg, viewer.ID)
	default:
		return nil, err
	}
	answers, err := h.Store.Attendance(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	v.Attendance, v.MyAnswer = attendanceViews(g.Game, len(g.Seats), answers, viewer.ID)
	return v, nil
}

// proposalView is a proposal of the game g as the viewer sees it, its closing time shown by
// the page's clock when the window's close records it (service.RecordsAtClose), the players
// named as people know them (a seated username's display name).
func proposalView(p service.Proposal, g store.ResultGame, viewer store.User, signedIn, canRecord bool,
	clock pageClock) templates.ProposalView {
	name := seatNamer(g)
	names := func(us []string) []string {
		out := make([]string, len(us))
		for i, u := range us {
			out[i] = name(u)
		}
		return out
	}
	v := templates.ProposalView{Proposer: name(p.Proposer), Confirmed: names(p.Confirmed), Waiting: names(p.Waiting), Revision: p.Revision,
		ClosesAt: clock.show(p.ClosesAt, p.TimeZone, timeLayout), Disputed: p.Disputed(), DisputedBy: name(p.DisputedBy),
		Reason: p.DisputeReason, CanRecord: canRecord}
	if signedIn {
		v.IsProposer = p.ProposerID == viewer.ID
		for _, w := range p.Waiting {
			v.CanAnswer = v.CanAnswer || w == viewer.Username
		}
	}
	// The window's end records nothing (no confirmation yet, a dispute): no time to say.
	if !service.RecordsAtClose(g, p) {
		v.ClosesAt = ""
	}
	return v
}

// proposedLines are a proposal's lines by place, scored as the result would be: "1st ada
// (90) — 20 points"; what was entered alone when it no longer scores against the seats. A
// seat played by the missing man is the Seventh Player's line, last and without a place
// (ARMADA 4.1): "Seventh Player (missing man), no place, in greta's seat (absent) — 10 points";
// in another game an absent seat is its player's: "greta, no place (did not come) — 0 points".
func proposedLines(g store.ResultGame, p service.Proposal) []templates.ProposalLine {
	scores := scoring.EnteredIn(g.Game, g.GameVersion, p.Input)
	name := seatNamer(g)
	w, err := service.CheckResultBody(g, p.ProposerID, p.Input)
	if err != nil {
		var out []templates.ProposalLine
		for _, s := range g.Seats {
			out = append(out, templates.ProposalLine{Name: name(s.Username), Score: scores[strings.ToLower(s.Username)], Unscored: true})
		}
		return out
	}
	lines := slices.Clone(w.Seated.Lines)
	slices.SortStableFunc(lines, func(a, b scoring.SeatedLine) int {
		if a.Absent != b.Absent {
			return cmp.Compare(boolRank(a.Absent), boolRank(b.Absent))
		}
		return cmp.Compare(a.Place, b.Place)
	})
	out := make([]templates.ProposalLine, len(lines))
	for i, l := range lines {
		out[i] = templates.ProposalLine{Place: l.Place, Name: name(l.Player), Substitute: l.Substitute,
			Absent: l.Absent, MissingMan: l.Absent && g.Game.System.PlaysAbsentSeat(),
			Score: scores[strings.ToLower(l.Player)], Points: scoring.Mixed(l.Points), OnePoint: scoring.PointsWord(l.Points) == "point"}
	}
	return out
}
