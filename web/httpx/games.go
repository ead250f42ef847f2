package httpx

import (
	"fmt"
	"strings"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// ValidateNormalGame normalises a table to open (the version's slug, trimmed edition) and
// adds one message per wrong field to errs: a game of the registry, a version of it (none is
// the default; CONTRACT section 9) and 2..8 seats within the version's range (issue 11:
// "anyone signed in opens a table for a game of the registry with 2..8 seats (within the
// game's range)").
func ValidateNormalGame(in *store.NewNormalGame, errs templates.FieldErrors) {
	ValidateResultsSetting(in.ResultsBy, in.ConfirmHours, errs)
	game, version := validateGameVersion(locales.Default(), in.Game, &in.Version, errs)
	in.Edition = strings.TrimSpace(in.Edition)
	if msg := TextProblem(in.Edition, leagueEditionMax, false); msg != "" {
		errs["edition"] = msg
	}
	if _, bad := errs["seats"]; bad {
		return
	}
	switch {
	case in.Seats == 0:
		errs["seats"] = "required (2 to 8)"
	case in.Seats < 2 || in.Seats > 8:
		errs["seats"] = "must be between 2 and 8"
	case version != nil:
		if err := version.AcceptsPlayers(game, in.Seats); err != nil {
			errs["seats"] = strings.Replace(FieldProblem(err), "players per game", "players", 1)
		}
	case game.Slug != "":
		if err := game.AcceptsPlayers(in.Seats); err != nil {
			errs["seats"] = strings.Replace(FieldProblem(err), "players per game", "players", 1)
		}
	}
	validateBots(*in, errs)
}

// validateBots checks a table's SUPERCAT bots (supercat-solo-arcs-bot.txt): Arcs only, each
// "normal" or "hard", one of each difficulty at most (each is one member of the Arcs
// ladder), and at least one seat left for a person.
func validateBots(in store.NewNormalGame, errs templates.FieldErrors) {
	if len(in.Bots) == 0 {
		return
	}
	seen := map[string]bool{}
	for i, b := range in.Bots {
		if _, ok := store.BotKinds[b]; !ok {
			errs["bots"] = fmt.Sprintf("bots[%d]: must be \"normal\" or \"hard\", got %q", i, b)
			return
		}
		if seen[b] {
			errs["bots"] = "at most one SUPERCAT bot of each difficulty (normal, hard) at a table"
			return
		}
		seen[b] = true
	}
	switch {
	case in.Game != "arcs":
		errs["bots"] = "only Arcs has a bot to play against: SUPERCAT, the solo Arcs bot"
	case in.Seats > 0 && len(in.Bots) >= in.Seats:
		errs["bots"] = fmt.Sprintf("%d bots leave no seat for a person at a table of %d", len(in.Bots), in.Seats)
	}
}

// SeatNames names n seats of the game with the given slug (scoring.Game.SeatNames); a slug
// the registry does not know gets "Seat 1", "Seat 2", ….
func SeatNames(slug string, n int) []string {
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		return scoring.Game{}.SeatNames(n)
	}
	return game.SeatNames(n)
}
