package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/web"
)

// confirmLinkIn is the one-tap confirm link in the player's last e-mail whose subject has
// subject, as a path ("" without one), and that e-mail's text.
func confirmLinkIn(t *testing.T, got map[string][]emailtest.Received, p player, subject string) (string, string) {
	t.Helper()
	for _, m := range got[p.Username+"@club.example"] {
		if !strings.Contains(m.Message.Header.Get("Subject"), subject) {
			continue
		}
		text := bodyOf(t, m)
		i := strings.Index(text, "https://club.example/confirm/")
		if i < 0 {
			return "", text
		}
		return strings.TrimPrefix(strings.Fields(text[i:])[0], "https://club.example"), text
	}
	return "", ""
}

// TestProposalMailConfirmsInOneTap: on a real SMTP server, the proposal e-mail names the
// proposer by display name, says when the window closes and carries each player's own
// confirm link; following it (not signed in) shows one button and confirms nothing, its
// button (with the page's CSRF field) confirms, the page then says so, and the link
// confirms once. A changed proposal's e-mail says so in its subject, and the first
// e-mail's link confirms nothing any more: it lands on the game's page saying the
// proposal changed. A link whose window has closed has ended.
func TestProposalMailConfirmsInOneTap(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := web.Config{Mail: smtp.Config(), BaseURL: "https://club.example"}
	app := newTestApp(t, cfg)
	org := app.newPlayers("org", 1)[0]
	members := app.verifiedPlayers("player", 8)
	l := app.join(app.newLeague(org, "cartagena", 4, 0), members)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	notifier := newNotifier(t, app, cfg)
	_, err := notifier.RunOnce(ctx)
	require.NoError(t, err)
	mails(t, smtp, 200*time.Millisecond) // the schedule's

	status, body := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 90, 70, 60, 10))
	require.Equal(t, http.StatusCreated, status, body)
	_, err = notifier.RunOnce(ctx)
	require.NoError(t, err)
	got := mails(t, smtp, 200*time.Millisecond)
	link1, mail := confirmLinkIn(t, got, seated[1], "Confirm the result")
	require.NotEmpty(t, link1, "the proposal e-mail carries the one-tap link:\n%s", mail)
	assert.Contains(t, mail, seated[0].DisplayName+" proposed the result", "the proposer by display name")
	assert.NotContains(t, mail, seated[0].Username+" ", "no username in the text people read")
	assert.Contains(t, mail, "You have until ")
	assert.Contains(t, mail, "("+l.TimeZone+") to confirm or dispute it")
	link2, _ := confirmLinkIn(t, got, seated[2], "Confirm the result")
	require.NotEmpty(t, link2)
	assert.NotEqual(t, link1, link2, "each player has their own link")

	c := app.browser() // not signed in: the link is the credential
	res, doc := app.get(c, link1)
	require.Equal(t, http.StatusOK, res.StatusCode)
	main := text(doc.Find("main"))
	assert.Contains(t, main, "Confirming for "+seated[1].DisplayName)
	assert.Contains(t, main, seated[0].DisplayName+" proposed its result")
	_, body = app.api(http.MethodGet, gamePath(g.ID, "/proposal"), "", nil)
	assert.Equal(t, []any{}, body["confirmed"], "opening the link confirms nothing")

	res, _ = app.post(c, link1, url.Values{})
	assert.Equal(t, http.StatusForbidden, res.StatusCode, "a POST without the page's CSRF field is refused")
	csrf := csrfOf(t, doc)
	res, _ = app.submit(c, link1, link1, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, link1, res.Header.Get("Location"))
	_, body = app.api(http.MethodGet, gamePath(g.ID, "/proposal"), "", nil)
	assert.Equal(t, []any{seated[1].Username}, body["confirmed"])
	res, doc = app.get(c, link1)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, text(doc.Find("main .flash")), "Confirmed: the result of "+l.Name+" game 1 now waits for "+
		seated[2].DisplayName+" and "+seated[3].DisplayName)
	assert.Zero(t, doc.Find(`form[action="`+link1+`"]`).Length(), "a used link offers no button")
	res, _ = app.post(c, link1, url.Values{"_csrf": {csrf}})
	assert.Equal(t, http.StatusGone, res.StatusCode, "the link confirms once")
	res, doc = app.post(c, link1+"?lang=de", url.Values{"_csrf": {csrf}})
	assert.Equal(t, http.StatusGone, res.StatusCode)
	assert.Contains(t, text(doc.Find("main")), "Dieser Link wurde schon benutzt: er bestätigt nur einmal.", "said in the reader's language")
	app.get(c, "/?lang=en") // back to English for the rest

	// The proposer changes the proposal: its e-mail says so, and the old link confirms nothing.
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 90, 60, 70, 10))
	require.Less(t, status, 300, body)
	_, err = notifier.RunOnce(ctx)
	require.NoError(t, err)
	got = mails(t, smtp, 200*time.Millisecond)
	newLink, mail := confirmLinkIn(t, got, seated[2], "Changed result to confirm")
	require.NotEmpty(t, newLink, "the changed proposal's e-mail says so in its subject")
	assert.Contains(t, mail, seated[0].DisplayName+" changed the result they proposed")

	c2 := app.browser()
	res, doc = app.get(c2, link2)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, text(doc.Find("main .flash")), "the proposal changed since this e-mail was sent")
	assert.Zero(t, doc.Find(`form[action="`+link2+`"]`).Length())
	signedIn := app.logIn(seated[2])
	res, _ = app.get(signedIn, link2)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/games/"+strconv.FormatInt(g.ID, 10), res.Header.Get("Location"), "it lands on the game's page")
	_, doc = app.get(signedIn, "/games/"+strconv.FormatInt(g.ID, 10))
	assert.Contains(t, text(doc.Find(".flash")), "Not confirmed: the proposal changed since this e-mail was sent")
	// A page read before the change, its button pressed after: nothing is confirmed.
	_, doc = app.get(signedIn, newLink)
	pageCSRF := csrfOf(t, doc)
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 90, 60, 70, 20))
	require.Less(t, status, 300, body)
	res, _ = app.post(signedIn, newLink, url.Values{"_csrf": {pageCSRF}})
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/games/"+strconv.FormatInt(g.ID, 10), res.Header.Get("Location"))
	_, body = app.api(http.MethodGet, gamePath(g.ID, "/proposal"), "", nil)
	assert.Equal(t, []any{}, body["confirmed"], "a link to a changed proposal confirms nothing")

	// The link ends when the proposal's window closes.
	_, err = notifier.RunOnce(ctx)
	require.NoError(t, err)
	got = mails(t, smtp, 200*time.Millisecond)
	last, _ := confirmLinkIn(t, got, seated[3], "Changed result to confirm")
	require.NotEmpty(t, last)
	_, err = app.store.Pool().Exec(ctx, `UPDATE confirm_links SET expires_at = now() - interval '1 minute' WHERE token = $1`,
		strings.TrimPrefix(last, "/confirm/"))
	require.NoError(t, err)
	res, doc = app.get(c, last)
	assert.Equal(t, http.StatusGone, res.StatusCode)
	assert.Contains(t, text(doc.Find("main")), "the proposal's confirmation window has closed")

	// Once the organiser records the result, an unused link has nothing left to confirm.
	fresh, _ := confirmLinkIn(t, got, seated[1], "Changed result to confirm")
	require.NotEmpty(t, fresh)
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, scoresFor(g, 90, 60, 70, 20))
	require.Equal(t, http.StatusCreated, status, body)
	res, doc = app.get(c, fresh)
	assert.Equal(t, http.StatusGone, res.StatusCode)
	assert.Contains(t, text(doc.Find("main")), "the game's result is recorded")

	res, _ = app.get(c, "/confirm/"+strings.Repeat("0", 64))
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}
