package text

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/locales"
)

// Problem says, in l, what is wrong with a typed free-text field of at most maxLen
// characters, or "" when nothing is: required and empty, a control, invisible or
// blank-looking character, too long, or a word mixing scripts. The API says it in English
// (locales.Default()), a form in the reader's language.
func Problem(l locales.Lang, s string, maxLen int, required bool) string {
	switch {
	case s == "" && required:
		return l.T("field.required")
	case !utf8.ValidString(s) || strings.IndexFunc(s, unicode.IsControl) >= 0:
		return l.T("field.control")
	case strings.IndexFunc(s, Invisible) >= 0:
		return l.T("field.invisible")
	case strings.IndexFunc(s, BlankLooking) >= 0:
		return l.T("field.blank_looking")
	case utf8.RuneCountInString(s) > maxLen:
		return l.T("field.too_long", map[string]any{"Max": l.Int(maxLen)})
	}
	// A word mixing scripts ("Аda" with a Cyrillic А) passes for another (trust review 3).
	if w := MixedScriptWord(s); w != "" {
		return l.T("field.mixed_script", map[string]any{"Word": strconv.Quote(w)})
	}
	return ""
}
