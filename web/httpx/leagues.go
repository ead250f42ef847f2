package httpx

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
	_ "time/tzdata"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/text"
)

// League field limits. They match the CHECK constraints of migration 00002.
const (
	// maxPlayersPerGame is the most seats a game has (a seat's position is 1..8).
	maxPlayersPerGame = 8
	leagueNameMax     = 80
	leagueEditionMax  = 80
	minRecentGamesMax = 1000
	recentDaysMax     = 3650
)

// ValidateLeague normalises a league creation (trimmed text, the version's slug) and adds one
// message per wrong field to errs. The game must be in the registry, the version one of the
// game's (CONTRACT section 9; none is the default), players per game within the version's
// range (scoring.Version.AcceptsPlayers), and the league's size and games per player what
// league.Format.Check accepts (CONTRACT section 10).
func ValidateLeague(l locales.Lang, in *store.NewLeague, errs templates.FieldErrors) {
	in.Name = text.Name(in.Name)
	in.Edition = strings.TrimSpace(in.Edition)
	if msg := TextProblemIn(l, in.Name, leagueNameMax, true); msg != "" {
		errs["name"] = msg
	}
	game, version := validateGameVersion(l, in.Game, &in.Version, errs)
	if msg := TextProblemIn(l, in.Edition, leagueEditionMax, false); msg != "" {
		errs["edition"] = msg
	}
	if _, bad := errs["players_per_game"]; !bad {
		switch {
		case in.PlayersPerGame == 0:
			errs["players_per_game"] = l.T("newleague.per_game_required")
		case in.PlayersPerGame < 2 || in.PlayersPerGame > maxPlayersPerGame:
			errs["players_per_game"] = l.T("newleague.per_game_range")
		case version != nil:
			if perr := version.AcceptsPlayers(game, in.PlayersPerGame); perr != nil {
				errs["players_per_game"] = FieldProblem(perr)
			}
		case game.Slug != "":
			if perr := game.AcceptsPlayers(in.PlayersPerGame); perr != nil {
				errs["players_per_game"] = FieldProblem(perr)
			}
		}
	}
	if _, bad := errs["players_per_game"]; !bad {
		// The caller sets the size (store.DefaultLeagueSize when none is asked), so a 0
		// sent is refused rather than taken for the default.
		f := in.Format()
		f.Players = in.Players
		if field, problem := f.Check(); field != "" {
			errs[field] = problem
		}
	}
	if _, bad := errs["min_recent_games"]; !bad && (in.MinRecentGames < 0 || in.MinRecentGames > minRecentGamesMax) {
		errs["min_recent_games"] = l.T("newleague.min_recent_range")
	}
	if _, bad := errs["recent_days"]; !bad && (in.RecentDays < 1 || in.RecentDays > recentDaysMax) {
		errs["recent_days"] = l.T("newleague.recent_days_range")
	}
	ValidateResultsSetting(in.ResultsBy, in.ConfirmHours, errs)
}

// validateGameVersion checks a game slug and a version slug of it (CONTRACT section 9: "an
// unknown version is 422 naming version"), adding a message on "game" or "version" to errs;
// an empty version becomes the game's default. The game is the zero Game when unknown, the
// version nil when either is.
func validateGameVersion(l locales.Lang, slug string, version *string, errs templates.FieldErrors) (scoring.Game, *scoring.Version) {
	*version = strings.TrimSpace(*version)
	game, err := scoring.GameBySlug(slug)
	if slug == "" {
		errs["game"] = l.T("newleague.game_required", map[string]any{"Games": gameSlugs()})
		return scoring.Game{}, nil
	} else if err != nil {
		errs["game"] = FieldProblem(err)
		return scoring.Game{}, nil
	}
	v, err := game.Version(*version)
	if err != nil {
		errs["version"] = FieldProblem(err)
		return game, nil
	}
	*version = v.Slug
	return game, &v
}

// gameSlugs lists the registry's slugs, for error messages.
func gameSlugs() string {
	var slugs []string
	for _, g := range scoring.Games() {
		slugs = append(slugs, g.Slug)
	}
	return strings.Join(slugs, ", ")
}

// JoinRefusal maps a refused join to its status and message: the activity rule is 403,
// every conflict (full, running, finished, already joined) 409.
func JoinRefusal(err error) (int, string, bool) {
	var (
		inactive *store.InactiveError
		conflict *store.Conflict
	)
	switch {
	case errors.As(err, &inactive):
		return http.StatusForbidden, inactive.Error(), true
	case errors.As(err, &conflict):
		return http.StatusConflict, conflict.Reason, true
	}
	return 0, "", false
}

// leagueVisible reports whether the viewer may see the league (store.LeagueVisible). A
// public league's row, cached until the next write, answers without a query; a private
// league's visibility is asked of the database on every request.
func (h *Server) leagueVisible(ctx context.Context, leagueID, viewerID int64) (bool, error) {
	l, err := Part(h.Cache, PartKey("league row", leagueID), func() (store.League, error) {
		return h.Store.League(ctx, leagueID)
	}, store.LeagueKey(leagueID))
	if err == nil && !l.Private {
		return true, nil
	}
	return h.Store.LeagueVisible(ctx, leagueID, viewerID)
}

// gameLeagueID is store.GameLeagueID, cached until the next write.
func (h *Server) gameLeagueID(ctx context.Context, gameID int64) (int64, error) {
	// A game stays in its league; a league deleted names itself.
	return KeyedPart(h.Cache, PartKey("game league", gameID), func() (int64, []store.CacheKey, error) {
		id, err := h.Store.GameLeagueID(ctx, gameID)
		return id, []store.CacheKey{store.GamePageKey(id, gameID)}, err
	})
}

// League text limits beyond the creation's, matching migration 00008's CHECKs.
const (
	leagueDescriptionMax = 2000
	leagueVenueMax       = 200
)

// LeagueEditInput is an edit as the API and the form send it; absent fields stay as they are.
type LeagueEditInput struct {
	Name           *string `json:"name"`
	Description    *string `json:"description"`
	Venue          *string `json:"venue"`
	TimeZone       *string `json:"time_zone"`
	Game           *string `json:"game"`
	PlayersPerGame *int    `json:"players_per_game"`
	Players        *int    `json:"players"`
	GamesPerPlayer *int    `json:"games_per_player"`
	FaceToFace     *bool   `json:"face_to_face"`
	Version        *string `json:"version"`
	Edition        *string `json:"edition"`
	// MinRecentGames and RecentDays are the activity rule, changed only while open.
	MinRecentGames *int `json:"min_recent_games"`
	RecentDays     *int `json:"recent_days"`
	ResultsSetting
}

// ValidateEdit normalises an edit of league l (trimmed text) and returns it with one
// message per wrong field. Players per game is checked against the game the league will
// play after the edit.
func ValidateEdit(l store.League, in LeagueEditInput) (store.LeagueEdit, templates.FieldErrors) {
	errs := templates.FieldErrors{}
	// A description may have several lines; the other texts are one line.
	lineBreaks := strings.NewReplacer("\r\n", " ", "\n", " ")
	typed := func(field string, v *string, maxLen int, required bool) *string {
		if v == nil {
			return nil
		}
		s := strings.TrimSpace(*v)
		if field == "name" {
			s = text.Name(s)
		}
		checked := s
		if field == "description" {
			checked = lineBreaks.Replace(s)
		}
		if msg := TextProblem(checked, maxLen, required); msg != "" {
			errs[field] = msg
		}
		return &s
	}
	e := store.LeagueEdit{
		Name:        typed("name", in.Name, leagueNameMax, true),
		Description: typed("description", in.Description, leagueDescriptionMax, false),
		Venue:       typed("venue", in.Venue, leagueVenueMax, false),
		Edition:     typed("edition", in.Edition, leagueEditionMax, false),
		FaceToFace:  in.FaceToFace,
	}
	if in.ResultsBy != nil || in.ConfirmHours != nil {
		by, hours := in.ResultsSetting.Values(errs)
		if in.ResultsBy != nil {
			e.ResultsBy = &by
		}
		if in.ConfirmHours != nil {
			e.ConfirmHours = &hours
		}
	}
	if in.MinRecentGames != nil {
		if *in.MinRecentGames < 0 || *in.MinRecentGames > minRecentGamesMax {
			errs["min_recent_games"] = "must be between 0 and 1000"
		}
		e.MinRecentGames = in.MinRecentGames
	}
	if in.RecentDays != nil {
		if *in.RecentDays < 1 || *in.RecentDays > recentDaysMax {
			errs["recent_days"] = "must be between 1 and 3650 days"
		}
		e.RecentDays = in.RecentDays
	}
	if in.TimeZone != nil {
		tz := strings.TrimSpace(*in.TimeZone)
		if _, err := time.LoadLocation(tz); err != nil || tz == "" || tz == "Local" {
			errs["time_zone"] = "not a time zone name; use one like Europe/Paris or America/New_York"
		}
		e.TimeZone = &tz
	}
	slug := l.Game
	if in.Game != nil {
		slug = *in.Game
		e.Game = in.Game
	}
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		errs["game"] = FieldProblem(err)
	}
	// The version: the one given, else the new game's default when the game changes, else
	// the league's (CONTRACT section 9).
	version := l.Version
	switch {
	case in.Version != nil:
		version = strings.TrimSpace(*in.Version)
	case in.Game != nil:
		version = ""
	}
	var v scoring.Version
	if err == nil {
		if v, err = game.Version(version); err != nil {
			errs["version"] = FieldProblem(err)
		} else if in.Version != nil || in.Game != nil {
			e.Version = &v.Slug
		}
	}
	if in.PlayersPerGame != nil || in.Version != nil || (in.Game != nil && err == nil) {
		size := l.PlayersPerGame
		if in.PlayersPerGame != nil {
			size = *in.PlayersPerGame
			e.PlayersPerGame = in.PlayersPerGame
		}
		switch {
		case size < 2 || size > maxPlayersPerGame:
			errs["players_per_game"] = "must be between 2 and 8"
		case err == nil:
			if perr := v.AcceptsPlayers(game, size); perr != nil {
				errs["players_per_game"] = FieldProblem(perr)
			}
		}
	}
	// The size and games each, as they will stand after the edit (CONTRACT section 10):
	// checked whenever the edit touches what they depend on.
	if in.Players != nil || in.GamesPerPlayer != nil || e.PlayersPerGame != nil {
		f := l.Format()
		if in.Players != nil {
			f.Players = *in.Players
			e.Players = in.Players
		}
		if in.GamesPerPlayer != nil {
			f.GamesPerPlayer = *in.GamesPerPlayer
			e.GamesPerPlayer = in.GamesPerPlayer
			if *in.GamesPerPlayer <= 0 {
				errs["games_per_player"] = fmt.Sprintf("must be positive, got %d", *in.GamesPerPlayer)
			}
		}
		if e.PlayersPerGame != nil {
			f.PlayersPerGame = *e.PlayersPerGame
		}
		if _, bad := errs["players_per_game"]; !bad {
			if field, problem := f.Check(); field != "" {
				if _, seen := errs[field]; !seen {
					errs[field] = problem
				}
			}
		}
	}
	// The history names only the fields that changed (issue #34): a form sends every text
	// field, changed or not.
	unchanged := func(v *string, current string) *string {
		if v != nil && *v == current {
			return nil
		}
		return v
	}
	e.Name, e.Description, e.Venue = unchanged(e.Name, l.Name), unchanged(e.Description, l.Description), unchanged(e.Venue, l.Venue)
	e.TimeZone, e.Edition = unchanged(e.TimeZone, l.TimeZone), unchanged(e.Edition, l.Edition)
	return e, errs
}

// RemoveLeague deletes the league and notes it in the server's log, since the league's own
// history goes with it; it returns the deleted league's name.
func (h *Server) RemoveLeague(c echo.Context, id int64, user store.User) (string, error) {
	name, err := h.Leagues.Delete(c.Request().Context(), id, user.ID)
	if err != nil {
		return "", err
	}
	h.Logger.Info("league deleted", "league_id", id, "name", name, "by", user.Username)
	return name, nil
}
