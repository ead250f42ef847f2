package templates

// ManageView is the organiser's page of a league (/leagues/{id}/manage).
type ManageView struct {
	League LeagueSummary
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
}

// EditForm is the league edit form's values (as typed) and per-field errors.
type EditForm struct {
	Name        string
	Description string
	Venue       string
	TimeZone    string
	Errors      FieldErrors
}

// HistoryLine is one line of a league's history, its time in the league's zone.
type HistoryLine struct {
	At       string
	Username string
	Action   string
	Detail   string
}
