package store

import (
	"encoding/json"
	"math/big"
	"time"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// ErrNotOrganiser refuses a result recorded or corrected by anyone but the league's
// organiser, the game's players included.
var ErrNotOrganiser = league.ErrNotOrganiser

// ErrNotTableOrganiser refuses a normal game's result recorded or corrected by anyone but
// who opened its table.
var ErrNotTableOrganiser = league.ErrNotTableOrganiser

// Refusals of a result write. Each is a *Conflict, so errors.Is(err, ErrConflict) holds.
var (
	// ErrResultRecorded refuses a second result for a game; a correction replaces it.
	ErrResultRecorded = league.ErrRecorded
	// ErrNoResult refuses a correction of a game that has no result yet.
	ErrNoResult = league.ErrNotRecorded
	// ErrStaleResult refuses a write built from a version of the game's result that is no
	// longer current: another save (a second tab, a double click) came first.
	ErrStaleResult = league.ErrStaleResult
	// ErrNoChange refuses a correction that leaves the result as it is.
	ErrNoChange = &Conflict{Reason: "result: the correction changes nothing", ID: "refusal.no_change"}
)

// ResultLine is one seat's line of a scored game, in seat order: the seat's checked line
// (scoring.SeatedLine: its Player is the seated player's username, who takes the league
// points) and what the store knows of the seat besides.
type ResultLine struct {
	scoring.SeatedLine
	// UserID and DisplayName name the seated player's account.
	UserID      int64
	DisplayName string
	// League are the league points the seat's player takes: as stored, or for a write as
	// the service laid them out (ResultWrite.LeaguePoints, league.LeaguePoints: none for an
	// absent seat).
	League *big.Rat
	// Member and MemberID name the ladder member rated for an absent seat (the ladder's
	// Seventh Player); empty otherwise.
	Member   string
	MemberID int64
}

// rated is who the seat is rated as: its player, or for an absent seat the ladder's
// Seventh Player, who "shall ante into the game pot" (seed 4.1).
func (l ResultLine) rated() (string, int64) {
	if l.Absent && l.Member != "" {
		return l.Member, l.MemberID
	}
	return l.Player, l.UserID
}

// ScoredResult is a game's result as its scorer scored it against the game's seats, before
// or after it is stored.
type ScoredResult struct {
	// Input is the scorer input as submitted.
	Input json.RawMessage
	// Result is the scorer's output, its ids the seated players' usernames.
	Result scoring.Result
	// Lines are the seats' lines in seat order.
	Lines []ResultLine
}

// Replaced maps each seat a substitute played to the substitute, as a result's "replaced"
// says it (seed 4.2); empty when none was.
func (r ScoredResult) Replaced() map[string]string {
	out := map[string]string{}
	for _, l := range r.Lines {
		if l.Substitute != "" {
			out[l.Player] = l.Substitute
		}
	}
	return out
}

// Absent lists, in seat order, the seated players who did not come, as a result's "absent"
// says it (CONTRACT section 12); empty when everyone came.
func (r ScoredResult) Absent() []string {
	out := []string{}
	for _, l := range r.Lines {
		if l.Absent {
			out = append(out, l.Player)
		}
	}
	return out
}

// LedgerLine is one seat's line of a game's rating ledger, in seat order: why a rating
// moved (Before + Award − Ante = After).
type LedgerLine struct {
	// Position is the seat, 1 first.
	Position int `db:"position"`
	// Player is the username seated by the schedule.
	Player string `db:"player"`
	// Substitute is the username of who finished the seat (seed 4.2), or empty.
	Substitute string `db:"substitute"`
	// Credited is whose rating took the delta: Player, or Substitute (seed 4.2).
	Credited string `db:"credited"`
	// Before, Ante, Award, Delta and After are the credited player's rating before the
	// game, what they put in the pot, what they took out, the difference, and the rating
	// after (seed rules on antes and awards), all in millionths.
	Before rating.Micros `db:"before_micros"`
	Ante   rating.Micros `db:"ante_micros"`
	Award  rating.Micros `db:"award_micros"`
	Delta  rating.Micros `db:"delta_micros"`
	After  rating.Micros `db:"after_micros"`
}

// GameResult is a recorded result with its ledger.
type GameResult struct {
	ScoredResult
	GameID   int64
	LeagueID int64
	// Ladder is the game slug whose ratings the result moved; LadderSeq its place there.
	Ladder      string
	LadderSeq   int64
	RecordedBy  string
	RecordedAt  time.Time
	CorrectedBy string
	CorrectedAt *time.Time
	// Ledger holds the rating ledger lines of the game, in seat order.
	Ledger []LedgerLine
	// Changes is what the write that returned this result moved (empty when read back).
	Changes Changes
	// Inactive lists, on a write, the seated players who had fallen inactive under the
	// league's activity rule: a warning to the organiser, never a refusal.
	Inactive []ActivityState
}
