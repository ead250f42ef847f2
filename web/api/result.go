package api

import (
	"encoding/json"
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// readResultBody reads the request body: the scorer input of CONTRACT section 1, which the
// game's scorer decodes strictly (httpx.ReadJSON).
func readResultBody(c echo.Context) ([]byte, error) {
	return httpx.ReadJSON(c)
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
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	body, err := readResultBody(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	r, err := h.Results.WriteBody(c.Request().Context(), id, user.ID, body, correct)
	if err != nil {
		return httpx.ResultError(err)
	}
	if correct {
		h.CorrectionChanged(c, r)
	} else {
		h.GameChanged(c, id)
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
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	r, err := h.Store.Result(c.Request().Context(), id)
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

// activityWarning says, in one line for the organiser, that the player has fallen inactive
// (an activity warning's "message").
func activityWarning(a store.ActivityState) string {
	return fmt.Sprintf("activity rule: %s has %d finished %s in the last %d days; this league needs %d",
		a.Username, a.Recent, scoring.Plural(a.Recent, "game", "games"), a.Days, a.Need)
}

// apiResultOf renders a stored result as CONTRACT section 1's scored output ("system",
// "results", team games' "victory" and "winner") plus "game_id", "league_id", "ladder",
// "replaced", "absent" (CONTRACT section 12), "ledger" and, after a write, "changes".
func apiResultOf(r store.GameResult, withChanges bool) ([]byte, error) {
	scored, err := json.Marshal(r.Result)
	if err != nil {
		return nil, fmt.Errorf("web: encode result: %w", err)
	}
	var out map[string]json.RawMessage
	if err := json.Unmarshal(scored, &out); err != nil {
		return nil, fmt.Errorf("web: encode result: %w", err)
	}
	replaced, absent := r.Replaced(), r.Absent()
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
		"replaced": replaced, "absent": absent, "ledger": ledger, "recorded_by": r.RecordedBy, "recorded_at": r.RecordedAt,
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
				RecentDays: a.Days, Message: activityWarning(a)}
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
