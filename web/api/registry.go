package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
)

// apiRegistryGame is one game of the registry as GET /api/v1/registry shows it (CONTRACT
// section 9).
type apiRegistryGame struct {
	Game       string               `json:"game"`
	Name       string               `json:"name"`
	System     string               `json:"system"`
	MinPlayers int                  `json:"min_players"`
	MaxPlayers int                  `json:"max_players"`
	Versions   []apiRegistryVersion `json:"versions"`
}

// apiRegistryVersion is one version of a game, the default first.
type apiRegistryVersion struct {
	Version    string `json:"version"`
	Name       string `json:"name"`
	MinPlayers int    `json:"min_players"`
	MaxPlayers int    `json:"max_players"`
	// Die is Vortex's die and MarkerValues Arcs' ambition marker values, where the version
	// sets them (additions to the contract).
	Die          int    `json:"die,omitempty"`
	MarkerValues int    `json:"marker_values,omitempty"`
	Campaign     bool   `json:"campaign,omitempty"`
	Note         string `json:"note,omitempty"`
}

// apiRegistry lists the games and their versions: GET /api/v1/registry → [{"game","name",
// "system","min_players","max_players","versions":[{"version","name","min_players",
// "max_players"}]}] in display order, each game's default version first (CONTRACT section 9).
func (h *Handler) apiRegistry(c echo.Context) error {
	return c.JSON(http.StatusOK, registry())
}

// registry is the games registry with its versions as the API shows it.
func registry() []apiRegistryGame {
	games := scoring.Games()
	out := make([]apiRegistryGame, len(games))
	for i, g := range games {
		out[i] = apiRegistryGame{Game: g.Slug, Name: g.Name, System: string(g.System), MinPlayers: g.MinPlayers, MaxPlayers: g.MaxPlayers}
		for _, v := range g.Versions() {
			out[i].Versions = append(out[i].Versions, apiRegistryVersion{Version: v.Slug, Name: v.Name,
				MinPlayers: v.MinPlayers, MaxPlayers: v.MaxPlayers, Die: v.Die, MarkerValues: v.MarkerValues,
				Campaign: v.Campaign, Note: v.Note})
		}
	}
	return out
}
