package league

import (
	"crypto/subtle"
	"errors"
)

// ErrNotFound is a league, game or row that is not there, or one not shown to the caller:
// a private league to someone not invited. store.ErrNotFound is the same error.
var ErrNotFound = errors.New("not found")

// ErrInviteInvalid refuses a join to a private league through a link whose token is not the
// league's current one (the organiser renewed it, or made the league public meanwhile).
var ErrInviteInvalid = &Forbidden{Reason: "invite: this invite link is not valid any more (the organiser may have renewed it); ask them for the current one", ID: "refusal.invite_invalid"}

// Invitation is what a join to a league is let in on, read under the league's row lock:
// the league's privacy and current invite token, the token the joining player presents,
// their role in the league and whether they see the league anyway (a former member).
type Invitation struct {
	Private            bool
	Current, Presented string
	Role               Role
	Visible            bool
}

// SameToken compares a presented invite token with the current one in constant time; an
// empty current token (a public league) matches nothing.
func SameToken(current, presented string) bool {
	return current != "" && subtle.ConstantTimeCompare([]byte(current), []byte(presented)) == 1
}

// Admit lets a join to a public league in, and to a private one only with its current
// invite token: no token at all, or a wrong or old one, is ErrNotFound (the league is not
// shown to those who were not invited); a former member, who sees the league anyway, is
// told the link is old (ErrInviteInvalid). The organiser and co-organisers, who hold the
// link, need none.
func Admit(inv Invitation) error {
	switch {
	case !inv.Private || SameToken(inv.Current, inv.Presented):
		return nil
	case inv.Role >= RoleCoOrganiser:
		return nil
	case inv.Presented == "":
		return ErrNotFound
	// A wrong token answers as if there were no such league (trust review 3, finding 3):
	// only those who may see the league anyway (its former members) learn the link is old.
	case !inv.Visible:
		return ErrNotFound
	}
	return ErrInviteInvalid
}
