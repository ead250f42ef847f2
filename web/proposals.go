package web

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// apiProposalView is a proposal as the API shows it (CONTRACT section 8): "proposer",
// "input", "confirmed", "waiting" and "disputed" (null, or who, why and when), with its
// "revision" (a confirmation or dispute may name it, and is refused once it has changed)
// and when its confirmation window closes.
type apiProposalView struct {
	GameID     int64           `json:"game_id"`
	Proposer   string          `json:"proposer"`
	Input      json.RawMessage `json:"input"`
	Confirmed  []string        `json:"confirmed"`
	Waiting    []string        `json:"waiting"`
	Disputed   *apiDispute     `json:"disputed"`
	Revision   int             `json:"revision"`
	ProposedAt time.Time       `json:"proposed_at"`
	ClosesAt   time.Time       `json:"closes_at"`
}

// apiDispute is a proposal's dispute.
type apiDispute struct {
	By     string    `json:"by"`
	Reason string    `json:"reason"`
	At     time.Time `json:"at"`
}

// apiProposalOf is a stored proposal as the API shows it.
func apiProposalOf(p store.Proposal) apiProposalView {
	out := apiProposalView{GameID: p.GameID, Proposer: p.Proposer, Input: p.Input, Revision: p.Revision,
		Confirmed: nonNil(p.Confirmed), Waiting: nonNil(p.Waiting), ProposedAt: p.ProposedAt, ClosesAt: p.ClosesAt}
	if p.DisputedAt != nil {
		out.Disputed = &apiDispute{By: p.DisputedBy, Reason: p.DisputeReason, At: *p.DisputedAt}
	}
	return out
}

// nonNil is s, or an empty list for nil (JSON [] rather than null).
func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// errNoProposal answers a proposal route of a game where none stands.
var errNoProposal = echo.NewHTTPError(http.StatusNotFound, "proposal: none stands for this game")

// proposalError maps a proposal refusal: no proposal is a 404 naming it; the rest go to
// resultError and the central handler (403, 409, 422).
func proposalError(err error) error {
	if errors.Is(err, store.ErrNotFound) {
		return errNoProposal.SetInternal(err)
	}
	return resultError(err)
}

// apiProposal shows the game's proposal: GET /api/v1/games/{id}/proposal → 200, 404 when none.
func (h *Handler) apiProposal(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	if _, err := h.store.Game(ctx, id); err != nil {
		return err
	}
	p, err := h.store.Proposal(ctx, id)
	if err != nil {
		return proposalError(err)
	}
	return c.JSON(http.StatusOK, apiProposalOf(p))
}

// apiPropose is a seated player proposing the game's result: POST
// /api/v1/games/{id}/proposal with a result body (CONTRACT section 4) → 201 with the
// proposal. The proposer's second POST changes it and restarts the confirmations. 403 for
// anyone not seated or where only organisers enter results, 409 once recorded or while
// another player's proposal stands, 400/422 for a body the scorer refuses.
func (h *Handler) apiPropose(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	body, err := readResultBody(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	p, err := h.propose(c, id, user.ID, body)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, apiProposalOf(p))
}

// propose checks body against the game's seats, as a result is checked, and stores it as
// userID's proposal: the API's and the result form's one way in.
func (h *Handler) propose(c echo.Context, gameID, userID int64, body []byte) (store.Proposal, error) {
	ctx := c.Request().Context()
	g, err := h.store.ResultGame(ctx, gameID)
	if err != nil {
		return store.Proposal{}, err
	}
	// Refuse the wrong person or state before judging the body; the store asks again
	// under the game's lock.
	if err := g.MayPropose(userID); err != nil {
		return store.Proposal{}, err
	}
	w, err := g.Write(userID, body)
	if err != nil {
		return store.Proposal{}, resultError(err)
	}
	p, err := h.store.Propose(ctx, w)
	if err != nil {
		return store.Proposal{}, resultError(err)
	}
	return p, nil
}

// apiWithdrawProposal is the proposer taking back their proposal: DELETE
// /api/v1/games/{id}/proposal → 204; 403 for anyone else, 404 when none stands.
func (h *Handler) apiWithdrawProposal(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.store.Withdraw(c.Request().Context(), id, user.ID); err != nil {
		return proposalError(err)
	}
	return c.NoContent(http.StatusNoContent)
}

// answerBody is a confirmation's or dispute's optional body: the revision of the proposal
// read (0 or absent: the current one) and a dispute's reason.
type answerBody struct {
	Revision int    `json:"revision"`
	Reason   string `json:"reason"`
}

// readAnswer reads an answer's body; an empty body is an answer to the current revision.
func readAnswer(c echo.Context) (answerBody, error) {
	var a answerBody
	raw, err := io.ReadAll(c.Request().Body)
	if err != nil {
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return a, echo.NewHTTPError(http.StatusRequestEntityTooLarge, "body: too large")
		}
		return a, err
	}
	if len(bytes.TrimSpace(raw)) == 0 {
		return a, nil
	}
	c.Request().Body = io.NopCloser(bytes.NewReader(raw))
	if err := decodeJSON(c, &a); err != nil {
		return a, err
	}
	if a.Revision < 0 {
		return a, echo.NewHTTPError(http.StatusUnprocessableEntity, "revision: must be the proposal's revision (1 or more)")
	}
	return a, nil
}

// apiConfirmProposal is a seated player confirming the game's proposal: POST
// /api/v1/games/{id}/proposal/confirm ({"revision"} optional) → 200 {"recorded"}: true
// when it was the last confirmation and the result is recorded.
func (h *Handler) apiConfirmProposal(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	a, err := readAnswer(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	recorded, err := h.store.Confirm(c.Request().Context(), id, user.ID, a.Revision)
	if err != nil {
		return proposalError(err)
	}
	return c.JSON(http.StatusOK, map[string]bool{"recorded": recorded})
}

// apiDisputeProposal is a seated player disputing the game's proposal: POST
// /api/v1/games/{id}/proposal/dispute {"reason", "revision"?} → 200 with the proposal. The
// game waits on the organisers' desks, the proposal beside it.
func (h *Handler) apiDisputeProposal(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	a, err := readAnswer(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	ctx := c.Request().Context()
	if err := h.store.Dispute(ctx, id, user.ID, a.Reason, a.Revision); err != nil {
		return proposalError(err)
	}
	p, err := h.store.Proposal(ctx, id)
	if err != nil {
		return proposalError(err)
	}
	return c.JSON(http.StatusOK, apiProposalOf(p))
}

// resultsSetting is who enters results and the confirmation window as the API takes them
// (CONTRACT section 8): on a league's creation and edit, and on a normal game's creation.
type resultsSetting struct {
	ResultsBy    *string `json:"results_by"`
	ConfirmHours *int    `json:"confirm_hours"`
}

// values returns the setting given ("" and 0 where not given: the defaults, or no change)
// and adds a message per wrong field to errs.
func (r resultsSetting) values(errs templates.FieldErrors) (string, int) {
	var by string
	var hours int
	if r.ResultsBy != nil {
		if by = *r.ResultsBy; by == "" {
			errs["results_by"] = resultsByProblem
		}
	}
	if r.ConfirmHours != nil {
		if hours = *r.ConfirmHours; hours == 0 {
			errs["confirm_hours"] = confirmHoursProblem
		}
	}
	validateResultsSetting(by, hours, errs)
	return by, hours
}

// Messages of a wrong results setting.
const (
	resultsByProblem    = `must be "organisers" (only the organisers enter results) or "players" (players report, the table confirms)`
	confirmHoursProblem = "must be a whole number of hours from 1 to 336 (two weeks)"
)

// validateResultsSetting adds a message per wrong field of a results setting to errs; ""
// and 0 stand for the defaults.
func validateResultsSetting(resultsBy string, hours int, errs templates.FieldErrors) {
	if resultsBy != "" && resultsBy != store.ResultsByOrganisers && resultsBy != store.ResultsByPlayers {
		errs["results_by"] = resultsByProblem
	}
	if hours != 0 && (hours < 1 || hours > store.MaxConfirmHours) {
		errs["confirm_hours"] = confirmHoursProblem
	}
}

// confirmWindow writes a confirmation window for a page: "48 hours", "1 hour", "2 weeks".
func confirmWindow(hours int) string {
	switch {
	case hours == 1:
		return "1 hour"
	case hours%168 == 0:
		return strconv.Itoa(hours/168) + map[bool]string{true: " week", false: " weeks"}[hours == 168]
	}
	return strconv.Itoa(hours) + " hours"
}

// attendPage is a reminder e-mail's one-tap link (GET /attend/{token}): a page with the
// two answers as buttons. A GET changes nothing; the buttons POST with the page's CSRF
// field, bound to the link's game and player.
func (h *Handler) attendPage(c echo.Context) error {
	v, err := h.attendView(c)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.AttendPage(h.page(c, "Are you coming?"), v))
}

// attendByLink answers for the link's player (POST /attend/{token}, coming=yes|no) and
// shows the page again with the answer.
func (h *Handler) attendByLink(c echo.Context) error {
	link, err := h.store.AttendanceLinkOf(c.Request().Context(), c.Param("token"))
	if err != nil {
		return err
	}
	var coming bool
	switch c.FormValue("coming") {
	case "yes":
		coming = true
	case "no":
	default:
		return echo.NewHTTPError(http.StatusBadRequest, "coming: must be yes or no")
	}
	if err := h.store.SetAttendance(c.Request().Context(), link.GameID, link.UserID, coming); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/attend/"+c.Param("token"))
}

// attendView gathers the one-tap page of the path's token (404 for an unknown one).
func (h *Handler) attendView(c echo.Context) (templates.AttendView, error) {
	ctx := c.Request().Context()
	link, err := h.store.AttendanceLinkOf(ctx, c.Param("token"))
	if err != nil {
		return templates.AttendView{}, err
	}
	g, err := h.store.Game(ctx, link.GameID)
	if err != nil {
		return templates.AttendView{}, err
	}
	v := templates.AttendView{Token: c.Param("token"), Username: link.Username,
		GameURL: "/games/" + strconv.FormatInt(g.ID, 10), Title: gameName(g.Game) + " table " + strconv.FormatInt(g.ID, 10)}
	if g.LeagueID != 0 {
		l, err := h.store.League(ctx, g.LeagueID)
		if err != nil {
			return templates.AttendView{}, err
		}
		v.Title = l.Name + ", game " + strconv.Itoa(g.Number)
		if g.StartsAt != nil {
			v.When = g.StartsAt.In(leagueLocation(l)).Format(gameDateFormat)
		}
	}
	answers, err := h.store.Attendance(ctx, g.ID)
	if err != nil {
		return templates.AttendView{}, err
	}
	for _, a := range answers {
		if a.UserID == link.UserID && a.Coming != nil {
			v.Answer = map[bool]string{true: "coming", false: "not coming"}[*a.Coming]
		}
	}
	return v, nil
}

// tableBack is where a table form goes after its write: the desk, or the game page.
func tableBack(c echo.Context, gameID int64) error {
	if c.FormValue("from") == "desk" {
		return c.Redirect(http.StatusSeeOther, "/#table")
	}
	return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(gameID, 10)+"#table")
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

// confirmProposal is the Confirm button (POST /games/{id}/proposal/confirm).
func (h *Handler) confirmProposal(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	revision, err := formRevision(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	if _, err := h.store.Confirm(c.Request().Context(), id, user.ID, revision); err != nil {
		return proposalError(err)
	}
	return tableBack(c, id)
}

// disputeProposal is the dispute form (POST /games/{id}/proposal/dispute, field reason).
func (h *Handler) disputeProposal(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	revision, err := formRevision(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	if err := h.store.Dispute(c.Request().Context(), id, user.ID, c.FormValue("reason"), revision); err != nil {
		return proposalError(err)
	}
	return tableBack(c, id)
}

// withdrawProposal is the proposer's Withdraw button (POST /games/{id}/proposal/withdraw).
func (h *Handler) withdrawProposal(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	if err := h.store.Withdraw(c.Request().Context(), id, user.ID); err != nil {
		return proposalError(err)
	}
	return tableBack(c, id)
}

// answerAttendance is the "I'll be there" / "I can't come" form (POST /games/{id}/attendance,
// coming=yes|no).
func (h *Handler) answerAttendance(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var coming bool
	switch c.FormValue("coming") {
	case "yes":
		coming = true
	case "no":
	default:
		return echo.NewHTTPError(http.StatusBadRequest, "coming: must be yes or no")
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	if err := h.store.SetAttendance(c.Request().Context(), id, user.ID, coming); err != nil {
		return err
	}
	return tableBack(c, id)
}

// tableView is the game page's part for the players at the table, nil once the result is
// recorded or while a normal game's table still has free seats.
func (h *Handler) tableView(ctx context.Context, g store.Game, viewer store.User, signedIn, canRecord bool) (*templates.TableView, error) {
	if g.Status == store.GameFinished || g.Status == store.GameOpen {
		return nil, nil
	}
	seated := false
	for _, s := range g.Seats {
		seated = seated || (signedIn && s.UserID == viewer.ID)
	}
	v := &templates.TableView{GameID: g.ID, PlayersReport: g.ResultsBy == store.ResultsByPlayers, CanAnswer: seated}
	p, err := h.store.Proposal(ctx, g.ID)
	switch {
	case err == nil:
		rg, err := h.store.ResultGame(ctx, g.ID)
		if err != nil {
			return nil, err
		}
		pv := proposalView(p, viewer, signedIn, canRecord)
		pv.Lines = proposedLines(rg, p)
		v.Proposal = &pv
	case errors.Is(err, store.ErrNotFound):
		v.CanPropose = seated && v.PlayersReport
	default:
		return nil, err
	}
	answers, err := h.store.Attendance(ctx, g.ID)
	if err != nil {
		return nil, err
	}
	v.Attendance, v.MyAnswer = attendanceViews(g.Game, len(g.Seats), answers, viewer.ID)
	return v, nil
}

// proposalView is a proposal as the viewer sees it.
func proposalView(p store.Proposal, viewer store.User, signedIn, canRecord bool) templates.ProposalView {
	v := templates.ProposalView{Proposer: p.Proposer, Confirmed: p.Confirmed, Waiting: p.Waiting, Revision: p.Revision,
		ClosesAt: p.ClosesAt.UTC().Format(timeLayout), Disputed: p.Disputed(), DisputedBy: p.DisputedBy,
		Reason: p.DisputeReason, CanRecord: canRecord}
	if signedIn {
		v.IsProposer = p.ProposerID == viewer.ID
		for _, w := range p.Waiting {
			v.CanAnswer = v.CanAnswer || w == viewer.Username
		}
	}
	// Without a confirmation, the window's end records nothing: it waits for the organiser.
	if len(p.Confirmed) == 0 {
		v.ClosesAt = ""
	}
	return v
}

// proposedLines are a proposal's lines by place, scored as the result would be: "1st ada
// (90) — 20 points"; what was entered alone when it no longer scores against the seats.
func proposedLines(g store.ResultGame, p store.Proposal) []string {
	scores := scoresOf(p.Input)
	w, err := g.Write(p.ProposerID, p.Input)
	if err != nil {
		var out []string
		for _, s := range g.Seats {
			out = append(out, s.Username+" "+scores[strings.ToLower(s.Username)])
		}
		return out
	}
	lines := slices.Clone(w.Seated.Lines)
	slices.SortStableFunc(lines, func(a, b scoring.SeatedLine) int { return cmp.Compare(a.Place, b.Place) })
	out := make([]string, len(lines))
	for i, l := range lines {
		s := scoring.Ordinal(l.Place) + " " + l.Player
		if sc := scores[strings.ToLower(l.Player)]; sc != "" {
			s += " (" + sc + ")"
		}
		if l.Absent {
			out[i] = s + " — absent, played by the missing man"
			continue
		}
		out[i] = s + " — " + scoring.Mixed(l.Points) + " " + scoring.PointsWord(l.Points)
	}
	return out
}

// attendanceViews are the seated players' answers with what an absence means, and the
// viewer's own answer ("yes", "no" or ""). "I can't come" on a Diplomacy seat means the
// missing man plays its power (ARMADA 4.1: "Should only six players be available to play,
// a randomly-selected power will be chosen to be unplayed"); at other games the organiser
// finds a substitute who finishes the seat (ARMADA 4.2, "replaced").
func attendanceViews(slug string, seats int, answers []store.AttendanceAnswer, viewerID int64) ([]templates.AttendanceView, string) {
	game, gameErr := scoring.GameBySlug(slug)
	names := seatNames(slug, seats)
	var out []templates.AttendanceView
	mine := ""
	for _, a := range answers {
		v := templates.AttendanceView{Username: a.Username, Answer: "no answer"}
		if a.Coming != nil {
			v.Answer = map[bool]string{true: "coming", false: "not coming"}[*a.Coming]
			if a.UserID == viewerID {
				mine = map[bool]string{true: "yes", false: "no"}[*a.Coming]
			}
			if !*a.Coming {
				if gameErr == nil && game.System == scoring.Armada && a.Position >= 1 && a.Position <= len(names) {
					v.Note = "the missing man plays " + names[a.Position-1] + " (ARMADA 4.1)"
				} else {
					v.Note = "the organiser finds a substitute, who finishes the seat (ARMADA 4.2)"
				}
			}
		}
		out = append(out, v)
	}
	return out, mine
}

// apiAttendanceAnswer is one seated player's answer (CONTRACT section 8).
type apiAttendanceAnswer struct {
	Username string `json:"username"`
	Coming   *bool  `json:"coming"`
}

// apiAttendance lists the seated players' answers in seat order: GET
// /api/v1/games/{id}/attendance → [{"username","coming": true|false|null}].
func (h *Handler) apiAttendance(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	as, err := h.store.Attendance(c.Request().Context(), id)
	if err != nil {
		return err
	}
	out := make([]apiAttendanceAnswer, len(as))
	for i, a := range as {
		out[i] = apiAttendanceAnswer{Username: a.Username, Coming: a.Coming}
	}
	return c.JSON(http.StatusOK, out)
}

// apiSetAttendance is a seated player's answer: PUT /api/v1/games/{id}/attendance
// {"coming": true|false} → 200 with every answer; 403 for anyone not seated, 409 once the
// game is recorded.
func (h *Handler) apiSetAttendance(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var body struct {
		Coming *bool `json:"coming"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	if body.Coming == nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "coming: required, true (I'll be there) or false (I can't come)")
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.store.SetAttendance(c.Request().Context(), id, user.ID, *body.Coming); err != nil {
		return err
	}
	return h.apiAttendance(c)
}

// deskTableLength bounds each list of the desk's players-at-the-table part.
const deskTableLength = 20

// tableDesk gathers the desk's players-at-the-table part: the proposals the viewer is asked
// to confirm and their own, the proposals and answers of the games the viewer runs
// (organised), and the viewer's next dated games to answer for.
func (h *Handler) tableDesk(c echo.Context, user store.User, organised, next []store.QueuedGame) (templates.TableDeskView, error) {
	ctx := c.Request().Context()
	var v templates.TableDeskView
	withLines := func(p store.Proposal, canRecord bool) (templates.ProposalView, error) {
		pv := proposalView(p, user, true, canRecord)
		rg, err := h.store.ResultGame(ctx, p.GameID)
		if err != nil {
			return pv, err
		}
		pv.Lines = proposedLines(rg, p)
		return pv, nil
	}
	mine, err := h.store.SeatedProposals(ctx, user.ID)
	if err != nil {
		return v, err
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
		t := templates.TableView{GameID: id, Title: queuedTitle(g), When: deskGame(g).When, From: "desk"}
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
		t := templates.TableView{GameID: g.GameID, Title: queuedTitle(g), When: deskGame(g).When, From: "desk", CanAnswer: true}
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

// resultsSettingView is a results setting as its form shows it.
func resultsSettingView(resultsBy string, hours int) templates.ResultsSetting {
	return templates.ResultsSetting{ResultsBy: resultsBy, ConfirmHours: strconv.Itoa(hours), Errors: templates.FieldErrors{}}
}

// resultsSettingForm reads a form's results setting (an empty window is the default) and
// adds a message per wrong field to errs; the view holds what was typed.
func resultsSettingForm(c echo.Context, errs templates.FieldErrors) (string, int, templates.ResultsSetting) {
	v := templates.ResultsSetting{ResultsBy: c.FormValue("results_by"), ConfirmHours: strings.TrimSpace(c.FormValue("confirm_hours")),
		Errors: errs}
	hours := formInt(v.ConfirmHours, "confirm_hours", store.DefaultConfirmHours, errs)
	if _, bad := errs["confirm_hours"]; !bad && hours == 0 {
		errs["confirm_hours"] = confirmHoursProblem
	}
	validateResultsSetting(v.ResultsBy, hours, errs)
	return v.ResultsBy, hours, v
}

// setResultsSetting is the manage page's results form (POST /leagues/{id}/results-setting):
// the organiser chooses who enters results and the confirmation window.
func (h *Handler) setResultsSetting(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	by, hours, form := resultsSettingForm(c, errs)
	if by == "" {
		errs["results_by"] = resultsByProblem
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	if len(errs) == 0 {
		err := h.leagues.Edit(c.Request().Context(), id, user.ID, store.LeagueEdit{ResultsBy: &by, ConfirmHours: &hours})
		if err != nil {
			return err
		}
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage#results-setting")
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	v.Results = form
	return h.render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.page(c, "Manage "+v.League.Name), v))
}
