package web_test

import (
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"unicode"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/tablestakes/tablestakes/locales"

	"github.com/tablestakes/tablestakes/web"
)

// getIn fetches path with an Accept-Language header (none when accept is "").
func (a *testApp) getIn(c *http.Client, path, accept string) (*http.Response, *goquery.Document) {
	a.t.Helper()
	req, err := http.NewRequest(http.MethodGet, a.srv.URL+path, nil)
	require.NoError(a.t, err)
	if accept != "" {
		req.Header.Set("Accept-Language", accept)
	}
	res, err := c.Do(req)
	require.NoError(a.t, err)
	return res, parse(a.t, res)
}

func htmlLang(doc *goquery.Document) string { return doc.Find("html").AttrOr("lang", "") }

// TestLanguageChoice: ?lang= (remembered in a cookie), then Accept-Language, then English;
// every page says its language in <html lang> and offers the switch in its footer.
func TestLanguageChoice(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})

	_, doc := app.getIn(app.browser(), "/", "")
	assert.Equal(t, "en", htmlLang(doc))
	assert.Equal(t, "Leagues", text(doc.Find(`.main-nav a[href="/leagues"]`)))
	var names []string
	doc.Find(".language-switch a").Each(func(_ int, s *goquery.Selection) { names = append(names, text(s)) })
	assert.Equal(t, []string{"English", "Deutsch", "Français", "Italiano"}, names, "each language named in itself")
	assert.Equal(t, "/?lang=it", doc.Find(`.language-switch a[lang="it"]`).AttrOr("href", ""))

	_, doc = app.getIn(app.browser(), "/", "de-CH, fr;q=0.8")
	assert.Equal(t, "de", htmlLang(doc))
	assert.Equal(t, "Ligen", text(doc.Find(`.main-nav a[href="/leagues"]`)))

	_, doc = app.getIn(app.browser(), "/", "es")
	assert.Equal(t, "en", htmlLang(doc), "a language TableStakes does not speak is English")

	c := app.browser()
	res, doc := app.getIn(c, "/leagues?lang=it", "de")
	assert.Equal(t, "it", htmlLang(doc), "?lang= comes before Accept-Language")
	assert.Equal(t, "Leghe", text(doc.Find(`.main-nav a[href="/leagues"]`)))
	assert.Contains(t, res.Header.Values("Vary"), "Accept-Language")
	_, doc = app.getIn(c, "/", "de")
	assert.Equal(t, "it", htmlLang(doc), "the choice is remembered")
	assert.Equal(t, "/?lang=fr", doc.Find(`.language-switch a[lang="fr"]`).AttrOr("href", ""))
	assert.Equal(t, "true", doc.Find(`.language-switch a[lang="it"]`).AttrOr("aria-current", ""))

	_, doc = app.getIn(c, "/?lang=xx", "")
	assert.Equal(t, "it", htmlLang(doc), "an unknown ?lang= changes nothing")
}

// TestCachedPagesArePerLanguage: an anonymous page the cache keeps is kept once per
// language, so a German visitor never gets the English copy or the other way round.
func TestCachedPagesArePerLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	for range 2 { // the second round is answered from the cache
		for _, lang := range []string{"de", "en", "fr", "it"} {
			res, doc := app.getIn(app.browser(), "/ratings/cartagena", lang)
			require.Equal(t, http.StatusOK, res.StatusCode)
			assert.Equal(t, lang, htmlLang(doc))
		}
	}
}

// TestAccountLanguage: the account's language comes before Accept-Language on every browser
// it signs in on, and ?lang= before both; an unknown language is refused beside its field.
func TestAccountLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")

	res, doc := app.submit(c, "/account", "/account/language", url.Values{"language": {"tlh"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Choose one of the languages in the list.", text(doc.Find("#e-language")))
	assert.Equal(t, "", doc.Find(`#f-language option[selected]`).AttrOr("value", "x"), "nothing was saved")

	res, _ = app.submit(c, "/account", "/account/language", url.Values{"language": {"fr"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/account?done=language", res.Header.Get("Location"))
	_, doc = app.getIn(c, "/account?done=language", "de")
	assert.Equal(t, "fr", htmlLang(doc))
	assert.Equal(t, "Langue enregistrée : Français.", text(doc.Find(".notice")))
	assert.Equal(t, "fr", doc.Find(`#f-language option[selected]`).AttrOr("value", ""))

	// Another browser: only the session, no language cookie.
	other := app.browser()
	app.submit(other, "/login", "/login", url.Values{"username": {"ada"}, "password": {"analytical-engine"}})
	_, doc = app.getIn(other, "/", "de")
	assert.Equal(t, "fr", htmlLang(doc), "the account's language comes before the browser's")
	_, doc = app.getIn(other, "/?lang=it", "de")
	assert.Equal(t, "it", htmlLang(doc), "?lang= comes before the account's")

	res, _ = app.submit(c, "/account", "/account/language", url.Values{"language": {""}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.getIn(c, "/", "de")
	assert.Equal(t, "de", htmlLang(doc), "back to the browser's language")
}

// textNodes returns the texts people read on a page (its title and body, and the labels
// inside attributes people read: placeholder, aria-label, title, alt, value of buttons):
// each trimmed text node with a letter in it, except those inside an element marked
// translate="no" (names of players, leagues and games, what people typed), and inside
// script, style and code.
func textNodes(doc *goquery.Document) []string {
	var out []string
	add := func(s string) {
		s = strings.Join(strings.Fields(s), " ")
		if strings.IndexFunc(s, unicode.IsLetter) >= 0 {
			out = append(out, s)
		}
	}
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script", "style", "code", "pre", "svg":
				return
			}
			for _, a := range n.Attr {
				// translate="no": a name, or what people typed; lang="en" inside a page
				// in another language: text that exists only in English (the API's
				// reference, the seed's rules text), marked so for readers and their tools.
				if a.Key == "translate" && a.Val == "no" || a.Key == "lang" && a.Val == "en" && n.Data != "html" {
					return
				}
			}
			for _, a := range n.Attr {
				switch {
				case a.Key == "placeholder", a.Key == "aria-label", a.Key == "title", a.Key == "alt",
					a.Key == "value" && n.Data == "input" && attr(n, "type") == "submit":
					add(a.Val)
				}
			}
		}
		if n.Type == html.TextNode {
			add(n.Data)
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range doc.Find("head > title, body").Nodes {
		walk(n)
	}
	return out
}

func attr(n *html.Node, key string) string {
	for _, a := range n.Attr {
		if a.Key == key {
			return a.Val
		}
	}
	return ""
}

// sameEverywhere are the words that are the same in every language TableStakes speaks, and
// those one of them borrows from English as they are (Italian's "Password", French "Points", and French "Place", a seat, a false friend of the English place).
var sameEverywhere = map[string]bool{"TableStakes": true, "SUPERCAT": true, "API": true, "·": true, "OK": true, "Password": true, "Points": true, "Place": true}

// sameIn are the words one language writes as English does (German "Version", "Name",
// "Start"; French "Description", "Dates", "table"; the words for a bot and webhooks).
var sameIn = map[string]map[string]bool{
	"de": {"Version": true, "Chance": true, "Start": true, "Name": true, "Format": true, "Webhooks": true, "Bots": true, "normal": true, "bot": true},
	"fr": {"Version": true, "Chance": true, "Description": true, "Format": true, "Webhooks": true, "Dates": true, "Sections": true, "Bots": true, "normal": true, "bot": true, "table": true, "Table": true},
	"it": {"Webhooks": true, "bot": true, "Bots": true},
}

// allSameEverywhere reports whether every word of s is one the language lang writes as
// English does, whatever its first letter's case ("(6) — 12 points" in French, "API ·
// TableStakes", "d6").
func allSameEverywhere(lang, s string) bool {
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !unicode.IsLetter(r) }) {
		up := strings.ToUpper(w[:1]) + w[1:]
		if !sameEverywhere[w] && !sameEverywhere[up] && !sameIn[lang][w] && !sameIn[lang][up] && w != "d" {
			return false
		}
	}
	return true
}

// untranslated returns the texts of page that also appear, as they are, on the English
// page: English left behind. The language switch names each language in itself on every
// page, so its links are left out.
func untranslated(english, page *goquery.Document) []string {
	lang := htmlLang(page)
	english.Find(".language-switch").Remove()
	page.Find(".language-switch").Remove()
	en := map[string]bool{}
	for _, s := range textNodes(english) {
		en[s] = true
	}
	// A page named after a name (a season's, a player's) has it as its <title>.
	names := map[string]bool{}
	page.Find(`[translate="no"]`).Each(func(_ int, n *goquery.Selection) {
		names[strings.Join(strings.Fields(n.Text()), " ")+" · TableStakes"] = true
	})
	var left []string
	for _, s := range textNodes(page) {
		if en[s] && !allSameEverywhere(lang, s) && !names[s] && !slices.Contains(left, s) {
			left = append(left, s)
		}
	}
	return left
}

// assertTranslated fetches path with c in English and in every other language, and fails
// on any English text left on the others and on <html lang> not saying the language.
func (a *testApp) assertTranslated(c *http.Client, path string) {
	a.t.Helper()
	for _, l := range locales.Supported()[1:] {
		_, english := a.get(c, withLang(path, "en"))
		res, page := a.get(c, withLang(path, l.Code))
		require.Equal(a.t, http.StatusOK, res.StatusCode, "%s in %s", path, l.Code)
		assert.Equal(a.t, l.Code, htmlLang(page), "%s in %s", path, l.Code)
		assert.Empty(a.t, untranslated(english, page), "%s in %s: English left", path, l.Code)
	}
	a.get(c, withLang(path, "en")) // leave the client as it was found
}

func withLang(path, code string) string {
	if strings.Contains(path, "?") {
		return path + "&lang=" + code
	}
	return path + "?lang=" + code
}

// TestTheFrameIsTranslated: the header, navigation and footer of every page, signed out and
// signed in, speak each language.
func TestTheFrameIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	frame := func(c *http.Client, path string) *goquery.Document {
		_, doc := app.getIn(c, path, "")
		doc.Find("main, title").Remove()
		require.NotEmpty(t, textNodes(doc))
		return doc
	}
	for _, l := range locales.Supported()[1:] {
		assert.Empty(t, untranslated(frame(app.browser(), "/?lang=en"), frame(app.browser(), "/?lang="+l.Code)), "signed out, in %s", l.Code)
	}
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")
	for _, l := range locales.Supported()[1:] {
		assert.Empty(t, untranslated(frame(c, "/account?lang=en"), frame(c, "/account?lang="+l.Code)), "signed in, in %s", l.Code)
	}
}
