package templates

import (
	"strconv"
	"strings"
)

// StandingsView is a league's standings table, as the league page shows it.
type StandingsView struct {
	// LeagueID links the CSV exports.
	LeagueID int64
	Rows     []StandingRow
	// Rule is the tiebreak in use, printed under the table.
	Rule string
	// TieBreaks explains each tie on points and how countback settled it.
	TieBreaks []string
	// Recorded and Total count the league's recorded and scheduled games.
	Recorded, Total int
	// Finished says the league's last game is recorded; Winners are then its rank-1 players.
	Finished bool
	Winners  []StandingRow
}

// CSVURL is the standings export.
func (v StandingsView) CSVURL() string {
	return "/leagues/" + strconv.FormatInt(v.LeagueID, 10) + "/standings.csv"
}

// ResultsCSVURL is the per-game results export.
func (v StandingsView) ResultsCSVURL() string {
	return "/leagues/" + strconv.FormatInt(v.LeagueID, 10) + "/results.csv"
}

// StandingRow is one member's line of the standings.
type StandingRow struct {
	Rank        int
	Username    string
	DisplayName string
	// Points is the exact total as people read it (league.Mixed: "13 1/2", "90 2/3").
	Points string
	Games  int
	// Places counts first, second, ... places (the countback), up to the league's game size.
	Places   []int
	IsViewer bool
}

// ResultView is a game's result section on the game page.
type ResultView struct {
	GameID int64
	// Recorded says the game has a result; otherwise the section offers the form (to the
	// organiser) or says the result is awaited.
	Recorded bool
	// CanRecord marks the viewer as one who may record: the league's organiser or a
	// co-organiser, or a normal game's organiser.
	CanRecord bool
	// Normal marks a normal game, whose table's organiser records the result.
	Normal bool
	// Victory and WinningSide describe a team game's result.
	Victory     string
	WinningSide string
	Lines       []ResultLineView
	Ledger      []LedgerView
	Ladder      string
	RecordedBy  string
	RecordedAt  string
	CorrectedBy string
	CorrectedAt string
	Audit       []AuditView
}

// FormURL is the result form of the game.
func (v ResultView) FormURL() string {
	return "/games/" + strconv.FormatInt(v.GameID, 10) + "/result"
}

// ResultLineView is one seat's scored line.
type ResultLineView struct {
	Position    int
	Username    string
	DisplayName string
	Points      string
	Place       int
	Winner      bool
	Side        string
	Explanation string
	Substitute  string
	// Absent marks a seat played by the missing man (ARMADA 4.1): Points are its player's
	// (none); the explanation says what the power scored for the Seventh Player.
	Absent bool
	// Score is what was entered for the seat: the final score, a team game's personal
	// points, a Diplomacy power's centres.
	Score string
}

// LedgerView is one seat's rating move: the "why" of a rating.
type LedgerView struct {
	Username   string
	Substitute string
	Credited   string
	Before     string
	Ante       string
	Award      string
	Delta      string
	After      string
	// Trend is "up", "down" or "flat" for the delta's colour.
	Trend string
}

// AuditView is one entry of a result's audit trail with the visible diff.
type AuditView struct {
	Username string
	// Action is "recorded" or "corrected".
	Action  string
	At      string
	Points  []ChangeView
	Ratings []ChangeView
	// Reason is why a correction was made.
	Reason string
}

// ChangeView is one moved number: before, after and the signed difference.
type ChangeView struct {
	Username string
	Before   string
	After    string
	Delta    string
	Trend    string
}

// ResultFormView is the result form of one game, fitted to its scorer.
type ResultFormView struct {
	GameID     int64
	GameNumber int
	GameName   string
	LeagueName string
	LeagueURL  string
	// Kind is the form's shape: "placement", "vortex", "team" or "armada".
	Kind       string
	ScoreLabel string
	RulesNote  string
	// Correcting says a result is recorded and saving corrects it.
	Correcting bool
	Seats      []ResultSeatForm
	// SideNames are a team game's sides, first side first.
	SideNames []string
	// ShowDestroyed asks for enemy units destroyed (Blue Max; Wooden Ships does not count them).
	ShowDestroyed bool
	// OffersLowerIsBetter asks whether lower scores are better: only for a game whose
	// registry entry allows it (league.Game.LowerIsBetter).
	OffersLowerIsBetter bool
	LowerIsBetter       bool
	// Outcome and ConcededTo are a Diplomacy game's conclusion.
	Outcome    string
	ConcededTo string
	// Error is a problem with the whole form; Errors are per field.
	Error  string
	Errors FieldErrors
	// Preview is the scored result of the values shown, before saving; nil until asked.
	Preview *ResultPreview
	// Version is the version of the game's result the form was built from
	// (store.ResultGame.Version), posted back so a stale save is refused.
	Version int
	// Reason is why the result is corrected, as typed.
	Reason string
	// Stale says a save was refused because the result changed meanwhile: the form holds
	// the current result and Preview shows it.
	Stale bool
	// VortexFromBoard says a Vortex result is entered as the end-of-game board (each seat's
	// start and token distances, and Die) rather than final scores.
	VortexFromBoard bool
	Die             string
	// HasPowers says the game names its seats (Diplomacy's powers, Vortex's corners): each
	// seat's Power is shown beside its player.
	HasPowers bool
	// ActivityRule states the league's activity rule and ActivityWarnings name the seated
	// players who have fallen inactive under it: the organiser is warned, the result is
	// recorded all the same.
	ActivityRule     string
	ActivityWarnings []string
}

// VortexStarts are the start corners a Vortex seat can take, by colour (CONTRACT section 7's
// seat names; vortex-mechanics.txt counts Red 0, Cyan 4, Blue 8 along the loop).
var VortexStarts = []Choice{{"0", "Red (0)"}, {"4", "Cyan (4)"}, {"8", "Blue (8)"}, {"12", "Green (12)"}}

// Action is where the form posts.
func (v ResultFormView) Action() string {
	return "/games/" + strconv.FormatInt(v.GameID, 10) + "/result"
}

// GameURL is the game's page.
func (v ResultFormView) GameURL() string {
	return "/games/" + strconv.FormatInt(v.GameID, 10)
}

// SeatsOf returns the seats of one side of a team game.
func (v ResultFormView) SeatsOf(side string) []ResultSeatForm {
	var out []ResultSeatForm
	for _, s := range v.Seats {
		if s.Side == side {
			out = append(out, s)
		}
	}
	return out
}

// ResultSeatForm is one seat's inputs, as typed.
type ResultSeatForm struct {
	Position    int
	Username    string
	DisplayName string
	// Power is the seat's name in the game (ResultFormView.HasPowers), e.g. "France".
	Power      string
	Side       string
	Score      string
	Units      string
	Lost       string
	Destroyed  string
	Points     string
	Centers    string
	Years      string
	Eliminated string
	Substitute string
	// Absent marks a Diplomacy seat played by the missing man (ARMADA 4.1).
	Absent bool
	// Start and Tokens are a Vortex seat's board: its start corner and four token distances.
	Start  string
	Tokens [4]string
}

// TokenName is the form field name of a Vortex seat's token k (0-based): "t1-3".
func (s ResultSeatForm) TokenName(k int) string { return s.Name("t" + strconv.Itoa(k+1)) }

// Name is the form field name of one of the seat's inputs: "score-3".
func (s ResultSeatForm) Name(field string) string { return field + "-" + strconv.Itoa(s.Position) }

// ResultPreview is the scored result shown before saving.
type ResultPreview struct {
	Victory     string
	WinningSide string
	Lines       []ResultLineView
}

// RatingsIndexView is the /ratings page: every game with its ladder's size.
type RatingsIndexView struct {
	Games []LadderLink
}

// LadderLink is one game on the ratings index.
type LadderLink struct {
	Slug    string
	Name    string
	Players int
	Results int64
}

// LadderView is one game's ladder: /ratings/{game}.
type LadderView struct {
	Slug             string
	Name             string
	ProvisionalGames int
	Rows             []LadderRow
}

// LadderRow is one member's rating.
type LadderRow struct {
	Rank        int
	Username    string
	DisplayName string
	Rating      string
	Games       int
	Provisional bool
	IsViewer    bool
}

// PlayerView is a player's page.
type PlayerView struct {
	Username    string
	DisplayName string
	// MemberNote says what a ladder member who never logs in is (the Seventh Player, a
	// SUPERCAT bot); empty for a person.
	MemberNote string
	Leagues    []PlayerLeague
	Ladders    []PlayerLadder
	Games      []PlayerGame
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

// placesText writes place counts as "3·2·0·1": first places first.
func placesText(counts []int) string {
	parts := make([]string, len(counts))
	for i, n := range counts {
		parts[i] = strconv.Itoa(n)
	}
	return strings.Join(parts, "·")
}

// gamesWord is "game" or "games" for n.
func gamesWord(n int) string {
	if n == 1 {
		return "game"
	}
	return "games"
}

// sentenceCase capitalises a label's first letter: "final score" → "Final score".
func sentenceCase(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
