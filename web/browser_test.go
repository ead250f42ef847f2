package web_test

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
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

// sharedBrowser is the one headless Chromium the package's journeys share: starting one
// costs seconds on a busy machine, a new browser context (its own cookies and storage, as
// a fresh profile) milliseconds. TestMain closes it.
var sharedBrowser struct {
	once   sync.Once
	ctx    context.Context
	cancel context.CancelFunc
	err    error
}

// TestMain runs the package's tests (dropping the databases of those that pass in the
// background, storetest.Main), then closes the shared Chromium if a journey started it.
func TestMain(m *testing.M) {
	code := storetest.Main(m)
	if sharedBrowser.cancel != nil {
		sharedBrowser.cancel()
	}
	os.Exit(code)
}

// startBrowser starts the shared headless Chromium at path, with a profile of its own.
func startBrowser(path string) {
	profile, err := os.MkdirTemp("", "tablestakes-chromium-")
	if err != nil {
		sharedBrowser.err = err
		return
	}
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
	sharedBrowser.ctx = ctx
	sharedBrowser.cancel = func() {
		cancelCtx()
		cancelAlloc()
		os.RemoveAll(profile)
	}
	// The first Run starts the browser.
	sharedBrowser.err = chromedp.Do(ctx)
}

// journeys admits two journeys at a time into the shared Chromium: the others wait their
// turn rather than all slow down together past their timeout on a busy machine.
var journeys = make(chan struct{}, 2)

// newBrowser opens a tab in a new browser context of the shared Chromium (its own cookies,
// as a fresh profile would have), closed when the test ends. A test calling it twice (two
// people) holds one turn for both.
func newBrowser(t *testing.T) context.Context {
	t.Helper()
	// A bound for a journey that hangs; generous, since a shared machine can be slow.
	return newBrowserFor(t, 4*time.Minute)
}

// newBrowserFor is newBrowser for a journey that may last up to limit.
func newBrowserFor(t *testing.T, limit time.Duration) context.Context {
	t.Helper()
	path := chromiumPath(t)
	sharedBrowser.once.Do(func() { startBrowser(path) })
	require.NoError(t, sharedBrowser.err, "start Chromium")
	if _, holding := browserTurns.LoadOrStore(t, true); !holding {
		journeys <- struct{}{}
		t.Cleanup(func() {
			browserTurns.Delete(t)
			<-journeys
		})
	}
	ctx, cancelCtx := chromedp.NewContext(sharedBrowser.ctx, chromedp.WithNewBrowserContext())
	ctx, cancelTimeout := context.WithTimeout(ctx, limit)
	t.Cleanup(func() {
		cancelTimeout()
		cancelCtx()
	})
	return ctx
}

// browserTurns are the tests holding a turn in journeys.
var browserTurns sync.Map

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

// screenshot saves the page, full length, as name in $TABLESTAKES_SCREENSHOTS when set, and
// checks that nothing is wider than the screen.
func screenshot(t *testing.T, ctx context.Context, name string) {
	t.Helper()
	overflow, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
		`document.documentElement.scrollWidth > document.documentElement.clientWidth`))
	require.NoError(t, err)
	assert.False(t, overflow, "%s: the page scrolls sideways", name)
	shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
	require.NoError(t, err)
	if dir := os.Getenv("TABLESTAKES_SCREENSHOTS"); dir != "" {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), shot, 0o644))
	}
}
