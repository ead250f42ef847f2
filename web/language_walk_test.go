package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/locales"
)

// TestCrawlEveryDemoPageSpeaksEachLanguage walks every page of the demo a visitor, an organiser
// (ada) and a player who organises nothing (dmitri) can reach by following links, and opens
// each in every language TableStakes speaks: no English left on it (text that also shows
// on the English page, apart from names and what people typed), <html lang> saying the
// language, and no number written with a decimal point.
func TestCrawlEveryDemoPageSpeaksEachLanguage(t *testing.T) {
	t.Parallel()
	app, _, _ := demoApp(t)
	href := regexp.MustCompile(`^/[^?#]*`)
	for _, who := range []string{"", "ada", "dmitri"} {
		c := app.browser()
		if who != "" {
			res, _ := app.submit(c, "/login", "/login", url.Values{"username": {who}, "password": {demo.Password}})
			require.Equal(t, http.StatusSeeOther, res.StatusCode, who)
		}
		start := []string{"/", "/leagues", "/games", "/ratings", "/ratings/diplomacy", "/supercat", "/account", "/api"}
		seen := map[string]bool{}
		for _, p := range start {
			seen[p] = true
		}
		perRoute := map[string]int{}
		var problems []string
		for queue := start; len(queue) > 0; queue = queue[1:] {
			path := queue[0]
			res, english := app.get(c, withLang(path, "en"))
			if res.StatusCode != http.StatusOK {
				continue
			}
			english.Find("a[href]").Each(func(_ int, s *goquery.Selection) {
				l := href.FindString(s.AttrOr("href", ""))
				r := routeOf(l)
				if l == "" || seen[l] || crawlSkip.MatchString(l) || perRoute[r] >= maxPerRoute(r) {
					return
				}
				seen[l] = true
				perRoute[r]++
				queue = append(queue, l)
			})
			englishHTML, err := english.Html()
			require.NoError(t, err)
			for _, l := range locales.Supported()[1:] {
				en, err := goquery.NewDocumentFromReader(strings.NewReader(englishHTML))
				require.NoError(t, err)
				_, page := app.get(c, withLang(path, l.Code))
				if got := htmlLang(page); got != l.Code {
					problems = append(problems, fmt.Sprintf("%s in %s: <html lang=%q>", path, l.Code, got))
				}
				if left := untranslated(en, page); len(left) > 0 {
					problems = append(problems, fmt.Sprintf("%s in %s: English left: %q", path, l.Code, left))
				}
				if dots := numbersWithDots(page); len(dots) > 0 {
					problems = append(problems, fmt.Sprintf("%s in %s: numbers with a decimal point: %q", path, l.Code, dots))
				}
			}
			app.get(c, withLang(path, "en"))
		}
		slices.Sort(problems)
		assert.Empty(t, problems, "signed in as %q (%d pages)", who, len(seen))
		assert.Greater(t, len(seen), 20, "signed in as %q: the walk reached the demo's pages", who)
	}
}
