package pages

import (
	"cmp"
	"context"
	"errors"
	"fmt"
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

// resultFormPage shows the result form of a game to its league's organiser: empty for a
// new result, filled in with the recorded one for a correction.
func (h *Handler) resultFormPage(c echo.Context) error {
	g, err := h.resultGame(c)
	if err != nil {
		return err
	}
	f := newResultForm(g)
	f.entry.Fill(service.RecordedInput(g)) // a correction starts from the recorded result
	user, _ := httpx.CurrentUser(c)
	proposing := !service.MayRecord(g, user.ID)
	// The game's proposal, read once until the next write (web/httpx/cache_parts.go).
	p, err := httpx.Part(h.Cache, httpx.PartKey("proposal", g.ID), func() (*service.Proposal, error) {
		p, err := h.Results.Proposal(c.Request().Context(), g.ID)
		if errors.Is(err, store.ErrNotFound) {
			return nil, nil
		}
		return &p, err
	})
	if err != nil {
		return err
	}
	proposed := p != nil && (p.ProposerID == user.ID || !proposing)
	if proposed {
		// The proposer's own to change, or the proposal the organiser settles; a stored body
		// the scorer now refuses leaves the form as it is.
		if in, err := service.DecodeResult(g, p.Input); err == nil {
			f.entry.Fill(in)
		}
	}
	if g.Recorded == nil {
		// "I can't come" marks the seat absent (CONTRACT section 12; in Diplomacy the
		// missing man plays it, ARMADA 4.1).
		if err := h.absentFromAttendance(c, f, proposed); err != nil {
			return err
		}
	}
	v := f.view(nil)
	v.Proposing = proposing
	if p != nil && p.Disputed() && !proposing {
		name := seatNamer(g)
		v.Dispute = locales.T(c.Request().Context(), "resultform.dispute", map[string]any{"By": name(p.DisputedBy),
			"Proposer": name(p.Proposer), "Reason": sentenceEnd(p.DisputeReason)})
	}
	return h.Render(c, http.StatusOK, templates.ResultForm(h.Page(c, formTitle(c.Request().Context(), g)), v))
}

// submitResult handles the result form: "preview" scores the values and shows them with
// their explanations; "save" records the result (or corrects it) and goes to the game page;
// "save-next" records it and opens the next game of the desk's queue.
// A refusal shows the form again with every problem on its field, changing nothing.
func (h *Handler) submitResult(c echo.Context) error {
	g, err := h.resultGame(c)
	if err != nil {
		return err
	}
	f := newResultForm(g)
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "form: "+err.Error())
	}
	f.entry.Bind(form)
	page := h.Page(c, formTitle(c.Request().Context(), g))
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	proposing := !service.MayRecord(g, user.ID)
	view := func(errs templates.FormErrors) templates.ResultFormView {
		v := f.view(errs)
		v.Proposing = proposing
		return v
	}
	version, err := strconv.Atoi(form.Get("version"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "version: must be the version the form was built from")
	}
	if version != g.Version {
		return h.staleResultForm(c, g)
	}
	// The form builds the result once, every problem of its fields at once; only a whole
	// result is checked against the seats, and saved by the results service in one call.
	action := c.FormValue("action")
	save := action == "save" || action == "save-next"
	in, err := f.entry.Input()
	var done service.Submitted
	if err == nil {
		done, err = h.Results.SubmitForm(c.Request().Context(), g, user.ID, in, save, version > 0)
	}
	switch {
	case err == nil && !save:
		v := view(nil)
		v.Preview = &templates.ResultPreview{Victory: string(done.Write.Seated.Result.Victory),
			WinningSide: done.Write.Seated.Result.WinningSide, Lines: withScores(seatedLineViews(g, done.Write), in.Entered())}
		return h.Render(c, http.StatusOK, templates.ResultForm(page, v))
	case err == nil && done.Proposed:
		// A seated player proposes; the table confirms (CONTRACT section 8).
		h.GameChanged(c, g.ID)
		return h.tableBack(c, g.ID, proposedMessage(c.Request().Context(), g, done.Proposal))
	case err == nil:
		if version > 0 {
			h.CorrectionChanged(c, done.Result)
		} else {
			h.GameChanged(c, g.ID)
		}
		if action == "save-next" {
			return h.recordNext(c, user, g)
		}
		// No anchor: the result section lies past the message on a phone (issue #34).
		h.Flash(c, gameSay(c.Request().Context(), "table.flash_saved", g))
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d", g.ID))
	case !proposing && (errors.Is(err, store.ErrStaleResult) || errors.Is(err, store.ErrResultRecorded)):
		// Another save came first, between this request's read and its write.
		if g, err = h.resultGame(c); err != nil {
			return err
		}
		return h.staleResultForm(c, g)
	}
	status, message := httpx.Classify(httpx.ResultError(err))
	if status >= http.StatusInternalServerError {
		return err
	}
	errs, elsewhere := f.problems(err)
	v := view(errs)
	// In people's words: the fields' problems seat by seat, never a body path such as
	// "players[1].score" (issue #24); a refusal of the whole result without its "result: ".
	v.Error = refusalWords(c.Request().Context(), message, err)
	problems := f.problemList(errs)
	for _, w := range elsewhere {
		problems = append(problems, templates.FormProblem{Words: w})
	}
	if len(problems) > 0 {
		v.Error, v.Problems = templates.FormWords{ID: "resultform.problems"}, problems
	}
	return h.Render(c, status, templates.ResultForm(page, v))
}

// absentFromAttendance marks absent, on a result form of a game not recorded yet, the
// seated players who said they cannot come (PUT .../attendance {"coming": false}), so that
// the form records what the desk and the attendance answers say. In Diplomacy that is the
// one player whose power the missing man plays: "Should only six players be available to
// play, a randomly-selected power will be chosen to be unplayed" (ARMADA 4.1); with two or
// more away the missing man cannot stand in and the form is left as it is. In every other
// game each of them is absent (CONTRACT section 12), unless fewer than scoring.MinPresent
// would be left or the form holds a proposal (proposed), which says who played.
func (h *Handler) absentFromAttendance(c echo.Context, f *resultForm, proposed bool) error {
	answers, err := httpx.Part(h.Cache, httpx.PartKey("attendance", f.game.ID), func() ([]store.AttendanceAnswer, error) {
		return h.Store.Attendance(c.Request().Context(), f.game.ID)
	})
	if err != nil {
		return err
	}
	var away []string
	for _, a := range answers {
		if a.Coming != nil && !*a.Coming {
			away = append(away, a.Username)
		}
	}
	missingMan := f.game.Game.System.PlaysAbsentSeat()
	switch {
	case len(away) == 0:
		return nil
	case missingMan && len(away) != 1:
		return nil
	case !missingMan && (proposed || len(f.entry.Seats)-len(away) < scoring.MinPresent):
		return nil
	}
	for _, s := range f.entry.Seats {
		if s.Values["absent"] != "" {
			return nil // the proposal or the form already says who was absent
		}
	}
	for _, name := range away {
		if s := f.entry.Seat(name); s != nil {
			s.Values["absent"] = "1"
		}
	}
	return nil
}

// staleResultForm refuses a save built from an older version of the game's result (two
// tabs, a double click): it shows the form again holding the current result, and that
// result scored, with 409 and nothing changed.
func (h *Handler) staleResultForm(c echo.Context, g store.ResultGame) error {
	f := newResultForm(g)
	recorded := service.RecordedInput(g)
	f.entry.Fill(recorded)
	v := f.view(nil)
	if g.Recorded != nil {
		if w, err := service.CheckResult(g, g.OrganiserID, recorded); err == nil {
			v.Preview = &templates.ResultPreview{Victory: string(w.Seated.Result.Victory),
				WinningSide: w.Seated.Result.WinningSide, Lines: withScores(seatedLineViews(g, w), recorded.Entered())}
		}
	}
	v.Stale = true
	v.Error = refusalWords(c.Request().Context(), store.ErrStaleResult.Reason, store.ErrStaleResult)
	return h.Render(c, http.StatusConflict, templates.ResultForm(h.Page(c, formTitle(c.Request().Context(), g)), v))
}

// recordNext goes on from a saved result to the next game of the same league in the
// organiser's queue (the desk's "waiting for a result", oldest first), saying what was
// saved; back to the desk when none of that league is left (issue #24: never a game of
// another league, and a normal table has no next game).
func (h *Handler) recordNext(c echo.Context, user store.User, saved store.ResultGame) error {
	queue, err := h.Store.Queue(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	for _, q := range queue {
		if saved.LeagueID != 0 && q.LeagueID == saved.LeagueID && q.GameID != saved.ID {
			h.Flash(c, gameSay(c.Request().Context(), "table.flash_saved_next", saved, map[string]any{"N": strconv.Itoa(q.Number)}))
			return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/games/%d/result", q.GameID))
		}
	}
	if saved.LeagueID == 0 {
		h.Flash(c, gameSay(c.Request().Context(), "table.flash_saved", saved))
	} else {
		h.Flash(c, gameSay(c.Request().Context(), "table.flash_saved_last", saved))
	}
	return c.Redirect(http.StatusSeeOther, "/")
}

// proposedMessage says what a proposal did, and who confirms it now.
func proposedMessage(ctx context.Context, g store.ResultGame, p service.Proposal) string {
	id := "table.flash_proposed"
	if p.Revision > 1 {
		id = "table.flash_proposal_changed"
	}
	if len(p.Waiting) == 0 {
		return gameSay(ctx, id+"_organiser", g)
	}
	return gameSay(ctx, id, g, map[string]any{"Names": namesIn(ctx, g, p.Waiting)})
}

// refusalWords is a refusal of the whole result (err, whose English is message) as the
// form's alert says it: in the reader's language (httpx.SayError, by the refusal's message
// id), without the field it names ("result: changed since ..." is "Changed since ...").
func refusalWords(ctx context.Context, message string, err error) templates.FormWords {
	_, whole := splitField(message)
	_, said := splitField(httpx.SayError(locales.From(ctx), err))
	return templates.FormWords{English: httpx.Sentence(whole), Said: httpx.Sentence(said)}
}

// formTitle is the form page's title.
func formTitle(ctx context.Context, g store.ResultGame) string {
	return locales.T(ctx, "resultform.page_title", map[string]any{"Game": g.Game.Name, "N": locales.From(ctx).Int(g.Number)})
}

// resultGame loads the game of the path, in one round trip, and checks that the viewer is
// its league's organiser or a co-organiser (403 otherwise).
func (h *Handler) resultGame(c echo.Context) (store.ResultGame, error) {
	id, err := httpx.PathID(c)
	if err != nil {
		return store.ResultGame{}, err
	}
	read := func() (store.ResultGame, error) { return h.Results.Game(c.Request().Context(), id) }
	var g store.ResultGame
	if c.Request().Method == http.MethodGet {
		// The form's read, kept until the next write (web/httpx/cache_parts.go); a save reads the
		// game afresh, and the results service again under the game's lock.
		g, err = httpx.Part(h.Cache, httpx.PartKey("result game", id), read)
	} else {
		g, err = read()
	}
	if err != nil {
		return store.ResultGame{}, err
	}
	user, _ := httpx.CurrentUser(c)
	// The organisers record on this form; a seated player of a game whose players report
	// proposes its result on it.
	if err := service.MayUseResultForm(g, user.ID); err != nil {
		return store.ResultGame{}, err
	}
	return g, nil
}

// seatedLineViews renders a checked write's lines (a preview) for a page, with the seats' names
// and the league points the write lays out.
func seatedLineViews(g store.ResultGame, w store.ResultWrite) []templates.ResultLineView {
	out := make([]store.ResultLine, len(w.Seated.Lines))
	for i, l := range w.Seated.Lines {
		out[i] = store.ResultLine{SeatedLine: l, League: w.LeaguePoints[i]}
		for _, s := range g.Seats {
			if s.Position == l.Position {
				out[i].UserID, out[i].DisplayName = s.UserID, s.DisplayName
			}
		}
	}
	return resultLineViews(g.Game.System, out)
}

// withScores sets each line's Score from what the result entered for its player
// (scoring.ResultInput.Entered), by lower-case username.
func withScores(lines []templates.ResultLineView, scores map[string]string) []templates.ResultLineView {
	for i := range lines {
		lines[i].Score = scores[strings.ToLower(lines[i].Username)]
	}
	return lines
}

// resultLineViews renders scored lines of a game of system for a page, in the order given. A
// seat played by the missing man is the Seventh Player's line (ARMADA 4.1): the ARMADA points
// its power scored and no place among the players. An absent seat of another game is its
// player's line, marked as not come, with no place and no points (CONTRACT section 12).
func resultLineViews(system scoring.System, lines []store.ResultLine) []templates.ResultLineView {
	out := make([]templates.ResultLineView, len(lines))
	for i, l := range lines {
		name := l.DisplayName
		if name == "" {
			name = l.Player
		}
		out[i] = templates.ResultLineView{Position: l.Position, Username: l.Player, DisplayName: name,
			Points: scoring.Mixed(l.League), Place: l.Place, Winner: l.Winner, Side: l.Side,
			Explanation: l.Explanation, Substitute: l.Substitute, Absent: l.Absent,
			MissingMan: l.Absent && system.PlaysAbsentSeat()}
		if l.Absent {
			out[i].Points = scoring.Mixed(l.Points)
			out[i].Place = 0
		}
	}
	return out
}

// inPlaceOrder orders a result's lines by place, best first (seat order among equals), the
// absent seats' lines (the Seventh Player's), which have no place, last.
func inPlaceOrder(lines []templates.ResultLineView) []templates.ResultLineView {
	slices.SortStableFunc(lines, func(a, b templates.ResultLineView) int {
		if a.Absent != b.Absent {
			return cmp.Compare(boolRank(a.Absent), boolRank(b.Absent))
		}
		return cmp.Compare(a.Place, b.Place)
	})
	return lines
}

// boolRank orders false before true.
func boolRank(b bool) int {
	if b {
		return 1
	}
	return 0
}
