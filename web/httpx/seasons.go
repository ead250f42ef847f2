package httpx

import (
	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// seasonNameMax leaves room in a league's 80 characters for " — Division 32", the suffix of
// each division's league (league.DivisionName).
const seasonNameMax = 60

// SeasonFields are a season's fields in the order the form shows them and the API reports
// the first wrong one.
var SeasonFields = []string{"name", "game", "version", "players_per_game", "division_size", "promote",
	"face_to_face", "results_by", "confirm_hours"}

// ValidateSeason normalises a season's creation and adds one message per wrong field to
// errs: its name, game, version, players per game and results setting as a league's
// (ValidateLeague, one rule for both), and its division size and promotions as
// league.SeasonProblems says.
func ValidateSeason(l locales.Lang, in *store.NewSeason, errs templates.FieldErrors) {
	// The divisions' sizes are the season's own rule (SeasonProblems, then league.Split at
	// the start): the league rule sees a size any game of the season fits.
	asLeague := store.NewLeague{Name: in.Name, Game: in.Game, Version: in.Version, PlayersPerGame: in.PlayersPerGame,
		Players: max(store.DefaultLeagueSize, in.PlayersPerGame), RecentDays: store.DefaultRecentDays,
		ResultsBy: in.ResultsBy, ConfirmHours: in.ConfirmHours}
	ValidateLeague(l, &asLeague, errs)
	delete(errs, "players")
	delete(errs, "games_per_player")
	in.Name, in.Version = asLeague.Name, asLeague.Version
	if msg := TextProblemIn(l, in.Name, seasonNameMax, true); msg != "" {
		errs["name"] = msg
	}
	for field, msg := range league.SeasonProblems(in.PlayersPerGame, in.DivisionSize, in.Promote) {
		errs[field] = msg
	}
}

// SeasonNameProblem is what is wrong with a season's name, trimmed ("" when nothing is).
func SeasonNameProblem(name string) string {
	return TextProblem(name, seasonNameMax, true)
}

// FirstSeasonError renders the first wrong field of a season as "field: message", for the API.
func FirstSeasonError(errs templates.FieldErrors) string {
	for _, f := range SeasonFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}
