package httpx

import (
	"strings"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// League field limits. They match the CHECK constraints of migration 00002.
const (
	leagueNameMax     = 80
	leagueEditionMax  = 80
	minRecentGamesMax = 1000
	recentDaysMax     = 3650
)

// ValidateLeague normalises a league creation (trimmed text, the version's slug) and adds one
// message per wrong field to errs. The game must be in the registry, the version one of the
// game's (CONTRACT section 9; none is the default) and players per game within the
// version's range (scoring.Version.AcceptsPlayers).
func ValidateLeague(in *store.NewLeague, errs templates.FieldErrors) {
	in.Name = strings.TrimSpace(in.Name)
	in.Edition = strings.TrimSpace(in.Edition)
	if msg := TextProblem(in.Name, leagueNameMax, true); msg != "" {
		errs["name"] = msg
	}
	game, version := validateGameVersion(in.Game, &in.Version, errs)
	if msg := TextProblem(in.Edition, leagueEditionMax, false); msg != "" {
		errs["edition"] = msg
	}
	if _, bad := errs["players_per_game"]; !bad {
		switch {
		case in.PlayersPerGame == 0:
			errs["players_per_game"] = "required (2 to 8)"
		case in.PlayersPerGame < 2 || in.PlayersPerGame > store.LeagueSize:
			errs["players_per_game"] = "must be between 2 and 8"
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
	if _, bad := errs["min_recent_games"]; !bad && (in.MinRecentGames < 0 || in.MinRecentGames > minRecentGamesMax) {
		errs["min_recent_games"] = "must be between 0 and 1000"
	}
	if _, bad := errs["recent_days"]; !bad && (in.RecentDays < 1 || in.RecentDays > recentDaysMax) {
		errs["recent_days"] = "must be between 1 and 3650 days"
	}
	ValidateResultsSetting(in.ResultsBy, in.ConfirmHours, errs)
}

// validateGameVersion checks a game slug and a version slug of it (CONTRACT section 9: "an
// unknown version is 422 naming version"), adding a message on "game" or "version" to errs;
// an empty version becomes the game's default. The game is the zero Game when unknown, the
// version nil when either is.
func validateGameVersion(slug string, version *string, errs templates.FieldErrors) (scoring.Game, *scoring.Version) {
	*version = strings.TrimSpace(*version)
	game, err := scoring.GameBySlug(slug)
	if slug == "" {
		errs["game"] = "required; choose one of " + gameSlugs()
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
