package templates

import (
	"strconv"

	"github.com/tablestakes/tablestakes/rating"
)

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
	// PlayersReport says a player at the table proposes the result and the others confirm
	// it (CONTRACT section 8), rather than the organiser recording it.
	PlayersReport bool
	// Victory and WinningSide describe a team game's result.
	Victory     string
	WinningSide string
	Lines       []ResultLineView
	Ledger      []LedgerView
	// PotNote says why the table played for less than its full pot, or is empty; Pot is
	// what the table played for and FullPot its full pot, for saying it in other languages.
	PotNote     string
	Pot         rating.Micros
	FullPot     rating.Micros
	Ladder      string
	RecordedBy  string
	RecordedAt  string
	CorrectedBy string
	CorrectedAt string
	Audit       []AuditView
	// Dispute is the players' proposal disputed before the organiser recorded the result;
	// nil when none was.
	Dispute *DisputeView
}

// DisputeView is a settled dispute in a game's history: who disputed whose proposal, when
// and why, and what the proposal said ("ada 30, bruno 20").
type DisputeView struct {
	DisputedBy, Proposer, At, Reason, Proposal string
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
	// Absent marks a seat whose player did not come: no place (Place 0). With MissingMan
	// (Diplomacy, ARMADA 4.1) the line is the Seventh Player's, who played the power, with
	// the ARMADA points it scored as Points; Username and DisplayName are the absent
	// player's, who gets none of them. Without, the seat was not played (CONTRACT section 12).
	Absent, MissingMan bool
	// Score is what was entered for the seat: the final score, a team game's personal
	// points, a Diplomacy power's centres.
	Score string
}

// LedgerView is one seat's rating move: the "why" of a rating.
type LedgerView struct {
	Username   string
	Substitute string
	Credited   string
	// Name, SubstituteName and CreditedName are those people's names as people read them.
	Name, SubstituteName, CreditedName string
	Before                             string
	Ante                               string
	Award                              string
	Delta                              string
	After                              string
	// Trend is "up", "down" or "flat" for the delta's colour.
	Trend string
}

// AuditView is one entry of a result's audit trail with the visible diff.
type AuditView struct {
	Username string
	// Name is the person's name as people read it.
	Name string
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
	// Name is the player's name as people read it.
	Name   string
	Before string
	After  string
	Delta  string
	Trend  string
}

// PersonName is how a page names a ladder member (the Seventh Player, a SUPERCAT bot) by
// its name, and anyone else by their username: never a raw id such as
// "seventh-player:diplomacy".
func PersonName(username string) string {
	if name := rating.MemberName(username); name != "" {
		return name
	}
	return username
}

// handle is a person's "@username" beside their name; a ladder member has none, its name
// saying what it is.
func handle(username string) string {
	if rating.MemberName(username) != "" {
		return ""
	}
	return "@" + username
}

// hasMissingMan reports whether a result's lines hold a seat played by the missing man.
func hasMissingMan(lines []ResultLineView) bool {
	for _, l := range lines {
		if l.MissingMan {
			return true
		}
	}
	return false
}

// hasNoShow reports whether a result's lines hold a seat that was not played (CONTRACT
// section 12).
func hasNoShow(lines []ResultLineView) bool {
	for _, l := range lines {
		if l.Absent && !l.MissingMan {
			return true
		}
	}
	return false
}
