package httpx

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/text"
)

// TextProblem says what is wrong with a free-text field, or "".
func TextProblem(s string, maxLen int, required bool) string {
	switch {
	case s == "" && required:
		return "required"
	case !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0:
		return "must not contain control characters"
	case strings.IndexFunc(s, Invisible) >= 0:
		return "must not contain invisible or text-direction characters"
	case strings.IndexFunc(s, text.BlankLooking) >= 0:
		return "must not contain characters that look blank (such as U+3164 or U+2800)"
	case utf8.RuneCountInString(s) > maxLen:
		return "must be at most " + strconv.Itoa(maxLen) + " characters"
	}
	// A word mixing scripts ("Аda" with a Cyrillic А) passes for another (trust review 3).
	if w := text.MixedScriptWord(s); w != "" {
		return fmt.Sprintf("%q mixes letters of different scripts, like a look-alike of another word; write each word in one script", w)
	}
	return ""
}

// FieldProblem is the problem part of a *scoring.FieldError (its field is already known).
func FieldProblem(err error) string {
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		return fe.Problem
	}
	return err.Error()
}
