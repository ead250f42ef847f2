package api

import (
	"context"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiLeague is a league as the API shows it (CONTRACT section 4, GET /api/v1/leagues/{id},
// with a few added fields).
type apiLeague struct {
	ID   int64  `json:"id"`
	Name string `json:"name"`
	Game string `json:"game"`
	// Version is the slug of the version played (CONTRACT section 9); Edition the free-text
	// note that "version" held before it.
	Version        string `json:"version"`
	Edition        string `json:"edition"`
	PlayersPerGame int    `json:"players_per_game"`
	// Players is the league's size N and GamesPerPlayer the games each member plays
	// (CONTRACT section 10): the organiser's choice or the scheduler's default.
	Players        int      `json:"players"`
	GamesPerPlayer int      `json:"games_per_player"`
	MinRecentGames int      `json:"min_recent_games"`
	RecentDays     int      `json:"recent_days"`
	FaceToFace     bool     `json:"face_to_face"`
	Status         string   `json:"status"`
	Organiser      string   `json:"organiser"`
	CoOrganisers   []string `json:"co_organisers"`
	Members        []string `json:"members"`
	Description    string   `json:"description"`
	Venue          string   `json:"venue"`
	TimeZone       string   `json:"time_zone"`
	ClosedEarly    bool     `json:"closed_early"`
	// Withdrawn are the members who withdrew without a substitute (league-operations issue).
	Withdrawn []string `json:"withdrawn,omitempty"`
	// Private leagues are unlisted and joined through an invite link.
	Private bool `json:"private"`
	// Ratings is a private league's own ladder (rating.LeagueLadder), highest first, as
	// GET /api/v1/ratings/{game} shows a public one: only its members and organisers read
	// a private league. Absent for a public league, whose games are on the public ladder.
	Ratings *[]apiRating `json:"ratings,omitempty"`
	// ResultsBy ("organisers" or "players") and ConfirmHours are who enters results and
	// the table's confirmation window (CONTRACT section 8).
	ResultsBy    string     `json:"results_by"`
	ConfirmHours int        `json:"confirm_hours"`
	CreatedAt    time.Time  `json:"created_at"`
	StartedAt    *time.Time `json:"started_at"`
}

// apiGame is a game as the API shows it (CONTRACT section 4, GET /api/v1/leagues/{id}/games).
type apiGame struct {
	ID int64 `json:"id"`
	// Game is the registry slug of the game played; LeagueID its league, null for a normal
	// game (CONTRACT section 7).
	Game string `json:"game"`
	// Version and Edition are the version played and its note: a normal game's own, a
	// league game's league's (CONTRACT section 9).
	Version  string   `json:"version"`
	Edition  string   `json:"edition"`
	LeagueID *int64   `json:"league_id"`
	Number   int      `json:"number"`
	Round    int      `json:"round"`
	Status   string   `json:"status"`
	Seats    []string `json:"seats"`
	// SeatCount is the game's number of seats; a normal game's table may have free ones.
	SeatCount int `json:"seat_count"`
	// Organiser opened a normal game's table; absent for a league game.
	Organiser string `json:"organiser,omitempty"`
	// SeatNames name the seats in seat order, free ones of an open table included: the
	// game's own names where it has them (CONTRACT section 7, scoring.Game.SeatNames).
	SeatNames  []string   `json:"seat_names"`
	FinishedAt *time.Time `json:"finished_at"`
	// StartsAt and Place are the game's date and place (league-operations issue).
	StartsAt *time.Time `json:"starts_at"`
	Place    string     `json:"place"`
	// ResultsBy and ConfirmHours are who enters the result and the confirmation window:
	// the league's, or a normal game's own (CONTRACT section 8).
	ResultsBy    string `json:"results_by"`
	ConfirmHours int    `json:"confirm_hours"`
	// Absent and Replaced are, once a single game's result is recorded (GET
	// /api/v1/games/{id}), its seats whose players did not come and its substitutes
	// (CONTRACT section 12); left out elsewhere.
	Absent   []string          `json:"absent,omitempty"`
	Replaced map[string]string `json:"replaced,omitempty"`
}

// apiGameOf is a stored game as the API shows it.
func apiGameOf(g store.Game) apiGame {
	seats := make([]string, len(g.Seats))
	for j, s := range g.Seats {
		seats[j] = s.Username
	}
	out := apiGame{ID: g.ID, Game: g.Game, Version: g.Version, Edition: g.Edition, Number: g.Number, Round: g.Round, Status: g.Status, Seats: seats,
		SeatCount: max(g.SeatCount, len(seats)), SeatNames: httpx.SeatNames(g.Game, max(g.SeatCount, len(seats))),
		FinishedAt: g.FinishedAt, StartsAt: g.StartsAt, Place: g.Place, ResultsBy: g.ResultsBy, ConfirmHours: g.ConfirmHours}
	if g.LeagueID != 0 {
		out.LeagueID = &g.LeagueID
	} else {
		out.Organiser = g.Organiser
	}
	return out
}

// apiCreateLeague creates a league: POST /api/v1/leagues {"name","game","version"?,
// "edition"?,"players_per_game","players"?,"games_per_player"?,"min_recent_games"?,
// "recent_days"?,"face_to_face"?} → 201 with the league. "players" is its size N, from
// max(3, players_per_game) to 32 (default 8); "games_per_player" a positive multiple of
// players_per_game (default what `tablestakes schedule` plays for N; CONTRACT section 10). "version" is a slug of the game's versions (default its first) and
// players_per_game must lie within its range (CONTRACT section 9); free text once sent as
// "version" ("2nd edition") is a 422 saying it goes in "edition". The caller becomes its organiser. "face_to_face" (default false) asks for a
// schedule in rounds in which nobody plays twice. A bad field is 422 naming it; a field of
// the wrong JSON type is 400 naming it.
func (h *Handler) apiCreateLeague(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	var body struct {
		Name           string `json:"name"`
		Game           string `json:"game"`
		Version        string `json:"version"`
		Edition        string `json:"edition"`
		PlayersPerGame int    `json:"players_per_game"`
		Players        *int   `json:"players"`
		GamesPerPlayer *int   `json:"games_per_player"`
		MinRecentGames *int   `json:"min_recent_games"`
		RecentDays     *int   `json:"recent_days"`
		FaceToFace     bool   `json:"face_to_face"`
		league.ResultsSetting
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	in := store.NewLeague{
		Name: body.Name, Game: body.Game, Version: body.Version, Edition: body.Edition, PlayersPerGame: body.PlayersPerGame,
		MinRecentGames: store.DefaultMinRecentGames, RecentDays: store.DefaultRecentDays,
		FaceToFace: body.FaceToFace, OrganiserID: user.ID, Players: store.DefaultLeagueSize,
	}
	if body.Players != nil {
		in.Players = *body.Players
	}
	if body.GamesPerPlayer != nil {
		// 0 is no choice in the store; sent, it is a wrong number.
		if in.GamesPerPlayer = *body.GamesPerPlayer; in.GamesPerPlayer <= 0 {
			errs["games_per_player"] = fmt.Sprintf("must be positive, got %d", in.GamesPerPlayer)
		}
	}
	if body.MinRecentGames != nil {
		in.MinRecentGames = *body.MinRecentGames
	}
	if body.RecentDays != nil {
		in.RecentDays = *body.RecentDays
	}
	in.ResultsBy, in.ConfirmHours = body.ResultsSetting.Values(errs)
	setup := in.Setup()
	league.CheckSetup(locales.Default(), &setup, errs)
	if in.Name, in.Edition, in.Version = setup.Name, setup.Edition, setup.Version; len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstLeagueError(errs))
	}
	ctx := c.Request().Context()
	l, err := h.Leagues.Create(ctx, in)
	if err != nil {
		return err
	}
	h.LeagueChanged(c, l.ID)
	out, err := h.apiLeagueOf(ctx, l)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusCreated, out)
}

// apiJoinLeague signs the caller up: POST /api/v1/leagues/{id}/join → 200 with the league
// (status "running" once the caller took its last place, the N-th); 409 when full, running or already
// joined; 403 when the activity rule refuses. A private league takes the invite link's token
// as {"invite": "..."} (league-operations issue): without it the league is a 404, with an
// old or wrong one a 403.
func (h *Handler) apiJoinLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	invite, err := joinInvite(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	ctx := c.Request().Context()
	l, err := h.Leagues.JoinInvited(ctx, id, user.ID, invite)
	if err != nil {
		if status, message, ok := httpx.JoinRefusal(err); ok {
			return echo.NewHTTPError(status, message).SetInternal(err)
		}
		return err
	}
	h.LeagueChanged(c, id)
	out, err := h.apiLeagueOf(ctx, l)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// apiLeagueRead returns a league: GET /api/v1/leagues/{id}.
func (h *Handler) apiLeagueRead(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	out, err := h.apiLeagueOf(c.Request().Context(), l)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// apiLeagueGames returns a league's games in number order with their seats as usernames in
// seat order: GET /api/v1/leagues/{id}/games. An open league has none yet: [].
func (h *Handler) apiLeagueGames(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	games, err := h.Store.Games(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	out := make([]apiGame, len(games))
	for i, g := range games {
		out[i] = apiGameOf(g)
	}
	return c.JSON(http.StatusOK, out)
}

// apiLeagueOf is a stored league with its members' usernames in join order.
func (h *Handler) apiLeagueOf(ctx context.Context, l store.League) (apiLeague, error) {
	members, err := h.Store.Members(ctx, l.ID)
	if err != nil {
		return apiLeague{}, err
	}
	names := make([]string, len(members))
	for i, m := range members {
		names[i] = m.Username
	}
	co, err := h.Store.CoOrganisers(ctx, l.ID)
	if err != nil {
		return apiLeague{}, err
	}
	withdrawn, err := h.Store.Withdrawals(ctx, l.ID)
	if err != nil {
		return apiLeague{}, err
	}
	var gone []string
	for _, w := range withdrawn {
		gone = append(gone, w.Username)
	}
	var own *[]apiRating
	if l.Private {
		rs, err := h.Store.Ratings(ctx, rating.LeagueLadder(l.Game, l.ID, true))
		if err != nil {
			return apiLeague{}, err
		}
		ratings := apiRatingsOf(rs)
		own = &ratings
	}
	return apiLeague{
		Withdrawn: gone, Private: l.Private, Ratings: own,
		ID: l.ID, Name: l.Name, Game: l.Game, Version: l.Version, Edition: l.Edition, PlayersPerGame: l.PlayersPerGame,
		MinRecentGames: l.MinRecentGames, RecentDays: l.RecentDays, FaceToFace: l.FaceToFace, Status: l.Status,
		Organiser: l.Organiser, CoOrganisers: co, Members: names, CreatedAt: l.CreatedAt, StartedAt: l.StartedAt,
		Description: l.Description, Venue: l.Venue, TimeZone: l.TimeZone, ClosedEarly: l.ClosedEarly,
		ResultsBy: l.ResultsBy, ConfirmHours: l.ConfirmHours,
		Players: l.Players, GamesPerPlayer: l.Format().GamesEach(),
	}, nil
}

// apiLeagueAnswer answers 200 with the league as it stands after an operation.
func (h *Handler) apiLeagueAnswer(c echo.Context, id int64) error {
	ctx := c.Request().Context()
	l, err := h.Store.League(ctx, id)
	if err != nil {
		return err
	}
	out, err := h.apiLeagueOf(ctx, l)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, out)
}

// leagueFields are the create-league fields in the order they are shown and reported.
var leagueFields = []string{"name", "game", "version", "edition", "players_per_game", "players", "games_per_player", "min_recent_games", "recent_days", "face_to_face",
	"results_by", "confirm_hours"}

// firstLeagueError renders the first failing field as "field: message", for the API.
func firstLeagueError(errs templates.FieldErrors) string {
	for _, f := range leagueFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}
