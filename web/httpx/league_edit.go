package httpx

import (
	"strings"
	"time"
	_ "time/tzdata"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

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
	FaceToFace     *bool   `json:"face_to_face"`
	Version        *string `json:"version"`
	Edition        *string `json:"edition"`
	ResultsSetting
}

// ValidateEdit normalises an edit of league l (trimmed text) and returns it with one
// message per wrong field. Players per game is checked against the game the league will
// play after the edit.
func ValidateEdit(l store.League, in LeagueEditInput) (store.LeagueEdit, templates.FieldErrors) {
	errs := templates.FieldErrors{}
	// A description may have several lines; the other texts are one line.
	lineBreaks := strings.NewReplacer("\r\n", " ", "\n", " ")
	text := func(field string, v *string, maxLen int, required bool) *string {
		if v == nil {
			return nil
		}
		s := strings.TrimSpace(*v)
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
		Name:        text("name", in.Name, leagueNameMax, true),
		Description: text("description", in.Description, leagueDescriptionMax, false),
		Venue:       text("venue", in.Venue, leagueVenueMax, false),
		Edition:     text("edition", in.Edition, leagueEditionMax, false),
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
		case size < 2 || size > store.LeagueSize:
			errs["players_per_game"] = "must be between 2 and 8"
		case err == nil:
			if perr := v.AcceptsPlayers(game, size); perr != nil {
				errs["players_per_game"] = FieldProblem(perr)
			}
		}
	}
	return e, errs
}
