package templates

import (
	"fmt"
	"strconv"
	"time"

	"github.com/a-h/templ"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/scoring"
)

// LeagueSummary is one league as lists and page headers show it.
type LeagueSummary struct {
	ID       int64
	Name     string
	GameName string
	GameSlug string
	// Version is the slug of the version played, VersionName its name ("" for a game with a
	// single version) and Edition the organiser's free-text note on the edition.
	Version        string
	VersionName    string
	Edition        string
	PlayersPerGame int
	MinRecentGames int
	RecentDays     int
	// FaceToFace says the league meets face to face: its games come in rounds in which
	// nobody plays twice.
	FaceToFace bool
	// Status is open, running or finished, or cancelled, closed or archived.
	Status string
	// Description and Venue are the organiser's text about the league and where it meets.
	Description string
	Venue       string
	// ClosedEarly marks a league its organiser closed before its last game.
	ClosedEarly bool
	// Private marks a league only its players and organisers see, joined by invite link.
	Private bool
	// Organiser is the organiser's username.
	Organiser string
	// Members is how many of the Players places are taken; Players is the league's size N
	// (CONTRACT section 10) and GamesEach the games each member plays.
	Members   int
	Players   int
	GamesEach int
	// Meetings is how often two members meet, least and most (league.Format.Meetings).
	Meetings [2]int
	// TotalGames is the number of games of the league's schedule (the seed's table for 8).
	TotalGames int
	// TotalRounds is the number of rounds of the league's schedule: TotalGames unless
	// the league meets face to face.
	TotalRounds int
	// TimeZone is the zone the league's dates are shown in ("Europe/Paris"), named once on
	// its pages.
	TimeZone string
}

// URL is the league's page.
func (l LeagueSummary) URL() string { return "/leagues/" + strconv.FormatInt(l.ID, 10) }

// ScheduleSize says how many games the schedule holds, and in how many rounds when the
// league meets face to face: "24 games of 3 players, in 12 rounds".
func (l LeagueSummary) ScheduleSize() string {
	s := fmt.Sprintf("%d games of %d players", l.TotalGames, l.PlayersPerGame)
	if l.FaceToFace {
		s += fmt.Sprintf(", in %d rounds", l.TotalRounds)
	}
	return s
}

// LastPlace names the join that fills the league and draws its games: "8th", "12th".
func (l LeagueSummary) LastPlace() string { return scoring.Ordinal(l.Players) }

// GamesEachText says how many games each member plays and how often each pair meets:
// "each plays 9 games; every two players meet 2 or 3 times".
func (l LeagueSummary) GamesEachText() string {
	return GamesAndMeetings(l.GamesEach, l.Meetings[0], l.Meetings[1])
}

// GamesAndMeetings says how many games each member plays and how often two members meet,
// least and most: "each plays 9 games; every two players meet 2 or 3 times".
func GamesAndMeetings(each, least, most int) string {
	meet := fmt.Sprintf("%d %s", least, scoring.Plural(least, "time", "times"))
	if most != least {
		meet = fmt.Sprintf("%d or %d times", least, most)
	}
	return fmt.Sprintf("each plays %d %s; every two players meet %s", each, scoring.Plural(each, "game", "games"), meet)
}

// LeaguePreview says what a league of players, perGame a game will play: "12 players, 4 a
// game: 12 games; each plays 4 games; every two players meet 1 or 2 times", with its rounds
// when it meets face to face. static/league-form.js writes the same sentence as the form
// changes.
func LeaguePreview(players, perGame, games, rounds int, faceToFace bool, each, least, most int) string {
	s := fmt.Sprintf("%d players, %d a game: %d %s", players, perGame, games, scoring.Plural(games, "game", "games"))
	if faceToFace {
		s += fmt.Sprintf(" in %d %s", rounds, scoring.Plural(rounds, "round", "rounds"))
	}
	return s + "; " + GamesAndMeetings(each, least, most) + "."
}

// ActivityRule says the league's activity rule in words.
func (l LeagueSummary) ActivityRule() string {
	if l.MinRecentGames == 0 {
		return "open to everyone (no recent games needed)"
	}
	return fmt.Sprintf("%d finished %s in the last %d days", l.MinRecentGames, scoring.Plural(l.MinRecentGames, "game", "games"), l.RecentDays)
}

// LeaguesView is the /leagues page: open leagues to join, running ones and the viewer's own.
type LeaguesView struct {
	Open     []LeagueSummary
	Running  []LeagueSummary
	Finished []LeagueSummary
	// Mine are the leagues the viewer plays in or organises; nil when nobody is signed in.
	Mine []LeagueSummary
}

// GameChoice is one version of a game of the registry in the create-league and
// open-a-table forms' combined select.
type GameChoice struct {
	// Value is what the select sends: "arcs/lost-vaults", or the slug of a game with one
	// version.
	Value   string
	Slug    string
	Version string
	// Name is the choice as shown: "Arcs: Lost Vaults & Fated Leaders", "Cartagena".
	Name       string
	MinPlayers int
	MaxPlayers int
	// Note says what the version changes.
	Note string
}

// GameGroup is a game and its versions in the forms' select.
type GameGroup struct {
	Name    string
	Choices []GameChoice
}

// LeagueForm is the create-league form's values (as typed) and per-field errors.
type LeagueForm struct {
	Name string
	// Game is the combined select's value (GameChoice.Value).
	Game string
	// Edition is the free-text note on the edition played.
	Edition        string
	PlayersPerGame string
	// Players is "How many players" (the league's size, "8" at first) and GamesPerPlayer
	// the optional games each (CONTRACT section 10).
	Players        string
	GamesPerPlayer string
	MinRecentGames string
	RecentDays     string
	// Preview says what the league will play ("12 players, 4 a game: 12 games; ..."),
	// filled by the server when the size is right; the page's script keeps it live.
	Preview string
	// DefaultGames maps "N,K" to the scheduler's default games each, for the script.
	DefaultGames string
	// NewClub says the club has no finished game yet: nobody would pass an activity rule
	// asking for some, so the form offers 0.
	NewClub bool
	// FaceToFace is the "meets face to face" checkbox.
	FaceToFace bool
	// Results is who enters results and the confirmation window.
	Results ResultsSetting
	Games   []GameGroup
	Errors  FieldErrors
}

// MemberView is one member of a league.
type MemberView struct {
	Slot        int
	Username    string
	DisplayName string
	// IsViewer marks the signed-in player.
	IsViewer bool
	// Activity is the member's state under the league's activity rule ("active: 7 games in
	// 90 days"); empty when the league has no rule. Inactive marks one who has fallen short.
	Activity string
	Inactive bool
}

// JoinView is the join section of a league page.
type JoinView struct {
	// CanJoin shows the join button: the league is open, the viewer signed in, not yet a
	// member, and active under the league's rule.
	CanJoin bool
	// NeedsLogin invites an anonymous visitor of an open league to log in first.
	NeedsLogin bool
	// IsMember says the viewer plays in the league.
	IsMember bool
	// Inactive explains why the activity rule keeps the viewer out ("you have 2 ..."); empty otherwise.
	Inactive string
	// Error is the refusal of a join (or a leave) just attempted; empty otherwise.
	Error string
	// CanLeave shows the leave button: the viewer is a member of an open league.
	CanLeave bool
	// Invite is the invite token a private league's join carries; InviteURL its link, where
	// logging in comes back to. Empty outside the invite page.
	Invite    string
	InviteURL string
}

// SeatView is one player in one seat of a game.
type SeatView struct {
	Position    int
	Username    string
	DisplayName string
	// Power is the game's own name for the seat (Diplomacy's powers, Vortex's corners);
	// empty when the game has none.
	Power    string
	IsViewer bool
}

// Name is the seat's player as people read it: a ladder member's name (PersonName), else
// the display name.
func (s SeatView) Name() string {
	if n := PersonName(s.Username); n != s.Username || s.DisplayName == "" {
		return n
	}
	return s.DisplayName
}

// SideView is one side of a team game: its name and its seats.
type SideView struct {
	Name  string
	Seats []SeatView
}

// GameRow is one game in a league's games list.
type GameRow struct {
	ID     int64
	Number int
	Round  int
	// Status is scheduled or finished.
	Status string
	// Seats are the players in seat order.
	Seats []SeatView
	// Sides group the seats of a team game; nil for other games.
	Sides []SideView
	// HasViewer marks a game the signed-in player sits in.
	HasViewer bool
	// When is the game's date in the league's zone ("Tue 1 Dec 19:00"); empty if none. At
	// is the same moment, in the league's zone, for the other languages' dates.
	When string
	At   time.Time
	// Place is where the game is played when it is not the league's venue.
	Place string
}

// URL is the game's page.
func (g GameRow) URL() string { return "/games/" + strconv.FormatInt(g.ID, 10) }

// RoundView is one round of a face-to-face league: its games, none sharing a player, and
// the members who sit it out.
type RoundView struct {
	Number int
	Games  []GameRow
	// SittingOut are the members with no seat in the round, in slot order.
	SittingOut []MemberView
}

// ID is the round's anchor on the league page.
func (r RoundView) ID() string { return "round-" + strconv.Itoa(r.Number) }

// LeagueView is the /leagues/{id} page, built from small sections: header, join, members,
// games and fairness. A section added later (standings) is one more field and one line in
// the League template.
type LeagueView struct {
	League  LeagueSummary
	Join    JoinView
	Members []MemberView
	Games   []GameRow
	// Rounds are the games grouped by round when the league meets face to face; nil
	// otherwise or while the league is open.
	Rounds []RoundView
	// Fairness is the schedule's fairness report; nil while the league is open.
	Fairness *FairnessView
	// Standings is the standings table (results.templ); nil while the league is open.
	Standings *StandingsView
	// OwnLadder is a private league's own ladder (rating.LeagueLadder), for its members;
	// nil for a public league.
	OwnLadder *LadderView
	// CanManage shows the link to the manage page (organiser and co-organisers).
	CanManage bool
	// CoOrganisers are the co-organisers' usernames.
	CoOrganisers []string
	// History is the league's history, newest first.
	History []HistoryLine
	// Dated says some game has a date, so the games list shows a When column.
	Dated bool
	// Replacements are notes on the standings: who replaced whom, after how many games, and
	// who withdrew.
	Replacements []string
	// Withdrawn are the members who withdrew without a substitute.
	Withdrawn []string
	// Parts are sections rendered before, kept until the next write (web/httpx/cache_parts.go).
	Parts LeagueParts
}

// LeagueParts are sections of the league page rendered before (LeagueStandings,
// LeagueGames, LeagueTail); the page renders from the view each one that is nil.
type LeagueParts struct {
	Standings, Games, Tail templ.Component
}

// renderedOr is rendered when it is there, else c.
func renderedOr(rendered, c templ.Component) templ.Component {
	if rendered != nil {
		return rendered
	}
	return c
}

// GameView is the /games/{id} page.
type GameView struct {
	// When and Place are the game's date (in its league's zone) and place; empty if none.
	When, Place string
	ID          int64
	Number      int
	Round       int
	Status      string
	League      LeagueSummary
	// TimeZone is the league's zone, named once on the page when it shows a time; empty
	// for a normal game, whose times each say UTC.
	TimeZone string
	// Seats are the players in seat order.
	Seats []SeatView
	// Sides group the seats of a team game; nil for other games.
	Sides []SideView
	// RulesNote says how the game is scored.
	RulesNote string
	// Result is the result section (results.templ).
	Result *ResultView
	// Forecast is each seat's chance to win before the game, or after it the chances
	// beside the result; nil when the game has no rated seats to forecast.
	Forecast *ForecastView
	// ResultPart is the result section rendered before, kept until the next write
	// (web/httpx/cache_parts.go); nil renders it from Result.
	ResultPart templ.Component
	// Normal marks a normal game, outside any league: no League; its own GameName,
	// Organiser (who opened the table) and SeatCount.
	Normal    bool
	GameName  string
	Organiser string
	SeatCount int
	// FreeSeats name an open table's seats still free, in seat order.
	FreeSeats []string
	// CanJoin offers the viewer the next free seat; JoinError says why a join was refused.
	CanJoin   bool
	JoinError string
	// CompanionURL, for the player who finished it there, is the SUPERCAT companion game this
	// rated game was played with; empty otherwise.
	CompanionURL string
	// Table is the players' part before the result (proposal, attendance); nil when none.
	Table *TableView
	// Version is the version of the game played and its edition note.
	Version VersionView
}

// VersionView is the version of the game a league or game plays, as pages show it.
type VersionView struct {
	// Slug is the version's slug; Name its name ("" for a game of one version); Note what it
	// changes; Edition the free-text note on the edition played.
	Slug, Name, Note, Edition string
	// Die is a Vortex version's die, for the position calculator's link; MarkerValues an Arcs
	// version's ambition marker values, for the ambition helper.
	Die, MarkerValues int
}

// CalculatorURL is the Vortex position calculator set to the version's die.
func (v VersionView) CalculatorURL() string {
	if v.Die == 0 {
		return "/vortex"
	}
	return "/vortex?die=" + strconv.Itoa(v.Die) + "&red=on&blue=on"
}

// FairnessView is a schedule's fairness report as the league page draws it.
type FairnessView struct {
	// Players label the rows and columns, in slot order.
	Players []string
	// Matchups[a][b] is how many games players a and b share.
	Matchups [][]int
	// MatchupMin and MatchupMax are the least and greatest meetings of two players.
	MatchupMin, MatchupMax int
	// Seats[p][s] is how often player p sits in seat s+1.
	Seats [][]int
	// PerGame is the number of seats of every game.
	PerGame int
	// Powers are the game's own names for the seats in seat order (Diplomacy's powers,
	// Vortex's corners); nil when it has none.
	Powers []string
	// GamesPerPlayer[p] is how many games player p plays.
	GamesPerPlayer []int
	// Withdrawals are, for each member who withdrew, how the balance moved.
	Withdrawals []FairnessWithdrawal
}

// FairnessWithdrawal is how one withdrawal moved the schedule's balance, for the fairness
// report: who withdrew and when, the balance before (the one who withdrew counted) and after
// (the players who stay), and the least and most games a staying player has one player short.
type FairnessWithdrawal struct {
	Username string
	// On is the day of the withdrawal, in the league's time zone.
	On                 time.Time
	Before, After      scheduler.Balance
	Shortened          bool
	ShortMin, ShortMax int
}

// hasPowers reports whether any seat has a power name, so a table shows the Power column.
func hasPowers(seats []SeatView) bool {
	for _, s := range seats {
		if s.Power != "" {
			return true
		}
	}
	return false
}
