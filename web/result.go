package web

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// resultError maps a refused result write to its HTTP error: 400 for a body that is not
// JSON, 422 for a result the scorer or the seats refuse (naming the field). Anyone but the
// organiser (403), conflicts (409) and not-found (404) go to the central handler.
func resultError(err error) error {
	var fe *scoring.FieldError
	switch {
	case errors.As(err, &fe) && fe.Field == "input":
		return echo.NewHTTPError(http.StatusBadRequest, "body"+fe.Error()[len("input"):])
	case errors.As(err, &fe):
		// Every problem of the body at once ("a: ...; b: ..."), the first first.
		msg := fe.Error()
		if all := scoring.AllFieldErrors(err); len(all) > 1 {
			msg = scoring.FieldErrors(all).Error()
		}
		return echo.NewHTTPError(http.StatusUnprocessableEntity, msg)
	}
	return err
}

// readResultBody reads the request body: the scorer input of CONTRACT section 1.
func readResultBody(c echo.Context) ([]byte, error) {
	body, err := io.ReadAll(c.Request().Body)
	var tooBig *http.MaxBytesError
	if errors.As(err, &tooBig) {
		return nil, echo.NewHTTPError(http.StatusRequestEntityTooLarge, "body: too large")
	}
	if err != nil {
		return nil, fmt.Errorf("web: read result body: %w", err)
	}
	if len(body) == 0 {
		return nil, echo.NewHTTPError(http.StatusBadRequest, "body: empty; expected the game's scorer input as a JSON object")
	}
	return body, nil
}

// apiRecordResult records a game's result: POST /api/v1/games/{id}/result with the scorer
// input (usernames as ids, optionally "replaced": {username: substitute}) → 201 with the
// scored result. 403 for anyone but the organiser, 409 once recorded, 400/422 on bad input.
func (h *Handler) apiRecordResult(c echo.Context) error {
	return h.apiWriteResult(c, false)
}

// apiCorrectResult corrects a recorded result: PUT /api/v1/games/{id}/result → 200 with the
// scored result and what moved. 409 when nothing is recorded yet.
func (h *Handler) apiCorrectResult(c echo.Context) error {
	return h.apiWriteResult(c, true)
}

// apiWriteResult is the shared body of POST and PUT.
func (h *Handler) apiWriteResult(c echo.Context, correct bool) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	body, err := readResultBody(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	ctx := c.Request().Context()
	g, err := h.store.ResultGame(ctx, id)
	if err != nil {
		return err
	}
	// Refuse the wrong person or state before judging the body, as the results service does
	// again under the game's lock.
	if err := service.Writable(g, user.ID, correct); err != nil {
		return err
	}
	in, err := g.DecodeResult(body)
	if err != nil {
		return resultError(err)
	}
	w, err := g.Check(user.ID, in)
	if err != nil {
		return resultError(err)
	}
	var r store.GameResult
	if correct {
		r, err = h.results.Correct(ctx, w)
	} else {
		r, err = h.results.Record(ctx, w)
	}
	if err != nil {
		return resultError(err)
	}
	out, err := apiResultOf(r, true)
	if err != nil {
		return err
	}
	status := http.StatusCreated
	if correct {
		status = http.StatusOK
	}
	return c.JSONBlob(status, out)
}

// apiGetResult shows a recorded result: GET /api/v1/games/{id}/result.
func (h *Handler) apiGetResult(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	r, err := h.store.Result(c.Request().Context(), id)
	if err != nil {
		return err
	}
	out, err := apiResultOf(r, false)
	if err != nil {
		return err
	}
	return c.JSONBlob(http.StatusOK, out)
}

// apiLedgerLine is one seat's rating move in the API: CONTRACT section 3's "ante", "award"
// and "delta", with whose rating took it and that rating before and after.
type apiLedgerLine struct {
	Username     string        `json:"username"`
	Substitute   string        `json:"substitute,omitempty"`
	Credited     string        `json:"credited"`
	RatingBefore rating.Micros `json:"rating_before"`
	Ante         rating.Micros `json:"ante"`
	Award        rating.Micros `json:"award"`
	Delta        rating.Micros `json:"delta"`
	RatingAfter  rating.Micros `json:"rating_after"`
}

// apiPointsChange is one player's league points for the game before and after a write.
type apiPointsChange struct {
	Username string          `json:"username"`
	Before   json.RawMessage `json:"before"`
	After    json.RawMessage `json:"after"`
	Delta    json.RawMessage `json:"delta"`
}

// apiRatingChange is one member's rating before and after a write.
type apiRatingChange struct {
	Username string        `json:"username"`
	Before   rating.Micros `json:"before"`
	After    rating.Micros `json:"after"`
	Delta    rating.Micros `json:"delta"`
}

// apiActivityWarning is a seated player who had fallen inactive under the league's
// activity rule when a result was written: a warning, the result is recorded all the same.
type apiActivityWarning struct {
	Username       string `json:"username"`
	RecentGames    int    `json:"recent_games"`
	MinRecentGames int    `json:"min_recent_games"`
	RecentDays     int    `json:"recent_days"`
	Message        string `json:"message"`
}

// apiResultOf renders a stored result as CONTRACT section 1's scored output ("system",
// "results", team games' "victory" and "winner") plus "game_id", "league_id", "ladder",
// "replaced", "ledger" and, after a write, "changes".
func apiResultOf(r store.GameResult, withChanges bool) ([]byte, error) {
	scored, err := json.Marshal(r.Result)
	if err != nil {
		return nil, fmt.Errorf("web: encode result: %w", err)
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(scored, &out); err != nil {
		return nil, fmt.Errorf("web: encode result: %w", err)
	}
	replaced := map[string]string{}
	for _, l := range r.Lines {
		if l.Substitute != "" {
			replaced[l.Player] = l.Substitute
		}
	}
	ledger := make([]apiLedgerLine, len(r.Ledger))
	for i, l := range r.Ledger {
		ledger[i] = apiLedgerLine{Username: l.Player, Substitute: l.Substitute, Credited: l.Credited,
			RatingBefore: l.Before, Ante: l.Ante, Award: l.Award, Delta: l.Delta, RatingAfter: l.After}
	}
	var leagueID *int64 // null for a normal game (CONTRACT section 7)
	if r.LeagueID != 0 {
		leagueID = &r.LeagueID
	}
	extra := map[string]any{
		"game_id": r.GameID, "league_id": leagueID, "ladder": r.Ladder,
		"replaced": replaced, "ledger": ledger, "recorded_by": r.RecordedBy, "recorded_at": r.RecordedAt,
	}
	if r.CorrectedAt != nil {
		extra["corrected_by"], extra["corrected_at"] = r.CorrectedBy, r.CorrectedAt
	}
	if withChanges {
		points := make([]apiPointsChange, len(r.Changes.Points))
		for i, p := range r.Changes.Points {
			points[i] = apiPointsChange{Username: p.Username, Before: json.RawMessage(scoring.Decimal(p.Before)),
				After: json.RawMessage(scoring.Decimal(p.After)), Delta: json.RawMessage(scoring.Decimal(p.Delta()))}
		}
		ratings := make([]apiRatingChange, len(r.Changes.Ratings))
		for i, rc := range r.Changes.Ratings {
			ratings[i] = apiRatingChange{Username: rc.Username, Before: rc.Before, After: rc.After, Delta: rc.After - rc.Before}
		}
		extra["changes"] = map[string]any{"points": points, "ratings": ratings}
		warnings := make([]apiActivityWarning, len(r.Inactive))
		for i, a := range r.Inactive {
			warnings[i] = apiActivityWarning{Username: a.Username, RecentGames: a.Recent, MinRecentGames: a.Need,
				RecentDays: a.Days, Message: a.Warning()}
		}
		extra["activity_warnings"] = warnings
	}
	for k, v := range extra {
		b, err := json.Marshal(v)
		if err != nil {
			return nil, fmt.Errorf("web: encode result %s: %w", k, err)
		}
		out[k] = b
	}
	b, err := json.Marshal(out)
	if err != nil {
		return nil, fmt.Errorf("web: encode result: %w", err)
	}
	return b, nil
}

// resultView gathers a game's result section: the scored lines, the rating ledger and the
// audit trail with each correction's diff. canRecord says whether the viewer may record
// or correct (the organiser or a co-organiser, while the league takes results). Its times
// are in zone, the game's league's ("" for a normal game: UTC), shown by the page's clock.
func (h *Handler) resultView(c echo.Context, gameID int64, canRecord bool, status string, clock pageClock, zone string) (templates.ResultView, error) {
	v := templates.ResultView{GameID: gameID, CanRecord: canRecord}
	if status != store.GameFinished {
		return v, nil
	}
	ctx := c.Request().Context()
	r, err := h.store.Result(ctx, gameID)
	if err != nil {
		return v, err
	}
	audit, err := h.store.ResultAudit(ctx, gameID)
	if err != nil {
		return v, err
	}
	v.Recorded = true
	v.Victory, v.WinningSide = string(r.Result.Victory), r.Result.WinningSide
	// By place, best first, each with what was entered for it.
	v.Lines = inPlaceOrder(withScores(resultLineViews(r.Lines), r.Input))
	v.Ladder = r.Ladder
	v.RecordedBy, v.RecordedAt = r.RecordedBy, clock.show(r.RecordedAt, zone, timeLayout)
	if r.CorrectedAt != nil {
		v.CorrectedBy, v.CorrectedAt = r.CorrectedBy, clock.show(*r.CorrectedAt, zone, timeLayout)
	}
	var pot rating.Micros
	for _, l := range r.Ledger {
		pot += l.Ante
		v.Ledger = append(v.Ledger, templates.LedgerView{Username: l.Player, Substitute: l.Substitute, Credited: l.Credited,
			Before: showMicros(l.Before), Ante: showMicros(l.Ante), Award: showMicros(l.Award), Delta: signedMicros(l.Delta),
			After: showMicros(l.After), Trend: trend(int64(l.Delta))})
	}
	v.PotNote = potNote(r.Result.System, len(r.Ledger), pot)
	for _, a := range audit {
		av := templates.AuditView{Username: a.Username, Action: a.Action + "ed", At: clock.show(a.At, zone, timeLayout), Reason: a.Reason}
		if a.Action == "correct" {
			av.Action = "corrected"
		}
		for _, p := range a.Changes.Points {
			d := p.Delta()
			av.Points = append(av.Points, templates.ChangeView{Username: p.Username, Before: scoring.Mixed(p.Before),
				After: scoring.Mixed(p.After), Delta: signedRat(d), Trend: trend(int64(d.Sign()))})
		}
		for _, rc := range a.Changes.Ratings {
			av.Ratings = append(av.Ratings, templates.ChangeView{Username: rc.Username, Before: showMicros(rc.Before),
				After: showMicros(rc.After), Delta: signedMicros(rc.After - rc.Before), Trend: trend(int64(rc.After - rc.Before))})
		}
		v.Audit = append(v.Audit, av)
	}
	return v, nil
}

// timeLayout is how pages show when something happened, in the page's zone (pageClock).
const timeLayout = "2 Jan 2006 15:04"

// trend names the direction of a change for its colour: "up", "down" or "flat".
func trend(sign int64) string {
	switch {
	case sign > 0:
		return "up"
	case sign < 0:
		return "down"
	}
	return "flat"
}

// signedMicros writes a rating change for a page with its sign, to one decimal: "+12.5",
// "−3.0", "0.0".
func signedMicros(m rating.Micros) string {
	if m > 0 {
		return "+" + showMicros(m)
	}
	return showMicros(m)
}

// signedRat writes a points change with its sign: "+12", "−4 1/2", "0".
func signedRat(r *big.Rat) string {
	switch r.Sign() {
	case 1:
		return "+" + scoring.Mixed(r)
	case -1:
		return scoring.Mixed(r)
	}
	return "0"
}

// showMicros writes a rating amount for a page to one decimal, rounded half away from
// zero, with a true minus sign: "219.1", "84.0", "−3.5". The API keeps millionths.
func showMicros(m rating.Micros) string {
	const tenth = rating.PerPoint / 10
	neg := m < 0
	mag := uint64(m)
	if neg {
		mag = -mag
	}
	tenths := (mag + uint64(tenth)/2) / uint64(tenth)
	s := strconv.FormatUint(tenths/10, 10) + "." + strconv.FormatUint(tenths%10, 10)
	if neg && tenths != 0 {
		return "−" + s
	}
	return s
}
