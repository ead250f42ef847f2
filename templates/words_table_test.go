package templates

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/locales"
)

// TestFormProblemsInTheReadersLanguage: the result form's problems, worded in English by the
// form model, are said in the page's language; English stays word for word, and what the
// scorer says of a result stays as it is.
func TestFormProblemsInTheReadersLanguage(t *testing.T) {
	de, _ := locales.Get("de")
	ctx := locales.With(context.Background(), de)
	for _, tc := range []struct{ en, de string }{
		{"Some values need fixing; see the marked fields:", "Einige Werte müssen korrigiert werden; siehe die markierten Felder:"},
		{"Enter the final score", "Gib das Endergebnis ein"},
		{"Not a number: x", "Keine Zahl: x"},
		{"Seat 3 (Chloé Martin): the final score is missing", "Platz 3 (Chloé Martin): das Endergebnis fehlt"},
		{"France (Hugo): not a number: x", "Frankreich (Hugo): Keine Zahl: x"},
		{"Die: not a number: x", "Würfel: Keine Zahl: x"},
		{"Reason: Say why the result is corrected", "Grund: Sag, warum das Ergebnis korrigiert wird"},
		{"centers: must be 0 or more", "centers: must be 0 or more"},
	} {
		assert.Equal(t, tc.de, formProblemIn(ctx, tc.en), tc.en)
		assert.Equal(t, tc.en, formProblemIn(context.Background(), tc.en), "English as it is")
	}
}

// TestTimesInTheReadersLanguage: a time a cached view carries in English is said in the
// reader's language, its zone's abbreviation kept.
func TestTimesInTheReadersLanguage(t *testing.T) {
	it, _ := locales.Get("it")
	assert.Equal(t, "mar 1 dic 2026, 19:00 CET", WhenIn(it, "Tue 1 Dec 2026 19:00 CET"))
	assert.Equal(t, "1 dic 2026, 19:00", WhenIn(it, "1 Dec 2026 19:00"))
	assert.Equal(t, "soon", WhenIn(it, "soon"))
	assert.Equal(t, "Tue 1 Dec 2026 19:00 CET", WhenIn(locales.Default(), "Tue 1 Dec 2026 19:00 CET"))
}
