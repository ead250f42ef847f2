package httpx

import (
	"errors"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/text"
)

// TextProblem says what is wrong with a free-text field, or "", in English (for the API).
func TextProblem(s string, maxLen int, required bool) string {
	return TextProblemIn(locales.Default(), s, maxLen, required)
}

// TextProblemIn is TextProblem said in l, for a web form's field errors.
func TextProblemIn(l locales.Lang, s string, maxLen int, required bool) string {
	switch {
	case s == "" && required:
		return l.T("field.required")
	case !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0:
		return l.T("field.control")
	case strings.IndexFunc(s, Invisible) >= 0:
		return l.T("field.invisible")
	case strings.IndexFunc(s, text.BlankLooking) >= 0:
		return l.T("field.blank_looking")
	case utf8.RuneCountInString(s) > maxLen:
		return l.T("field.too_long", map[string]any{"Max": l.Int(maxLen)})
	}
	// A word mixing scripts ("Аda" with a Cyrillic А) passes for another (trust review 3).
	if w := text.MixedScriptWord(s); w != "" {
		return l.T("field.mixed_script", map[string]any{"Word": strconv.Quote(w)})
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
