package web_test

import (
	"context"
	"encoding/json"
	"image/png"
	"io"
	"net/http"
	"testing"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// TestBrowserReadsTheWebAppManifest checks that Chromium finds the manifest every page links
// and reads it without a complaint: a name, a standalone display, the desk as the start and
// icons at 192 and 512 px, which are the sizes their names say; nothing of the site's own
// stops it from being installed.
func TestBrowserReadsTheWebAppManifest(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ctx := newBrowser(t)
	require.NoError(t, chromedp.Do(ctx, chromedp.Navigate(app.srv.URL+"/leagues")))
	got, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (page.GetAppManifestResult, error) {
		return cdp.Call(ctx, tg, page.GetAppManifest, page.GetAppManifestParams{})
	})
	require.NoError(t, err)
	require.NotEmpty(t, got.URL, "the page links a manifest")
	for _, e := range got.Errors {
		t.Errorf("manifest: %s (line %d)", e.Message, e.Line)
	}
	var m struct {
		Name, ShortName, StartURL, Display, ThemeColor string
		Icons                                          []struct{ Src, Sizes, Type string }
	}
	require.NoError(t, json.Unmarshal([]byte(got.Data), &struct {
		Name       *string `json:"name"`
		ShortName  *string `json:"short_name"`
		StartURL   *string `json:"start_url"`
		Display    *string `json:"display"`
		ThemeColor *string `json:"theme_color"`
		Icons      *[]struct{ Src, Sizes, Type string }
	}{&m.Name, &m.ShortName, &m.StartURL, &m.Display, &m.ThemeColor, &m.Icons}))
	assert.Equal(t, "TableStakes", m.Name)
	assert.Equal(t, "standalone", m.Display)
	assert.Equal(t, "/", m.StartURL, "the app opens on the desk")
	sizes := map[string]int{"192x192": 192, "512x512": 512}
	require.Len(t, m.Icons, len(sizes))
	for _, icon := range m.Icons {
		want, ok := sizes[icon.Sizes]
		require.True(t, ok, icon.Sizes)
		res, err := app.srv.Client().Get(app.srv.URL + icon.Src)
		require.NoError(t, err)
		require.Equal(t, http.StatusOK, res.StatusCode, icon.Src)
		img, err := png.DecodeConfig(res.Body)
		require.NoError(t, err, icon.Src)
		_, _ = io.Copy(io.Discard, res.Body)
		require.NoError(t, res.Body.Close())
		assert.Equal(t, want, img.Width, icon.Src)
		assert.Equal(t, want, img.Height, icon.Src)
	}
	installable, err := chromedp.Run(ctx, func(ctx context.Context, tg *chromedp.Target) (page.GetInstallabilityErrorsResult, error) {
		return cdp.Call(ctx, tg, page.GetInstallabilityErrors, cdp.Empty{})
	})
	require.NoError(t, err)
	// The test's browser context is a private one, which Chromium never installs from; any
	// other reason would be the site's.
	for _, e := range installable.InstallabilityErrors {
		assert.Equal(t, "in-incognito", e.ErrorID, "installable but for the private browser context")
	}
}
