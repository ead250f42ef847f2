package httpx

import (
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn"
	"github.com/trustelem/zxcvbn/match"

	"github.com/tablestakes/tablestakes/locales"
)

// minPasswordScore is the least zxcvbn score a new password needs: 2 stands for at least a
// million guesses, which the log-in limits (at most 100 failures an hour at one account)
// stretch past a hundred years. Below it are the common and breached passwords of zxcvbn's
// lists ("password", "12345678", "iloveyou1"), repeats ("aaaaaaaa"), sequences, keyboard
// rows and dates (trust review 3, finding 4).
const minPasswordScore = 2

// PasswordProblem says what is wrong with a new password, or "" when it is acceptable.
// userInputs (the username, the display name) count as known words: a password built on
// them is easy to guess for whoever knows the account.
func PasswordProblem(password string, userInputs ...string) string {
	return PasswordProblemIn(locales.Default(), password, userInputs...)
}

// PasswordProblemIn is PasswordProblem said in l, for a web form's field errors.
func PasswordProblemIn(l locales.Lang, password string, userInputs ...string) string {
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
