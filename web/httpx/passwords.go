package httpx

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/trustelem/zxcvbn"
	"github.com/trustelem/zxcvbn/match"
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
	switch {
	case password == "":
		return "required"
	case utf8.RuneCountInString(password) < passwordMin:
		return "must be at least 8 characters"
	case len(password) > passwordMax:
		return "must be at most 72 bytes"
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
	return "too easy to guess: " + guessableBecause(r.Sequence) +
		"; use a longer one, such as a few words that do not belong together"
}

// guessableBecause says, in words, what makes a weak password weak: the first pattern of
// zxcvbn's cheapest way to guess it that is not plain characters.
func guessableBecause(seq []*match.Match) string {
	for _, m := range seq {
		switch m.Pattern {
		case "dictionary":
			switch {
			case m.DictionaryName == "user_inputs":
				return "it is built on your username or display name"
			case m.DictionaryName == "passwords" && len(seq) == 1:
				return "it is one of the most common passwords, on the lists guessers try first"
			case m.DictionaryName == "passwords":
				return fmt.Sprintf("it is built on %q, one of the most common passwords", m.Token)
			}
			return fmt.Sprintf("it is built on the common word %q", m.Token)
		case "repeat":
			return fmt.Sprintf("it repeats %q", m.BaseToken)
		case "sequence":
			return fmt.Sprintf("%q is a sequence (like abcd or 1234)", m.Token)
		case "spatial":
			return fmt.Sprintf("%q is a row of keys on a keyboard", m.Token)
		case "date", "regex":
			return fmt.Sprintf("%q is a date or a year", m.Token)
		}
	}
	return "it is short and made of few kinds of characters"
}
