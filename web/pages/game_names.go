package pages

import (
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/templates"
)

// gameName is a game slug's display name, or the slug for a game the registry lacks.
func gameName(slug string) string {
	if g, err := scoring.GameBySlug(slug); err == nil {
		return g.Name
	}
	return slug
}

// versionName names the version with slug of the game with slug ("Lost Vaults & Fated
// Leaders"); "" for a game with a single version, whose name says it all. An unknown slug
// shows the slug itself.
func versionName(game, version string) string {
	g, err := scoring.GameBySlug(game)
	if err != nil {
		return version
	}
	if len(g.Versions()) < 2 {
		return ""
	}
	v, err := g.Version(version)
	if err != nil {
		return version
	}
	return v.Name
}

// gameLabel names the game with slug and its version: "Arcs (Lost Vaults & Fated
// Leaders)", "Vortex (d12)", or the game's name alone for a game of one version.
func gameLabel(slug, version string) string {
	return templates.GameLabel(gameName(slug), versionName(slug, version))
}
