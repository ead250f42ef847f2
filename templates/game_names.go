package templates

import "github.com/tablestakes/tablestakes/scoring"

// GameLabel is the game and version as pages show them: "Arcs (Lost Vaults & Fated
// Leaders)", or the game's name alone for a game of one version.
func GameLabel(game, version string) string {
	if version == "" {
		return game
	}
	return game + " (" + version + ")"
}

// versionText is a version's name as the facts show it: the game's only version is
// "Standard".
func versionText(name string) string {
	if name == "" {
		return "Standard"
	}
	return name
}

// ladderName is a ladder's game as the registry writes it ("Cartagena", not "cartagena");
// an unknown slug shows as it is.
func ladderName(slug string) string {
	if g, err := scoring.GameBySlug(slug); err == nil {
		return g.Name
	}
	return slug
}
