package templates

import (
	"context"
	"strconv"

	"github.com/tablestakes/tablestakes/locales"
)

// ManageView is the organiser's page of a league (/leagues/{id}/manage).
type ManageView struct {
	// Results is the league's setting of who enters results, for the organiser's form.
	Results ResultsSetting
	League  LeagueSummary
	// IsOrganiser is true for the organiser; co-organisers see the page without the
	// organiser's powers (members, co-organisers, ending the league).
	IsOrganiser bool
	Members     []MemberView
	// CoOrganisers are the co-organisers' usernames.
	CoOrganisers []string
	Edit         EditForm
	// TimeZone is the league's zone, in which dates are typed.
	TimeZone string
	// FirstRound and EveryDays are the rhythm as set ("2026-12-01T19:00", "7"); empty if none.
	FirstRound string
	EveryDays  string
	History    []HistoryLine
	// Error is the refusal of an action just attempted; empty otherwise.
	Error string
	// Failed says at the top of the page that the form of section FailedForm was not saved
	// (its refusal shows beside its field); empty otherwise.
	Failed     string
	FailedForm string
	// TimeZones are the IANA zones the edit form offers, the league's among them.
	TimeZones []string
	// Activity is the activity rule's form, offered while the league is open.
	Activity ActivityForm
	// Size is the league's size and games each, offered while the league is open.
	Size SizeForm
	// ErrorForm is the id of the section whose form was refused (shown beside it), and
	// Typed what was typed in it, to fill in again; ErrorForm "" shows Error at the top.
	ErrorForm string
	Typed     map[string]string
	// Reopenable says the organiser may still reopen the league closed early or cancelled.
	Reopenable bool
	// Recorded counts the league's recorded results: a league without any may be deleted.
	Recorded int
	// Private says the league is private; InviteURL is its invite link.
	Private   bool
	InviteURL string
	// Webhooks are the league's outgoing webhooks; WebhookForm the add form as typed.
	Webhooks    []WebhookView
	WebhookForm WebhookForm
	// MaxWebhooks is how many a league may have.
	MaxWebhooks int
	// Unknown are the league's notifications whose outcome nobody can tell (their server
	// stopped after handing them over), shown to the organiser with a resend button.
	Unknown []UnknownDeliveryView
}

// UnknownDeliveryView is a notification that may or may not have arrived.
type UnknownDeliveryView struct {
	ID int64
	// What is its kind in words; To its recipient (a username, or a webhook's host and id).
	What, To string
	// At is when it was found unknown, in the league's zone.
	At string
}

// WebhookView is one of a league's webhooks on its manage page.
type WebhookView struct {
	ID int64
	// Host is the host of the webhook's address: the rest of it is the receiver's key and
	// is shown nowhere.
	Host   string
	Format string
	Secret string
	// Last is the latest delivery's outcome in words ("" before the first).
	Last string
}

// WebhookForm is the add-a-webhook form's values and per-field errors (url, format).
type WebhookForm struct {
	URL    string
	Format string
	Errors FieldErrors
}

// EditForm is the league edit form's values (as typed) and per-field errors.
type EditForm struct {
	Name        string
	Description string
	Venue       string
	TimeZone    string
	// Edition is the free-text note on the edition played (CONTRACT section 9).
	Edition string
	Errors  FieldErrors
}

// HistoryLine is one line of a league's history, its time in the league's zone.
type HistoryLine struct {
	At       string
	Username string
	Action   string
	Detail   string
}

// DeskView is the signed-in front page: what the viewer plays next and what waits for them
// as an organiser.
type DeskView struct {
	// Next are the viewer's next games, soonest first.
	Next []DeskGame
	// Queue are the games waiting for a result in the leagues the viewer runs, oldest first.
	Queue []DeskGame
	// Overdue, ThisWeek, Undated and Later split Queue (issue #24): games dated before now,
	// within the next 7 days, not dated (a full normal table, a league without dates), and
	// further ahead. Later ones have no Record button in view.
	Overdue, ThisWeek, Undated, Later []DeskGame
	// OverduePages, ThisWeekPages, UndatedPages and LaterPages page those groups: a busy
	// organiser's desk shows a page of each, not every game (issue #34).
	OverduePages, ThisWeekPages, UndatedPages, LaterPages DeskPager
	// Waiting are the open leagues the viewer plays in or runs.
	Waiting []LeagueSummary
	// Recent are the latest results in the viewer's leagues.
	Recent []DeskResult
	// FeedURL is the viewer's private calendar feed.
	FeedURL string
	// Table is players at the table: proposals to confirm, attendance to give and see.
	Table TableDeskView
	// Seasons are the open seasons the viewer signed up for or organises.
	Seasons []DeskSeason
}

// DeskPager is where one of the desk's long lists stands: the page shown (from 1) of
// Pages, Size items a page, Total in all, paged by the query parameter Param.
type DeskPager struct {
	Param             string
	Page, Pages, Size int
	Total             int
}

// First and Last are the positions (from 1) of the first and last items shown.
func (p DeskPager) First() int { return (p.Page-1)*p.Size + 1 }

// Last is the position of the last item shown.
func (p DeskPager) Last() int { return min(p.Page*p.Size, p.Total) }

// URL is the desk showing page n of the list, scrolled to the list.
func (p DeskPager) URL(n int) string {
	return "/?" + p.Param + "=" + strconv.Itoa(n) + "#" + p.Param
}

// DeskSeason is an open season on the desk: the viewer's sign-up, or, for its organiser,
// how many signed up and whether it can start.
type DeskSeason struct {
	ID       int64
	Name     string
	SignedUp int
	// SignedUpMe says the viewer is signed up; Organising that they organise it.
	SignedUpMe, Organising bool
	// Needed is how many players the season needs to start (its smallest division).
	Needed int
}

// URL is the season's page.
func (s DeskSeason) URL() string { return "/seasons/" + strconv.FormatInt(s.ID, 10) }

// StartURL is the page that asks the organiser to confirm the start.
func (s DeskSeason) StartURL() string { return s.URL() + "/start" }

// Ready says enough players signed up to start.
func (s DeskSeason) Ready() bool { return s.SignedUp >= s.Needed }

// DeskGame is one game on the desk.
type DeskGame struct {
	ID         int64
	LeagueID   int64
	LeagueName string
	Number     int
	Round      int
	// When is the date in the league's zone; empty if none.
	When string
	// Place is the game's place, or the league's venue.
	Place string
	// Seats are the players' display names in seat order.
	Seats []string
	// SeatName is the viewer's seat ("Seat 2") in the list of next games.
	SeatName string
	// SeatIsName says SeatName is the game's own name for the seat, not translated.
	SeatIsName bool
	// GameName names the game of a normal game (LeagueID 0), which has no league.
	GameName string
	// GameLabel is the game and the version played: "Arcs (Lost Vaults & Fated Leaders)".
	GameLabel string
}

// URL is the game's page.
func (g DeskGame) URL() string { return "/games/" + strconv.FormatInt(g.ID, 10) }

// ResultURL is the game's result form.
func (g DeskGame) ResultURL() string { return g.URL() + "/result" }

// DeskResult is one recent result on the desk.
type DeskResult struct {
	GameID     int64
	LeagueName string
	Number     int
	When       string
	Winners    string
}

// URL is the game's page.
func (r DeskResult) URL() string { return "/games/" + strconv.FormatInt(r.GameID, 10) }

// RoundSheet is one printed page of a league's round sheet: a round's tables.
type RoundSheet struct {
	Round int
	// When is the round's first date in the league's zone; empty if none.
	When   string
	Tables []TableSheet
}

// TableSheet is one game of a round sheet: its number, place and seats, and the headers of
// the result fields written by hand for each seat (what the game's result form asks).
type TableSheet struct {
	Number int
	Place  string
	When   string
	Seats  []SeatSheet
	Fields []string
}

// SeatSheet is one seat of a printed table: the seat's name and who sits there.
type SeatSheet struct {
	Name        string
	Username    string
	DisplayName string
}

// RoundSheetsView is the printable round sheets of a league.
type RoundSheetsView struct {
	League LeagueSummary
	Rounds []RoundSheet
}

// StandingsSheetView is the printable standings of a league.
type StandingsSheetView struct {
	League    LeagueSummary
	Standings StandingsView
	// Printed is when the sheet was made, in the league's zone.
	Printed string
	// Notes are the replacements' notes.
	Notes []string
}

// webhookFormatName names a webhook format in the add form, in ctx's language.
func webhookFormatName(ctx context.Context, f string) string {
	switch f {
	case "discord":
		return locales.T(ctx, "manage.format.discord")
	case "slack":
		return locales.T(ctx, "manage.format.slack")
	}
	return locales.T(ctx, "manage.format.json")
}

// leagueStatusIDs are the message ids of the statuses a league reaches besides those of
// statusIDs: closed early, cancelled, archived.
var leagueStatusIDs = map[string]string{
	"closed":    "manage.status.closed",
	"cancelled": "manage.status.cancelled",
	"archived":  "manage.status.archived",
}

// statusWordOf is a status as ctx's language says it, a league's end among them.
func statusWordOf(ctx context.Context, status string) string {
	if id, ok := leagueStatusIDs[status]; ok {
		return locales.T(ctx, id)
	}
	return statusWord(locales.From(ctx), status)
}

// TypedIn is what was typed in field of the refused form of section id, to fill in again.
func (v ManageView) TypedIn(id, field string) string {
	if v.ErrorForm != id {
		return ""
	}
	return v.Typed[field]
}

// SizeForm is the manage page's league size (Players, the league's N) and games each
// player plays, as typed, with its per-field errors.
type SizeForm struct {
	Players        string
	GamesPerPlayer string
	Errors         FieldErrors
}

// ActivityForm is the manage page's activity rule (who may join: MinRecentGames finished
// games within RecentDays days), as typed, with its per-field errors.
type ActivityForm struct {
	MinRecentGames string
	RecentDays     string
	Errors         FieldErrors
}
