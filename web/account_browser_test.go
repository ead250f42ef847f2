package web_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestBrowserJourneyAccountNameAndToken(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ctx := newBrowser(t)

	// On a phone-sized screen: sign up, open the account page from the header.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(app.srv.URL+"/signup"),
		chromedp.WaitVisible(css(`form[action="/signup"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "grace"),
		chromedp.SendKeys(css(`input[name="display_name"]`), "Grace"),
		chromedp.SendKeys(css(`input[name="password"]`), "compiler-1952"),
		chromedp.Click(css(`form[action="/signup"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
		chromedp.Click(css(`header a[href="/account"]`)),
		chromedp.WaitVisible(css(`form[action="/account/name"] input[name="display_name"]`)),
		chromedp.Clear(css(`form[action="/account/name"] input[name="display_name"]`)),
		chromedp.SendKeys(css(`form[action="/account/name"] input[name="display_name"]`), "Grace Hopper"),
		chromedp.Click(css(`form[action="/account/name"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".notice")),
	), "change the display name")
	assert.Equal(t, "Display name saved.", visibleText(t, ctx, ".notice"))
	assert.Equal(t, "Signed in as Grace Hopper", visibleText(t, ctx, ".signed-in"))

	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	if dir := os.Getenv("TABLESTAKES_SCREENSHOTS"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "account-390.png"), shot, 0o644))
	}

	// A named token, shown once, then revoked.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`a[href="/account/tokens"]`)),
		chromedp.WaitVisible(css(`form[action="/account/tokens"] input[name="name"]`)),
		chromedp.SendKeys(css(`form[action="/account/tokens"] input[name="name"]`), "results script"),
		chromedp.Click(css(`form[action="/account/tokens"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".new-token")),
	), "create a token")
	assert.Equal(t, "results script", visibleText(t, ctx, "table.tokens .token-name"))
	shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	if dir := os.Getenv("TABLESTAKES_SCREENSHOTS"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, "tokens-390.png"), shot, 0o644))
	}
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`table.tokens a.revoke-link`)),
		chromedp.WaitVisible(css(`.confirm-page button[type="submit"]`)),
		chromedp.Click(css(`.confirm-page button[type="submit"]`)),
		chromedp.WaitVisible(css(`form[action="/account/tokens"] input[name="name"]`)),
	), "revoke it, after the page that asks")
	assert.Equal(t, "You have no API tokens.", visibleText(t, ctx, ".no-tokens"))
}
