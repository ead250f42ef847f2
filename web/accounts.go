package web

import (
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// Account field limits. They match the CHECK constraints of migration 00001.
const (
	usernameMin    = 3
	usernameMax    = 32
	displayNameMax = 64
	passwordMin    = 8
	passwordMax    = 72 // bcrypt uses only the first 72 bytes
)

// validateSignup normalises a sign-up (trimmed names) and returns one message per field
// that is wrong; an empty result means the sign-up may be stored.
func validateSignup(u *store.NewUser) templates.FieldErrors {
	u.Username = strings.TrimSpace(u.Username)
	u.DisplayName = strings.TrimSpace(u.DisplayName)
	errs := templates.FieldErrors{}
	if msg := usernameProblem(u.Username); msg != "" {
		errs["username"] = msg
	}
	switch {
	case u.DisplayName == "":
		errs["display_name"] = "required"
	default:
		if msg := textProblem(u.DisplayName, displayNameMax, true); msg != "" {
			errs["display_name"] = msg
		}
	}
	if msg := passwordProblem(u.Password, u.Username, u.DisplayName); msg != "" {
		errs["password"] = msg
	}
	return errs
}

// usernameProblem says what is wrong with a username, or "" when it is acceptable:
// 3 to 32 ASCII letters, digits, '-' or '_', starting with a letter or digit.
func usernameProblem(name string) string {
	if name == "" {
		return "required"
	}
	if len(name) < usernameMin || len(name) > usernameMax {
		return "must be 3 to 32 characters"
	}
	if strings.HasPrefix(strings.ToLower(name), store.FormerPlayerPrefix) {
		return "must not start with " + store.FormerPlayerPrefix + " (kept for deleted accounts)"
	}
	for i, r := range name {
		alnum := r < utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r))
		if i == 0 && !alnum {
			return "must start with a letter or digit"
		}
		if !alnum && r != '-' && r != '_' {
			return "may contain only letters, digits, - and _"
		}
	}
	return ""
}

// fieldErrorsText renders every failing field as "field: message", in form order joined by
// "; ", for the API's {"error": ...}: a sign-up learns all its problems at once.
func fieldErrorsText(errs templates.FieldErrors) string {
	var parts []string
	for _, f := range []string{"username", "display_name", "password"} { // form order
		if msg, ok := errs[f]; ok {
			parts = append(parts, f+": "+msg)
		}
	}
	return strings.Join(parts, "; ")
}

// localPath returns next if it is a path on this site, else "/". It keeps the log-in
// redirect from sending people elsewhere: browsers drop tabs and newlines from a
// Location and read a backslash as a slash, so "/\t/evil.example" or "/\\evil.example"
// would mean "//evil.example", another site. Only a parsed path without a scheme or host
// is accepted, whose path starts with exactly one slash once percent-decoded, and which
// holds no control character or backslash anywhere.
func localPath(next string) string {
	if !strings.HasPrefix(next, "/") || strings.ContainsFunc(next, func(r rune) bool {
		return r == '\\' || unicode.IsControl(r) || unicode.IsSpace(r) || invisible(r)
	}) {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	path, err := url.PathUnescape(u.EscapedPath())
	if err != nil || !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") ||
		strings.ContainsFunc(path, func(r rune) bool { return r == '\\' || unicode.IsControl(r) }) {
		return "/"
	}
	return u.RequestURI()
}

// invisible reports whether r is an invisible formatting character that names and titles
// must not hold: the bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C),
// which reverse or reorder the text around them, and the other format characters (zero
// width space, word joiner, BOM, soft hyphen, ...). The zero-width joiner and non-joiner
// stay allowed: emoji sequences and several scripts need them.
func invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d'
}
