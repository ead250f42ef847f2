package league

// A normal game's table (a game outside any league) is open while it has free seats and
// ready once the last seat is taken; it is finished once its result is recorded.
const (
	// TableOpen is a normal game with free seats.
	TableOpen = "open"
	// TableReady is a normal game whose seats are all taken, waiting for its result.
	TableReady = "ready"
)

// Refusals of a seat at a table. Each is a *Conflict, so errors.Is(err, ErrConflict) holds
// for all.
var (
	// ErrAlreadySeated refuses a player who already holds a seat at the table.
	ErrAlreadySeated = &Conflict{Reason: "game: you already hold a seat at this table", ID: "refusal.already_seated"}
	// ErrGameFull refuses a seat once every seat is taken.
	ErrGameFull = &Conflict{Reason: "game: full; every seat is taken", ID: "refusal.game_full"}
	// ErrLeagueGameSeats refuses a seat at a league game, whose seats the schedule sets.
	ErrLeagueGameSeats = &Conflict{Reason: "game: a league game's seats are set by the league's schedule", ID: "refusal.league_game_seats"}
)

// Table is what taking a seat is decided on: the game as it stands, read under its row
// lock, and the player who asks.
type Table struct {
	// Normal says the game belongs to no league (a league game's seats are its schedule's).
	Normal bool
	// Status is the game's status (TableOpen, TableReady or finished).
	Status string
	// Seats is how many seats the table has and Taken how many are taken.
	Seats, Taken int
	// Seated says the player already holds one of them.
	Seated bool
}

// Seating is a seat given and what it causes.
type Seating struct {
	// Position is the seat's number: seat order is join order.
	Position int
	// Ready says the seat was the last free one, so the table is ready for its result.
	Ready bool
}

// TakeSeat gives the player the table's next seat, or refuses: a league game
// (ErrLeagueGameSeats), a player seated already (ErrAlreadySeated), a table with no free
// seat or no longer open (ErrGameFull), in that order.
func TakeSeat(t Table) (Seating, error) {
	switch {
	case !t.Normal:
		return Seating{}, ErrLeagueGameSeats
	case t.Seated:
		return Seating{}, ErrAlreadySeated
	case t.Status != TableOpen || t.Taken >= t.Seats:
		return Seating{}, ErrGameFull
	}
	return Seating{Position: t.Taken + 1, Ready: t.Taken+1 == t.Seats}, nil
}
