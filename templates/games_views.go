package templates

import (
	"strconv"
	"time"
)

// NormalGamesView is the /games page: normal games, outside any league.
type NormalGamesView struct {
	// Open are tables with free seats, newest first.
	Open []NormalGameRow
	// Ready are full tables waiting for their result.
	Ready []NormalGameRow
	// Finished are recent results, most recent first.
	Finished []NormalGameRow
}

// NormalGameRow is one normal game in a list.
type NormalGameRow struct {
	ID        int64
	GameName  string
	Status    string
	Organiser string
	SeatCount int
	// Seats are the seats taken, in seat (join) order.
	Seats []SeatView
	// HasViewer marks a table the signed-in player sits at.
	HasViewer bool
	// Date is when the result was recorded ("2 Jan 2006 UTC"); empty before. At is the
	// same moment, for the other languages' dates.
	Date string
	At   time.Time
}

// URL is the game's page.
func (g NormalGameRow) URL() string { return "/games/" + strconv.FormatInt(g.ID, 10) }

// SeatsTaken is "2 of 4 seats".
func (g NormalGameRow) SeatsTaken() string {
	return strconv.Itoa(len(g.Seats)) + " of " + strconv.Itoa(g.SeatCount) + " seats"
}

// NormalGameForm is the open-a-table form: its values and per-field errors.
type NormalGameForm struct {
	// Game is the combined game-and-version select's value (GameChoice.Value).
	Game  string
	Seats string
	// BotNormal and BotHard seat SUPERCAT bots at an Arcs table.
	BotNormal bool
	BotHard   bool
	// Edition is the free-text note on the edition played.
	Edition string
	// Results is who enters the table's result and the confirmation window (CONTRACT 8).
	Results ResultsSetting
	Games   []GameGroup
	Errors  FieldErrors
}
