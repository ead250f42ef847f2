package league

import "errors"

// ErrConflict is what errors.Is matches for every request refused because it clashes with
// the state of things (see Conflict).
var ErrConflict = errors.New("conflict")

// Conflict is a request refused because it clashes with the state of things: the league's
// status, its members, the data already stored. Reason is a short message safe to show the
// user, naming the field when there is one ("username: already taken"). The store's
// refusals are Conflicts too (store.Conflict), and the web answers every one with 409.
type Conflict struct {
	Reason string
	// ID and Data are the reason's message in the locales files and its blanks ("" when it
	// has none yet): pages say it in their reader's language (Words), while the API answers
	// with Reason, the English, exactly. The English message is Reason word for word.
	ID   string
	Data map[string]any
}

// Words is the conflict's message id and blanks.
func (c *Conflict) Words() (string, map[string]any) { return c.ID, c.Data }

// Error returns the conflict's reason.
func (c *Conflict) Error() string { return c.Reason }

// Is makes errors.Is(err, ErrConflict) hold for every *Conflict.
func (c *Conflict) Is(target error) bool { return target == ErrConflict }

// Invalid is a request whose value does not fit (a dispute's reason left empty, a user who
// does not exist, a time zone Go does not know). Reason names the field; the web answers it
// with 422. The store's are Invalids too (store.Invalid).
type Invalid struct {
	Reason string
	// ID and Data are the reason's message and blanks, as a Conflict's.
	ID   string
	Data map[string]any
}

// Words is the refusal's message id and blanks.
func (i *Invalid) Words() (string, map[string]any) { return i.ID, i.Data }

// Error returns the reason.
func (i *Invalid) Error() string { return i.Reason }
