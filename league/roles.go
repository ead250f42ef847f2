package league

// Role is what a user is to a league, from nobody to its organiser. Each role may do what
// the roles below it may.
type Role int

const (
	// RoleNone is anyone: they may read the league and, while it is open, join it.
	RoleNone Role = iota
	// RoleMember plays in the league; before it is full a member may leave.
	RoleMember
	// RoleCoOrganiser records and corrects results and manages dates and places.
	RoleCoOrganiser
	// RoleOrganiser created the league: everything, co-organisers and ending it included.
	RoleOrganiser
)

// Forbidden is a request refused because the caller's role in the league does not allow
// it. Reason is a short message safe to show the user; the web answers it with 403.
type Forbidden struct {
	Reason string
	// ID and Data are the reason's message and blanks, as a Conflict's.
	ID   string
	Data map[string]any
}

// Words is the refusal's message id and blanks.
func (f *Forbidden) Words() (string, map[string]any) { return f.ID, f.Data }

// Error returns the refusal's reason.
func (f *Forbidden) Error() string { return f.Reason }

// Refusals by role.
var (
	// ErrNotLeagueOrganiser refuses what only the league's organiser may do.
	ErrNotLeagueOrganiser = &Forbidden{Reason: "only the league's organiser may do this", ID: "refusal.not_league_organiser"}
	// ErrNotManager refuses what only the organiser or a co-organiser may do.
	ErrNotManager = &Forbidden{Reason: "only the league's organiser or a co-organiser may do this", ID: "refusal.not_manager"}
)

// RoleOf is a user's role in a league from what they are to it: its organiser, one of its
// co-organisers, one of its members, or none of these (RoleNone).
func RoleOf(organiser, coOrganiser, member bool) Role {
	switch {
	case organiser:
		return RoleOrganiser
	case coOrganiser:
		return RoleCoOrganiser
	case member:
		return RoleMember
	default:
		return RoleNone
	}
}

// Require decides whether a user of role have may do what needs role need, refusing with
// the refusal that names who may.
func Require(have, need Role) error {
	switch {
	case have >= need:
		return nil
	case need == RoleOrganiser:
		return ErrNotLeagueOrganiser
	default:
		return ErrNotManager
	}
}
