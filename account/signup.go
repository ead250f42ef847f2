package account

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn"
	"github.com/trustelem/zxcvbn/match"

	"github.com/tablestakes/tablestakes/locales"
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

// minPasswordScore is the least zxcvbn score a new password needs: 2 stands for at least a
// million guesses, which the log-in limits (at most 100 failures an hour at one account)
// stretch past a hundred years. Below it are the common and breached passwords of zxcvbn's
// lists ("password", "12345678", "iloveyou1"), repeats ("aaaaaaaa"), sequences, keyboard
// rows and dates (trust review 3, finding 4).
const minPasswordScore = 2

// Signup is an account as a sign-up types it (the same fields as store.NewUser, which it
// converts to).
type Signup struct {
	Username    string
	DisplayName string
	Password    string
}

// CheckSignup normalises a sign-up (trimmed names, the display name in NFKC: text.Name) and
// returns one message per field that is wrong, said in l; an empty result means the
// sign-up may be stored.
func CheckSignup(l locales.Lang, s *Signup) map[string]string {
	s.Username = strings.TrimSpace(s.Username)
	s.DisplayName = text.Name(s.DisplayName)
	problems := map[string]string{}
	if msg := usernameProblem(l, s.Username); msg != "" {
		problems["username"] = msg
	}
	if msg := DisplayNameProblem(l, s.DisplayName); msg != "" {
		problems["display_name"] = msg
	}
	if msg := PasswordProblem(l, s.Password, s.Username, s.DisplayName); msg != "" {
		problems["password"] = msg
	}
	return problems
}

// DisplayNameProblem says, in l, what is wrong with a display name already normalised
// (text.Name), or "" when nothing is: required, at most 64 characters, text.Problem's checks.
func DisplayNameProblem(l locales.Lang, name string) string {
	return text.Problem(l, name, displayNameMax, true)
}

// usernameProblem says what is wrong with a username, or "" when it is acceptable:
// 3 to 32 ASCII letters, digits, '-' or '_', starting with a letter or digit, and not a
// former player's name (FormerPlayerPrefix).
func usernameProblem(l locales.Lang, name string) string {
	if name == "" {
		return l.T("field.required")
	}
	if len(name) < usernameMin || len(name) > usernameMax {
		return l.T("username.length")
	}
	if strings.HasPrefix(strings.ToLower(name), FormerPlayerPrefix) {
		return l.T("username.former", map[string]any{"Prefix": FormerPlayerPrefix})
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

// PasswordProblem says, in l, what is wrong with a new password, or "" when it is
// acceptable. userInputs (the username, the display name) count as known words: a password
// built on them is easy to guess for whoever knows the account.
func PasswordProblem(l locales.Lang, password string, userInputs ...string) string {
	switch {
	case password == "":
		return l.T("field.required")
	case utf8.RuneCountInString(password) < passwordMin:
		return l.T("password.too_short")
	case len(password) > passwordMax:
		return l.T("password.too_long")
	}
	var inputs []string
	for _, in := range userInputs {
		if in = strings.TrimSpace(in); in != "" {
			inputs = append(inputs, strings.ToLower(in))
		}
	}
	r := zxcvbn.PasswordStrength(password, inputs)
	if r.Score >= minPasswordScore {
		return ""
	}
	return l.T("password.guessable", map[string]any{"Because": guessableBecause(l, r.Sequence)})
}

// guessableBecause says, in words, what makes a weak password weak: the first pattern of
// zxcvbn's cheapest way to guess it that is not plain characters.
func guessableBecause(l locales.Lang, seq []*match.Match) string {
	for _, m := range seq {
		switch m.Pattern {
		case "dictionary":
			switch {
			case m.DictionaryName == "user_inputs":
				return l.T("password.because.user_inputs")
			case m.DictionaryName == "passwords" && len(seq) == 1:
				return l.T("password.because.common")
			case m.DictionaryName == "passwords":
				return l.T("password.because.built_on_common", map[string]any{"Token": strconv.Quote(m.Token)})
			}
			return l.T("password.because.word", map[string]any{"Token": strconv.Quote(m.Token)})
		case "repeat":
			return l.T("password.because.repeat", map[string]any{"Token": strconv.Quote(m.BaseToken)})
		case "sequence":
			return l.T("password.because.sequence", map[string]any{"Token": strconv.Quote(m.Token)})
		case "spatial":
			return l.T("password.because.spatial", map[string]any{"Token": strconv.Quote(m.Token)})
		case "date", "regex":
			return l.T("password.because.date", map[string]any{"Token": strconv.Quote(m.Token)})
		}
	}
	return l.T("password.because.short")
}
