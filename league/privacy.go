package league

// Privacy is a change of a league's privacy accepted and what it causes.
type Privacy struct {
	// Changes is false when the league already is what was asked: nothing is saved and the
	// invite link stays.
	Changes bool
	// Line is the league history's line.
	Line string
}

// SetPrivacy decides whether the organiser may make a league of status private (private
// true) or public, when it is private (was) or not: only while it is open or running. A
// league that is over is a *Conflict.
func SetPrivacy(status string, was, private bool) (Privacy, error) {
	if status != Open && status != Running {
		return Privacy{}, &Conflict{Reason: "league: " + status + "; its privacy can no longer change", ID: "refusal.privacy_final", Data: map[string]any{"Status": status}}
	}
	switch {
	case was == private:
		return Privacy{}, nil
	case private:
		return Privacy{Changes: true, Line: "made the league private; joining takes the invite link"}, nil
	default:
		return Privacy{Changes: true, Line: "made the league public; the invite link no longer works"}, nil
	}
}

// RenewInvite decides whether a league's invite link may be renewed: only a private
// league's; a public one has none (a *Conflict). It returns the history's line.
func RenewInvite(private bool) (string, error) {
	if !private {
		return "", &Conflict{Reason: "league: public; anyone may join it, so it has no invite link to renew", ID: "refusal.no_invite_link"}
	}
	return "renewed the invite link; the old one no longer works", nil
}
