package api

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiSeason is a season as the API shows it (CONTRACT section 10, GET /api/v1/seasons/{id},
// with a few added fields).
type apiSeason struct {
	ID             int64  `json:"id"`
	Name           string `json:"name"`
	Game           string `json:"game"`
	Version        string `json:"version"`
	PlayersPerGame int    `json:"players_per_game"`
	// Status is "open", "running" or "finished" (every division's league over).
	Status       string `json:"status"`
	DivisionSize int    `json:"division_size"`
	Promote      int    `json:"promote"`
	FaceToFace   bool   `json:"face_to_face"`
	ResultsBy    string `json:"results_by"`
	ConfirmHours int    `json:"confirm_hours"`
	Organiser    string `json:"organiser"`
	// Previous is the season this one follows and Next the one that follows it (null when none).
	Previous *int64 `json:"previous"`
	Next     *int64 `json:"next"`
	// SignedUp are the players signed up, in sign-up order.
	SignedUp  []string      `json:"signed_up"`
	Divisions []apiDivision `json:"divisions"`
	CreatedAt time.Time     `json:"created_at"`
	StartedAt *time.Time    `json:"started_at"`
}

// apiDivision is one division of a season: its number (1 on top), its league and members.
type apiDivision struct {
	Number   int      `json:"number"`
	LeagueID int64    `json:"league_id"`
	Members  []string `json:"members"`
}

// apiMovement is where a finished season sends a player (GET /api/v1/seasons/{id}/movements).
type apiMovement struct {
	Username string `json:"username"`
	From     int    `json:"from"`
	To       int    `json:"to"`
	// Place is the player's place in their division once ties are broken.
	Place int `json:"place"`
}

// apiCreateSeason creates a season: POST /api/v1/seasons {"name","game","version"?,
// "players_per_game","division_size"? (default 8),"promote"? (default 2),"face_to_face"?,
// "results_by"?,"confirm_hours"?} → 201 with the open season; the caller organises it. A
// bad field is 422 naming it (a division under max(3, players_per_game), promote half a
// division or more).
func (h *Handler) apiCreateSeason(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	var body struct {
		Name           string `json:"name"`
		Game           string `json:"game"`
		Version        string `json:"version"`
		PlayersPerGame int    `json:"players_per_game"`
		DivisionSize   *int   `json:"division_size"`
		Promote        *int   `json:"promote"`
		FaceToFace     bool   `json:"face_to_face"`
		league.ResultsSetting
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	in := store.NewSeason{Name: body.Name, Game: body.Game, Version: body.Version, PlayersPerGame: body.PlayersPerGame,
		DivisionSize: 8, Promote: 2, FaceToFace: body.FaceToFace, OrganiserID: user.ID}
	if body.DivisionSize != nil {
		in.DivisionSize = *body.DivisionSize
	}
	if body.Promote != nil {
		in.Promote = *body.Promote
	}
	in.ResultsBy, in.ConfirmHours = body.ResultsSetting.Values(errs)
	setup := in.Setup()
	league.CheckSeasonSetup(locales.Default(), &setup, errs)
	if in.Name, in.Version = setup.Name, setup.Version; len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, league.FirstSeasonProblem(errs))
	}
	ctx := c.Request().Context()
	se, err := h.Seasons.Create(ctx, in)
	if err != nil {
		return err
	}
	return h.apiSeasonAnswer(c, http.StatusCreated, se.ID)
}

// apiSeasonRead returns a season: GET /api/v1/seasons/{id}.
func (h *Handler) apiSeasonRead(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	return h.apiSeasonAnswer(c, http.StatusOK, id)
}

// apiSeasonSignUp signs the caller up: POST /api/v1/seasons/{id}/signup → 200 with the
// season; 409 when signed up already or the season has started.
func (h *Handler) apiSeasonSignUp(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Seasons.SignUp(c.Request().Context(), id, user.ID); err != nil {
		return err
	}
	return h.apiSeasonAnswer(c, http.StatusOK, id)
}

// apiSeasonWithdraw takes the caller's sign-up back: DELETE /api/v1/seasons/{id}/signup →
// 204; 409 when not signed up or once the season has started (leaving a running season is
// withdrawing from the division's league).
func (h *Handler) apiSeasonWithdraw(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Seasons.Withdraw(c.Request().Context(), id, user.ID); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// apiSeasonStart starts a season: POST /api/v1/seasons/{id}/start (its organiser; 403 for
// anyone else) → 200 with the season and its divisions; 409 once started; 422 when a
// division would have fewer than max(3, players_per_game) players or more than 32.
func (h *Handler) apiSeasonStart(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Seasons.Start(c.Request().Context(), id, user.ID); err != nil {
		return err
	}
	return h.apiSeasonAnswer(c, http.StatusOK, id)
}

// apiSeasonMovements returns a finished season's movements: GET
// /api/v1/seasons/{id}/movements → [{"username","from","to","place"}], division 1 first;
// 409 until every division has finished.
func (h *Handler) apiSeasonMovements(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ms, err := h.Seasons.Movements(c.Request().Context(), id)
	if err != nil {
		return err
	}
	out := make([]apiMovement, len(ms))
	for i, m := range ms {
		out[i] = apiMovement{Username: m.Player, From: m.From, To: m.To, Place: m.Place}
	}
	return c.JSON(http.StatusOK, out)
}

// apiSeasonNext opens the next season: POST /api/v1/seasons/{id}/next {"name"} (its
// organiser, once finished) → 201 with the new open season, every player of this one
// signed up; 409 before the season has finished or when its next season exists, 403 for
// anyone but its organiser, 422 for a bad name.
func (h *Handler) apiSeasonNext(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	var body struct {
		Name string `json:"name"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	name := strings.TrimSpace(body.Name)
	if msg := league.SeasonNameProblem(name); msg != "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "name: "+msg)
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	next, err := h.Seasons.Next(c.Request().Context(), id, user.ID, name)
	if err != nil {
		return err
	}
	return h.apiSeasonAnswer(c, http.StatusCreated, next.ID)
}

// apiSeasonAnswer answers status with the season as it stands.
func (h *Handler) apiSeasonAnswer(c echo.Context, status int, id int64) error {
	out, err := h.apiSeasonOf(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(status, out)
}

// apiSeasonOf is a stored season with its sign-ups and divisions.
func (h *Handler) apiSeasonOf(ctx context.Context, id int64) (apiSeason, error) {
	se, err := h.Store.Season(ctx, id)
	if err != nil {
		return apiSeason{}, err
	}
	ups, err := h.Store.SignUps(ctx, id)
	if err != nil {
		return apiSeason{}, err
	}
	ds, err := h.Store.Divisions(ctx, id)
	if err != nil {
		return apiSeason{}, err
	}
	out := apiSeason{
		ID: se.ID, Name: se.Name, Game: se.Game, Version: se.Version, PlayersPerGame: se.PlayersPerGame,
		Status: se.Status, DivisionSize: se.DivisionSize, Promote: se.Promote, FaceToFace: se.FaceToFace,
		ResultsBy: se.ResultsBy, ConfirmHours: se.ConfirmHours, Organiser: se.Organiser,
		Previous: se.PreviousID, Next: se.NextID, SignedUp: make([]string, len(ups)),
		Divisions: make([]apiDivision, len(ds)), CreatedAt: se.CreatedAt, StartedAt: se.StartedAt,
	}
	for i, u := range ups {
		out.SignedUp[i] = u.Username
	}
	for i, d := range ds {
		out.Divisions[i] = apiDivision{Number: d.Number, LeagueID: d.LeagueID, Members: d.Members}
	}
	return out, nil
}
