package web_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/web"
)

// TestConfirmLinkPageIsTranslated: a proposal e-mail's one-tap confirm link opens a page
// that speaks each language, when the window closes written as the language writes dates;
// opening it confirms nothing.
func TestConfirmLinkPageIsTranslated(t *testing.T) {
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
	link, mail := confirmLinkIn(t, mails(t, smtp, 200*time.Millisecond), seated[1], "")
	require.NotEmpty(t, link, "the proposal e-mail carries the one-tap link:\n%s", mail)

	c := app.browser()
	app.assertManageTranslated(c, link)
	_, doc := app.get(c, withLang(link, "de"))
	assert.Equal(t, "Ergebnis bestätigen", text(doc.Find("main h1")))
	assert.Contains(t, text(doc.Find("main")), "Du hast bis ")
	_, doc = app.get(c, withLang(link, "en"))
	assert.Equal(t, "Confirm the result", text(doc.Find("main h1")), "still there: opening it confirmed nothing")
}
