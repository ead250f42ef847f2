package locales

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/BurntSushi/toml"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// raw reads a message file as a translator writes it: id → text, or id → plural form → text.
func raw(t *testing.T, name string) map[string]any {
	t.Helper()
	buf, err := fs.ReadFile(files, name)
	require.NoError(t, err)
	var m map[string]any
	require.NoError(t, toml.Unmarshal(buf, &m), name)
	return m
}

func languageFiles(t *testing.T) []string {
	names, err := fs.Glob(files, "*.toml")
	require.NoError(t, err)
	require.Contains(t, names, "en.toml")
	return names
}

func TestEverySupportedLanguageHasItsFile(t *testing.T) {
	var codes []string
	for _, l := range Supported() {
		codes = append(codes, l.Code)
	}
	assert.Equal(t, []string{"en", "de", "fr", "it"}, codes, "English first, then the others")
}

// TestEveryMessageInEveryLanguage: each language's file has exactly English's ids, with the
// same blanks ({{.Zone}}), so no page falls back to English and no translation loses a value.
func TestEveryMessageInEveryLanguage(t *testing.T) {
	en := raw(t, "en.toml")
	blanks := regexp.MustCompile(`\{\{\s*\.(\w+)\s*\}\}`)
	blanksOf := func(v any) []string {
		var out []string
		add := func(s string) {
			for _, m := range blanks.FindAllStringSubmatch(s, -1) {
				if !slices.Contains(out, m[1]) {
					out = append(out, m[1])
				}
			}
		}
		switch v := v.(type) {
		case string:
			add(v)
		case map[string]any:
			for _, s := range v {
				add(s.(string))
			}
		}
		slices.Sort(out)
		return out
	}
	for _, name := range languageFiles(t) {
		if name == "en.toml" {
			continue
		}
		other := raw(t, name)
		for id, text := range en {
			tr, ok := other[id]
			if !assert.True(t, ok, "%s has no %q", name, id) {
				continue
			}
			assert.Equal(t, blanksOf(text), blanksOf(tr), "%s %q: the blanks differ from English's", name, id)
			_, plural := text.(map[string]any)
			_, trPlural := tr.(map[string]any)
			assert.Equal(t, plural, trPlural, "%s %q: a count message in English must be one there too", name, id)
		}
		for id := range other {
			_, ok := en[id]
			assert.True(t, ok, "%s has %q, which English does not", name, id)
		}
	}
}

// TestEveryPluralFormEachLanguageNeeds says every count message with counts that reach each
// of CLDR's plural forms in every language (one, two, few, many, other): a form missing from
// a file makes go-i18n fail, which this catches.
func TestEveryPluralFormEachLanguageNeeds(t *testing.T) {
	counts := []int{0, 1, 2, 3, 4, 5, 6, 7, 11, 12, 21, 22, 25, 100, 101, 1000, 1000000, 2000000}
	en := raw(t, "en.toml")
	for _, l := range Supported() {
		for id, text := range en {
			if _, plural := text.(map[string]any); !plural {
				continue
			}
			for _, n := range counts {
				_, err := l.loc.Localize(cfgN(id, n))
				assert.NoError(t, err, "%s %q with %d", l.Code, id, n)
			}
		}
	}
}

func TestCounts(t *testing.T) {
	it, _ := Get("it")
	de, _ := Get("de")
	assert.Equal(t, "1 game", Default().N("count.games", 1))
	assert.Equal(t, "2 games", Default().N("count.games", 2))
	assert.Equal(t, "1.000.000 di partite", it.N("count.games", 1000000))
	assert.Equal(t, "12 partite", it.N("count.games", 12))
	assert.Equal(t, "1 gewertete Partie", de.N("count.rated_games", 1))
}

func TestNumbers(t *testing.T) {
	for _, c := range []struct {
		code  string
		v     int64
		place int
		want  string
	}{
		{"en", 12_500_000, 1, "12.5"},
		{"it", 12_500_000, 1, "12,5"},
		{"fr", 12_500_000, 1, "12,5"},
		{"de", 12_500_000, 1, "12,5"},
		{"de", -12_450_000, 1, "-12,5"}, // half away from zero
		{"it", -400_000, 0, "0"},
		{"it", -500_000, 0, "-1"},
		{"it", -50_000, 1, "-0,1"},
		{"en", 1_234_567_891, 2, "1,234.57"},
		{"de", 1_234_567_891, 2, "1.234,57"},
		{"it", 7_000_000, 3, "7,000"},
		{"en", 6_666_667, 6, "6.666667"},
	} {
		l, ok := Get(c.code)
		require.True(t, ok)
		assert.Equal(t, c.want, l.Millionths(c.v, c.place), "%s %d %d", c.code, c.v, c.place)
	}
	fr, _ := Get("fr")
	assert.Equal(t, "12\u00a0345", fr.Int(12345), "French groups thousands with a no-break space (CLDR, as golang.org/x/text has it)")
	en := Default()
	assert.Equal(t, "12,345", en.Int(12345))
}

func TestDates(t *testing.T) {
	day := time.Date(2026, time.November, 26, 19, 30, 0, 0, time.UTC)
	want := map[string][3]string{
		"en": {"26 November 2026", "26 Nov 2026", "Thu 26 Nov 2026, 19:30"},
		"it": {"26 novembre 2026", "26 nov 2026", "gio 26 nov 2026, 19:30"},
		"fr": {"26 novembre 2026", "26 nov. 2026", "jeu. 26 nov. 2026, 19:30"},
		"de": {"26. November 2026", "26. Nov. 2026", "Do., 26. Nov. 2026, 19:30"},
	}
	for code, w := range want {
		l, _ := Get(code)
		assert.Equal(t, w[0], l.Date(day), code)
		assert.Equal(t, w[1], l.ShortDate(day), code)
		assert.Equal(t, w[2], l.DateTime(day), code)
	}
}

func TestMatch(t *testing.T) {
	for header, want := range map[string]string{
		"":                         "en",
		"de-CH, fr;q=0.8":          "de",
		"fr-CA,fr;q=0.9,en;q=0.8":  "fr",
		"es-ES, it;q=0.5":          "it",
		"es":                       "en",
		"zz;q=\x00garbage,,;;q=xx": "en",
		"en-GB":                    "en",
		"it-IT,it;q=0.9":           "it",
	} {
		assert.Equal(t, want, Match(header).Code, "Accept-Language: %q", header)
	}
}

// TestMessagesUsedExist scans the code for the ids it says (locales.T(ctx, "id"),
// .T("id"), .N("id", …)) and finds each in English's file: a misspelt id would show as
// itself on a page.
func TestMessagesUsedExist(t *testing.T) {
	en := raw(t, "en.toml")
	call := regexp.MustCompile(`\b(?:T|N)\((?:ctx, )?"([a-z0-9_]+(?:\.[a-z0-9_]+)+)"`)
	root := ".."
	n := 0
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && (d.Name() == "node_modules" || strings.HasPrefix(d.Name(), ".")) && p != root {
			return filepath.SkipDir
		}
		if d.IsDir() || strings.HasSuffix(p, "_templ.go") || strings.HasSuffix(p, "_test.go") ||
			!(strings.HasSuffix(p, ".go") || strings.HasSuffix(p, ".templ")) {
			return nil
		}
		buf, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		for _, m := range call.FindAllStringSubmatch(string(buf), -1) {
			n++
			_, ok := en[m[1]]
			assert.True(t, ok, "%s says %q, which en.toml does not have", p, m[1])
		}
		return nil
	})
	require.NoError(t, err)
	assert.Positive(t, n, "the scan found no calls at all")
}

func TestMissingIDSaysItself(t *testing.T) {
	assert.Equal(t, "no.such.id", Default().T("no.such.id"))
}
