package store

import (
	"time"

	"github.com/tablestakes/tablestakes/league"
)

// Settings are the league's editable fields as they stand, which league.CheckEdit checks
// an edit against.
func (l League) Settings() league.Settings {
	return league.Settings{Name: l.Name, Description: l.Description, Venue: l.Venue, TimeZone: l.TimeZone,
		Game: l.Game, Version: l.Version, Edition: l.Edition, Format: l.Format()}
}

// Location is the league's time zone (UTC if the stored name is unknown to Go).
func (l League) Location() *time.Location { return league.ZoneOf(l.TimeZone) }

// Setup is the league's creation as league.CheckSetup judges it.
func (nl NewLeague) Setup() league.Setup {
	return league.Setup{Name: nl.Name, Game: nl.Game, Version: nl.Version, Edition: nl.Edition,
		PlayersPerGame: nl.PlayersPerGame, Players: nl.Players, GamesPerPlayer: nl.GamesPerPlayer,
		MinRecentGames: nl.MinRecentGames, RecentDays: nl.RecentDays, ResultsBy: nl.ResultsBy, ConfirmHours: nl.ConfirmHours}
}

// Setup is the season's creation as league.CheckSeasonSetup judges it.
func (ns NewSeason) Setup() league.SeasonSetup {
	return league.SeasonSetup{Name: ns.Name, Game: ns.Game, Version: ns.Version, PlayersPerGame: ns.PlayersPerGame,
		DivisionSize: ns.DivisionSize, Promote: ns.Promote, ResultsBy: ns.ResultsBy, ConfirmHours: ns.ConfirmHours}
}

// Setup is the table's opening as league.CheckTable judges it.
func (ng NewNormalGame) Setup() league.TableSetup {
	return league.TableSetup{Game: ng.Game, Version: ng.Version, Edition: ng.Edition, Seats: ng.Seats, Bots: ng.Bots,
		ResultsBy: ng.ResultsBy, ConfirmHours: ng.ConfirmHours}
}
