package web_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
