package templates

import (
	"strconv"

	"github.com/a-h/templ"
)

// PlayerView is a player's page.
type PlayerView struct {
	Username    string
	DisplayName string
	// MemberNote says what a ladder member who never logs in is (the Seventh Player, a
	// SUPERCAT bot); empty for a person.
	MemberNote string
	Leagues    []PlayerLeague
	// Seasons are the seasons the player signed up for, with their division once drawn.
	Seasons []SeasonSummary
	Ladders []PlayerLadder
	Games   []PlayerGame
	// Newer and Older link the neighbouring pages of games and rating moves ("" when
	// there is none).
	Newer, Older string
	// Content is PlayerContent rendered before, or nil.
	Content templ.Component
}

// PlayerLeague is one league the player plays in or organises.
type PlayerLeague struct {
	ID        int64
	Name      string
	GameName  string
	Status    string
	Organiser bool
	Member    bool
}

// URL is the league's page.
func (l PlayerLeague) URL() string { return "/leagues/" + strconv.FormatInt(l.ID, 10) }

// PlayerLadder is the player's rating on one game's ladder with its history.
type PlayerLadder struct {
	Slug        string
	Name        string
	Rating      string
	Games       int
	Provisional bool
	Chart       Chart
	Steps       []RatingStepView
}

// RatingStepView is one rated game's "why": rating before, ante, award, delta, after.
type RatingStepView struct {
	GameID     int64
	GameNumber int
	LeagueName string
	Date       string
	Before     string
	Ante       string
	Award      string
	Delta      string
	After      string
	Trend      string
	// Note explains a replaced seat (seed 4.2).
	Note string
	// PotNote says why the table played for less than its full pot, or is empty.
	PotNote string
}

// URL is the game's page.
func (s RatingStepView) URL() string { return "/games/" + strconv.FormatInt(s.GameID, 10) }

// PlayerGame is one game the player was seated in.
type PlayerGame struct {
	GameID     int64
	Number     int
	LeagueID   int64
	LeagueName string
	GameName   string
	Status     string
	Points     string
	Place      int
	Winner     bool
	Date       string
	// Seat is the player's seat as the game names it ("France", "Red", "Seat 3").
	Seat string
}

// URL is the game's page.
func (g PlayerGame) URL() string { return "/games/" + strconv.FormatInt(g.GameID, 10) }

// gamesWord is "game" or "games" for n.
func gamesWord(n int) string {
	if n == 1 {
		return "game"
	}
	return "games"
}
