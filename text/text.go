// Package text holds the checks every typed text shares, whichever package reads it: the
// invisible and text-direction characters no field may hold, the characters that look
// blank, and words mixing scripts to look like other words (trust review 3).
package text

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"golang.org/x/text/unicode/norm"
)

// Name is a typed name as it is checked and kept: trimmed, and in Unicode's compatibility
// composition (NFKC), so full-width letters (ＡＤＡ), mathematical ones (𝕬𝖉𝖆) and other
// compatibility forms become the ordinary characters they stand for (ADA, Ada) before the
// checks below judge them (trust review 4, finding 8).
func Name(s string) string {
	return strings.TrimSpace(norm.NFKC.String(strings.TrimSpace(s)))
}

// Invisible reports whether r is an invisible formatting character that typed text must
// not hold: the bidi controls (U+202A–U+202E, U+2066–U+2069, U+200E, U+200F, U+061C),
// which reverse or reorder the text around them, and the other format characters (zero
// width space, word joiner, BOM, soft hyphen, ...). The zero-width joiner and non-joiner
// stay allowed: emoji sequences and several scripts need them.
func Invisible(r rune) bool {
	return unicode.Is(unicode.Cf, r) && r != '\u200c' && r != '\u200d'
}

// BlankLooking reports whether r is a character that shows as empty space without being
// a space: the Hangul fillers (U+3164, U+115F, U+1160, U+FFA0), the Braille blank
// (U+2800) and the Mongolian vowel separator, with which a name can look like no name.
func BlankLooking(r rune) bool {
	switch r {
	case '\u3164', '\u115f', '\u1160', '\uffa0', '\u2800', '\u180e':
		return true
	}
	return false
}

// scripts are the scripts a word's letters are told apart by; letters of none of them
// (and marks, digits, punctuation: Common and Inherited) go with any.
var scripts = []struct {
	name  string
	table *unicode.RangeTable
}{
	{"Latin", unicode.Latin}, {"Cyrillic", unicode.Cyrillic}, {"Greek", unicode.Greek},
	{"Armenian", unicode.Armenian}, {"Georgian", unicode.Georgian}, {"Cherokee", unicode.Cherokee},
	{"Arabic", unicode.Arabic}, {"Hebrew", unicode.Hebrew}, {"Han", unicode.Han},
	{"Hiragana", unicode.Hiragana}, {"Katakana", unicode.Katakana}, {"Hangul", unicode.Hangul},
	{"Bopomofo", unicode.Bopomofo}, {"Thai", unicode.Thai}, {"Devanagari", unicode.Devanagari},
}

// together are the scripts one word may mix, as the languages written with them do:
// Japanese (Han, Hiragana, Katakana), Korean (Han, Hangul), Chinese (Han, Bopomofo).
var together = map[string]string{
	"Han+Hiragana": "", "Han+Katakana": "", "Hiragana+Katakana": "", "Han+Hangul": "", "Han+Bopomofo": "",
}

// MixedScriptWord returns the first word of s whose letters come from two scripts that
// no language writes one word in ("Аda" with a Cyrillic А: a look-alike of "Ada"), or "".
// Words are split at anything that is not a letter or a mark, so "Ada Лавлейс" is two
// words, each of one script, and passes.
func MixedScriptWord(s string) string {
	start := -1
	seen := map[string]bool{}
	check := func(end int) string {
		if len(seen) > 1 && !allowed(seen) {
			return s[start:end]
		}
		return ""
	}
	for i, r := range s {
		if !unicode.IsLetter(r) && !unicode.IsMark(r) {
			if start >= 0 {
				if w := check(i); w != "" {
					return w
				}
			}
			start, seen = -1, map[string]bool{}
			continue
		}
		if start < 0 {
			start = i
		}
		for _, sc := range scripts {
			if unicode.Is(sc.table, r) {
				seen[sc.name] = true
				break
			}
		}
	}
	if start >= 0 {
		return check(len(s))
	}
	return ""
}

// allowed reports whether a word's scripts are a mix that languages write.
func allowed(seen map[string]bool) bool {
	if len(seen) == 3 {
		return seen["Han"] && seen["Hiragana"] && seen["Katakana"]
	}
	var names []string
	for _, sc := range scripts { // in the table's order, so the key is stable
		if seen[sc.name] {
			names = append(names, sc.name)
		}
	}
	_, ok := together[names[0]+"+"+names[1]]
	return ok
}

// Storable reports whether s can be stored and sent as text: valid UTF-8 without NUL.
// Postgres refuses anything else as text with an error (SQLSTATE 22021).
func Storable(s string) bool {
	return utf8.ValidString(s) && !strings.ContainsRune(s, 0)
}
