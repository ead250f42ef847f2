package httpx

import (
	"context"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/text"
)

// Account field limits. They match the CHECK constraints of migration 00001.
const (
	usernameMin    = 3
	usernameMax    = 32
	displayNameMax = 64
	passwordMin    = 8
	passwordMax    = 72 // bcrypt uses only the first 72 bytes
)

// ValidateSignup normalises a sign-up (trimmed names, the display name in NFKC: text.Name) and returns one message per field
// that is wrong; an empty result means the sign-up may be stored.
func ValidateSignup(l locales.Lang, u *store.NewUser) templates.FieldErrors {
	u.Username = strings.TrimSpace(u.Username)
	u.DisplayName = text.Name(u.DisplayName)
	errs := templates.FieldErrors{}
	if msg := usernameProblem(l, u.Username); msg != "" {
		errs["username"] = msg
	}
	switch {
	case u.DisplayName == "":
		errs["display_name"] = l.T("field.required")
	default:
		if msg := TextProblemIn(l, u.DisplayName, displayNameMax, true); msg != "" {
			errs["display_name"] = msg
		}
	}
	if msg := PasswordProblemIn(l, u.Password, u.Username, u.DisplayName); msg != "" {
		errs["password"] = msg
	}
	return errs
}

// usernameProblem says what is wrong with a username, or "" when it is acceptable:
// 3 to 32 ASCII letters, digits, '-' or '_', starting with a letter or digit.
func usernameProblem(l locales.Lang, name string) string {
	if name == "" {
		return l.T("field.required")
	}
	if len(name) < usernameMin || len(name) > usernameMax {
		return l.T("username.length")
	}
	if strings.HasPrefix(strings.ToLower(name), store.FormerPlayerPrefix) {
		return l.T("username.former", map[string]any{"Prefix": store.FormerPlayerPrefix})
	}
	for i, r := range name {
		alnum := r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
		if i == 0 && !alnum {
			return l.T("username.start")
		}
		if !alnum && r != '-' && r != '_' {
			return l.T("username.chars")
		}
	}
	return ""
}

// Invisible reports whether r is an invisible formatting character that names and titles
// must not hold (text.Invisible: bidi controls, zero-width spaces, ...).
func Invisible(r rune) bool { return text.Invisible(r) }

// RenameAccount gives the user the display name as typed, normalised (text.Name) and
// checked as at sign-up, for the account page and the API alike; a bad name is a *store.Invalid naming
// display_name, said in l (the API's in English).
func (h *Server) RenameAccount(ctx context.Context, l locales.Lang, user store.User, typed string) (store.User, error) {
	name := text.Name(typed)
	if msg := TextProblemIn(l, name, displayNameMax, true); msg != "" {
		return store.User{}, &store.Invalid{Reason: "display_name: " + msg}
	}
	return h.Store.UpdateDisplayName(ctx, user.ID, name)
}

// ReplacePassword changes the user's password, for the account page and the API alike:
// the current one is required and the new one checked (PasswordProblem). A refusal is a
// *store.Invalid naming its field, said in l (the API's in English); a wrong current
// password is store.ErrWrongPassword.
func (h *Server) ReplacePassword(ctx context.Context, l locales.Lang, user store.User, current, next string) (store.User, error) {
	if current == "" {
		return store.User{}, &store.Invalid{Reason: "current_password: " + l.T("field.required")}
	}
	if msg := PasswordProblemIn(l, next, user.Username, user.DisplayName); msg != "" {
		return store.User{}, &store.Invalid{Reason: "new_password: " + msg}
	}
	return h.Accounts.ChangePassword(ctx, user.ID, current, next)
}
