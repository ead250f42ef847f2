package web_test

import (
	"context"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// chromiumPath finds the browser for the end-to-end journeys: TABLESTAKES_CHROMIUM, else
// Debian's chromium. Without one the test fails, saying how to install it; only an
// explicit TABLESTAKES_SKIP_BROWSER=1 outside CI skips it.
func chromiumPath(t *testing.T) string {
	t.Helper()
	candidates := []string{os.Getenv("TABLESTAKES_CHROMIUM"), "/usr/bin/chromium"}
	for _, name := range []string{"chromium", "chromium-browser"} {
		if p, err := exec.LookPath(name); err == nil {
			candidates = append(candidates, p)
		}
	}
	for _, p := range candidates {
		if p == "" {
			continue
		}
		if info, err := os.Stat(p); err == nil && !info.IsDir() {
			return p
		}
	}
	if os.Getenv("TABLESTAKES_SKIP_BROWSER") == "1" && os.Getenv("CI") == "" {
		t.Skip("TABLESTAKES_SKIP_BROWSER=1: skipping the browser journey (never allowed in CI)")
	}
	t.Fatal("chromium not found: run scripts/ensure-chromium (or: sudo apt-get install -y chromium), " +
		"or point TABLESTAKES_CHROMIUM at a Chromium binary")
	return ""
}

// newBrowser starts a fresh headless Chromium with its own profile, closed when the test ends.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	return newBrowserFor(t, 90*time.Second)
}

// newBrowserFor is newBrowser for a journey that may last up to limit.
func newBrowserFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	path := chromiumPath(t)
	profile := t.TempDir()
	alloc, cancelAlloc := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(path),
		chromedp.Headless,
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.NoFirstRun,
		chromedp.NoDefaultBrowserCheck,
		chromedp.UserDataDir(profile),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
	)
	ctx, cancelCtx := chromedp.NewContext(alloc)
	ctx, cancelTimeout := context.WithTimeout(ctx, limit)
	// Registered after t.TempDir, so Chromium is gone before its profile is removed.
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
		cancelAlloc()
	})
	return ctx
}

// css selects an element by CSS selector, as every journey finds its elements.
func css(sel string) chromedp.CSS { return chromedp.CSS(sel) }

// visibleText is the text of the element sel in the browser tab ctx, whitespace collapsed.
func visibleText(t *testing.T, ctx context.Context, sel string) string {
	t.Helper()
	s, err := chromedp.Run(ctx, chromedp.Text(css(sel)))
	require.NoError(t, err, "text of %s", sel)
	return strings.Join(strings.Fields(s), " ")
}

func TestBrowserJourneySignUpAndLogOut(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ctx := newBrowser(t)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/"),
		chromedp.WaitVisible(css("main h1")),
	))
	assert.Equal(t, "Leagues for the games you play around a table", visibleText(t, ctx, "main h1"))

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`header a[href="/signup"]`)),
		chromedp.WaitVisible(css(`form[action="/signup"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "grace"),
		chromedp.SendKeys(css(`input[name="display_name"]`), "Grace Hopper"),
		chromedp.SendKeys(css(`input[name="password"]`), "compiler-1952"),
		chromedp.Click(css(`form[action="/signup"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
	), "sign up")
	assert.Equal(t, "Signed in as Grace Hopper", visibleText(t, ctx, ".signed-in"))

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`form[action="/logout"] button[type="submit"]`)),
		chromedp.WaitVisible(css(`header .account a[href="/login"]`)),
	), "log out")
	signedIn, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector(".signed-in") !== null`))
	require.NoError(t, err)
	assert.False(t, signedIn, "after log-out nobody is signed in")
	assert.Equal(t, "Log in Sign up", visibleText(t, ctx, "header .account"))

	// And back in with the new account, its name typed in another case.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`header .account a[href="/login"]`)),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "GRACE"),
		chromedp.SendKeys(css(`input[name="password"]`), "compiler-1952"),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
	), "log in")
	assert.Equal(t, "Signed in as Grace Hopper", visibleText(t, ctx, ".signed-in"))
}

// browserLogIn opens a w×h screen in the browser tab ctx and logs username in (password
// "password-1", as newPlayers makes them).
func browserLogIn(t *testing.T, ctx context.Context, app *testApp, username string, w, h int64) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(w, h),
		chromedp.Navigate(app.srv.URL+"/login"),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), username),
		chromedp.SendKeys(css(`input[name="password"]`), "password-1"),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
	), "log in as %s", username)
}
