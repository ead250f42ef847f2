package templates

import "strconv"

// SeasonSummary is a season as lists and headers show it.
type SeasonSummary struct {
	ID          int64
	Name        string
	GameName    string
	VersionName string
	Status      string
	Organiser   string
	// PlayersPerGame, DivisionSize and Promote are the season's settings; SignedUp counts
	// its sign-ups.
	PlayersPerGame, DivisionSize, Promote, SignedUp int
	// Division is the player's division in it (a player's page; 0 while it is open).
	Division int
}

// URL is the season's page.
func (s SeasonSummary) URL() string { return "/seasons/" + strconv.FormatInt(s.ID, 10) }

// Moves says how many go up and down between two divisions, in words.
func (s SeasonSummary) Moves() string {
	if s.Promote == 0 {
		return "nobody moves"
	}
	return strconv.Itoa(s.Promote) + " up, " + strconv.Itoa(s.Promote) + " down"
}

// SeasonsView is the list of seasons: open for sign-up, running, finished.
type SeasonsView struct {
	Open, Running, Finished []SeasonSummary
}

// SeasonLink names another season of the chain (a past one, the next one).
type SeasonLink struct {
	ID   int64
	Name string
}

// URL is the season's page.
func (s SeasonLink) URL() string { return "/seasons/" + strconv.FormatInt(s.ID, 10) }

// Person is a player as lists name them.
type Person struct {
	Username, DisplayName string
	IsViewer              bool
}

// SeasonView is a season's page: its settings, its sign-ups while open, its divisions'
// standings with the promotion and relegation places marked once running, and the
// organiser's start and next season.
type SeasonView struct {
	Season     SeasonSummary
	FaceToFace bool
	// IsOrganiser says the viewer organises the season; SignedUp that they are signed up.
	IsOrganiser, SignedUp bool
	SignUps               []Person
	// Plan says what starting now would make ("12 players, 2 divisions of 6"), or why it
	// cannot start yet.
	Plan      string
	Divisions []DivisionView
	// Past are the seasons before this one, newest first; Next the one after it.
	Past []SeasonLink
	Next *SeasonLink
	// Refusal says why the viewer's last action on the page was refused.
	Refusal string
	// NextName is the next season's name the form suggests.
	NextName string
}

// Open reports whether the season takes sign-ups.
func (v SeasonView) Open() bool { return v.Season.Status == "open" }

// Finished reports whether every division has finished.
func (v SeasonView) Finished() bool { return v.Season.Status == "finished" }

// DivisionView is one division: its league and its standings, in the order of the
// movements they make.
type DivisionView struct {
	Number   int
	LeagueID int64
	Status   string
	Rows     []DivisionRow
}

// URL is the division's league page.
func (d DivisionView) URL() string { return "/leagues/" + strconv.FormatInt(d.LeagueID, 10) }

// DivisionRow is one player's line in a division.
type DivisionRow struct {
	Rank        int
	Username    string
	DisplayName string
	Points      string
	Games       int
	// Zone is "up" for a promotion place, "down" for a relegation place, "" otherwise; Mark
	// says it in words.
	Zone     string
	Mark     string
	IsViewer bool
}

// SeasonForm is the open-a-season form's values and errors.
type SeasonForm struct {
	Name string
	// Game is the combined select's value (GameChoice.Value).
	Game                                  string
	PlayersPerGame, DivisionSize, Promote string
	FaceToFace                            bool
	Results                               ResultsSetting
	Games                                 []GameGroup
	Errors                                FieldErrors
}
