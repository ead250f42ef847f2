package templates

import (
	"encoding/json"

	"golang.org/x/text/feature/plural"

	"github.com/tablestakes/tablestakes/locales"
)

// pluralSamples are whole numbers that, between them, take every plural form CLDR gives a
// language's whole numbers (one, two, few, many, other).
var pluralSamples = []int{1, 2, 3, 5, 0, 11, 21, 22, 25, 100, 101, 1000000}

// previewWords are the create-league form's preview sentences in l, for its script
// (static/league-form.js): each text with {players}, {k}, {games}, {n}, {least}, {most}
// blanks, and the counted ones per plural form, which the script picks with Intl.PluralRules
// in the page's language, so that it says what LeaguePreviewIn says without JavaScript.
func previewWords(l locales.Lang) string {
	forms := func(id string) map[string]string {
		out := map[string]string{}
		for _, n := range pluralSamples {
			form := pluralForm(l, n)
			if _, ok := out[form]; !ok {
				out[form] = l.NDecimal(id, itoa(n), "{n}")
			}
		}
		return out
	}
	words := map[string]any{
		"size":       l.T("preview.size", map[string]any{"Players": "{players}", "PerGame": "{k}", "Games": "{games}"}),
		"games":      forms("count.games"),
		"rounds":     forms("preview.rounds"),
		"each":       forms("preview.each"),
		"meet":       forms("preview.meet"),
		"meet_range": l.T("preview.meet_range", map[string]any{"Least": "{least}", "Most": "{most}"}),
		"choose":     l.T("preview.choose"),
		"multiple":   l.T("preview.multiple", map[string]any{"PerGame": "{k}"}),
	}
	buf, err := json.Marshal(words)
	if err != nil {
		return "{}"
	}
	return string(buf)
}

// pluralForm is the CLDR plural form ("one", "many", "other"…) the whole number n takes in l,
// as Intl.PluralRules names it.
func pluralForm(l locales.Lang, n int) string {
	switch plural.Cardinal.MatchPlural(l.Tag, n, 0, 0, 0, 0) {
	case plural.Zero:
		return "zero"
	case plural.One:
		return "one"
	case plural.Two:
		return "two"
	case plural.Few:
		return "few"
	case plural.Many:
		return "many"
	}
	return "other"
}
