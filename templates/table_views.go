package templates

import (
	"strconv"

	"github.com/tablestakes/tablestakes/locales"
)

// TableView is what the players at a game's table see and do before its result is
// recorded (issue 25): the proposal standing, whether the viewer may propose, confirm or
// dispute it, and who says they are coming.
type TableView struct {
	GameID int64
	// Title names the game on the desk ("Tuesday league, game 3").
	Title string
	// PlayersReport says a seated player may propose the result; CanPropose that the viewer may.
	PlayersReport bool
	CanPropose    bool
	// Proposal is the proposal standing, or nil.
	Proposal *ProposalView
	// Attendance is every seated player's answer, in seat order; CanAnswer says the viewer
	// is seated and may answer; MyAnswer is the viewer's ("yes", "no" or "").
	Attendance []AttendanceView
	CanAnswer  bool
	MyAnswer   string
	// When is the game's date, empty without one.
	When string
	// From is where the forms go back to: "desk" or the game page ("").
	From string
}

// URL is the game's page.
func (v TableView) URL() string { return "/games/" + strconv.FormatInt(v.GameID, 10) }

// ProposalView is a proposal as the pages show it.
type ProposalView struct {
	Proposer string
	// Lines are what was proposed for each seat, by place ("1st ada (90) — 12 points").
	Lines              []ProposalLine
	Confirmed, Waiting []string
	Revision           int
	// ClosesAt is when the confirmation window ends (UTC).
	ClosesAt string
	// Disputed, DisputedBy and Reason describe a dispute.
	Disputed   bool
	DisputedBy string
	Reason     string
	// CanAnswer says the viewer is asked to confirm or dispute it; IsProposer that the
	// viewer proposed it (and may change or withdraw it); CanRecord that the viewer records
	// results (an organiser), who settles it on the result form.
	CanAnswer  bool
	IsProposer bool
	CanRecord  bool
}

// ProposalLine is one seat of a proposal, scored as the result would be: its place, its
// player (by name), who played the seat for them, what was entered and the league points.
// A seat whose player did not come has no place; in Diplomacy the missing man played it
// (ARMADA 4.1). Unscored is a proposal that no longer scores against the seats: only the
// name and what was entered.
type ProposalLine struct {
	Place              int
	Name, Substitute   string
	Absent, MissingMan bool
	Score, Points      string
	OnePoint, Unscored bool
}

// AttendanceView is one seated player's answer.
type AttendanceView struct {
	Username string
	// DisplayName is the player's name as people read it.
	DisplayName string
	// Answer is "coming", "not coming" or "no answer".
	Answer string
	// MissingMan is the Diplomacy power the missing man plays when the player cannot come
	// (ARMADA 4.1); Absent says the seat is absent otherwise, unless a substitute plays it
	// (CONTRACT 12).
	MissingMan string
	Absent     bool
}

// TableDeskView is the desk's part of players at the table: the proposals the viewer is
// asked to confirm, their own proposals waiting, and (for organisers) the proposals and
// attendance of the games they run.
type TableDeskView struct {
	ToConfirm []TableView
	Mine      []TableView
	// Organised are the viewer's organised games with a proposal or an answer to show.
	Organised []TableView
	// Next are the viewer's next dated games, to answer for.
	Next []TableView
	// ToReport are the games the viewer played whose result nobody reported yet.
	ToReport []DeskGame
}

// Unanswered are the next games whose "Are you coming?" the viewer has not answered yet.
func (v TableDeskView) Unanswered() []TableView {
	return tablesWhere(v.Next, func(t TableView) bool { return t.MyAnswer == "" })
}

// Answered are the next games the viewer has answered for: done, so the desk folds them
// away (issue 34: a busy desk is not 12,000 px tall).
func (v TableDeskView) Answered() []TableView {
	return tablesWhere(v.Next, func(t TableView) bool { return t.MyAnswer != "" })
}

// ToSettle are the organised games with something for the organiser: a proposal to watch or
// a dispute to settle, or a player who cannot come (a seat to fill or mark absent).
func (v TableDeskView) ToSettle() []TableView {
	return tablesWhere(v.Organised, func(t TableView) bool { return !t.onlyComing() })
}

// OnlyAnswers are the organised games that show nothing but players coming or yet to answer:
// nothing to do, so the desk folds them away.
func (v TableDeskView) OnlyAnswers() []TableView {
	return tablesWhere(v.Organised, TableView.onlyComing)
}

// onlyComing reports whether t has no proposal and nobody who said "I can't come".
func (t TableView) onlyComing() bool {
	if t.Proposal != nil {
		return false
	}
	for _, a := range t.Attendance {
		if a.Answer == "not coming" {
			return false
		}
	}
	return true
}

// tablesWhere are the tables of ts that keep says to keep, in order.
func tablesWhere(ts []TableView, keep func(TableView) bool) []TableView {
	var out []TableView
	for _, t := range ts {
		if keep(t) {
			out = append(out, t)
		}
	}
	return out
}

// Empty reports whether the desk has nothing of this to show.
func (v TableDeskView) Empty() bool {
	return len(v.ToConfirm)+len(v.Mine)+len(v.Organised)+len(v.Next)+len(v.ToReport) == 0
}

// ReportLine asks for a played game's result in l: "Spring Cartagena, game 6 was on Tue 1
// Dec 19:30: report its result".
func (g DeskGame) ReportLine(l locales.Lang) string {
	name := l.T("table.desk_game", map[string]any{"League": g.LeagueName, "N": strconv.Itoa(g.Number)})
	if g.LeagueID == 0 {
		name = l.T("gamepage.title_table", map[string]any{"Game": g.GameName, "N": strconv.FormatInt(g.ID, 10)})
	}
	if g.When == "" {
		return l.T("table.report_played", map[string]any{"Game": name})
	}
	return l.T("table.report_on", map[string]any{"Game": name, "When": WhenIn(l, g.When)})
}

// AttendView is the one-tap answer page of a reminder e-mail.
type AttendView struct {
	Token, Title, When, GameURL, Username string
	// DisplayName is the name of the player answered for, as people read it.
	DisplayName string
	// TimeZone is the league's zone When is in, named once on the page.
	TimeZone string
	// Answer is the player's answer so far: "coming", "not coming" or "".
	Answer string
}

// ResultsSetting is who enters results and the confirmation window as forms show them.
type ResultsSetting struct {
	ResultsBy    string
	ConfirmHours string
	Errors       FieldErrors
}

// ConfirmLinkView is a result_proposed e-mail's one-tap confirm page: the game, who
// proposed its result and until when it may be confirmed, and the button; or, once the
// link has done its work or can do none, what happened (Message) and no button.
type ConfirmLinkView struct {
	Token, Title, GameURL string
	// DisplayName is the player the link confirms for; Proposer who proposed the result,
	// both as people read them.
	DisplayName, Proposer string
	// Closes is when the confirmation window closes, in the league's TimeZone.
	Closes, TimeZone string
	// Message says what happened (confirmed, or why the link confirms nothing); the page
	// then has no button.
	Message string
}
