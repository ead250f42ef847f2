package store_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// A webhook's URL is its secret: the league's history, which anyone may read, names a
// webhook by its host and id, and lines written before migration 00018 are rewritten by it.
func TestHistoryNamesWebhooksByHostAndID(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagues := service.NewLeagues(w.Store)
	leagueID, _ := w.League("cartagena", [][]int{{0, 1, 2, 3}})
	secret := "0123456789abcdef0123456789abcdef"
	const discord = "https://discord.com/api/webhooks/123456789012345678/the-channel-key"
	const slack = "https://hooks.slack.com:443/services/T000/B000/the-slack-key?x=1"
	kept, err := leagues.AddWebhook(ctx, leagueID, w.Organiser.ID, discord, "discord", secret)
	require.NoError(t, err)
	assert.Equal(t, discord, kept.URL, "the organiser who adds it is answered with the whole address")
	gone, err := leagues.AddWebhook(ctx, leagueID, w.Organiser.ID, slack, "slack", secret)
	require.NoError(t, err)
	require.NoError(t, leagues.DeleteWebhook(ctx, leagueID, gone.ID, w.Organiser.ID))
	hooks, err := leagues.Webhooks(ctx, leagueID, w.Organiser.ID)
	require.NoError(t, err)
	require.Len(t, hooks, 1)
	assert.Equal(t, "discord.com", hooks[0].Host)
	assert.Empty(t, hooks[0].URL, "the list names it by host")

	details := func() []string {
		events, err := w.Store.LeagueEvents(ctx, leagueID)
		require.NoError(t, err)
		var out []string
		for _, e := range events {
			assert.NotContains(t, e.Detail, "key", "no line holds a webhook's key")
			out = append(out, e.Detail)
		}
		return out
	}
	assert.Equal(t, []string{
		fmt.Sprintf("removed the webhook to hooks.slack.com:443 (webhook %d)", gone.ID),
		fmt.Sprintf("added a slack webhook to hooks.slack.com:443 (webhook %d)", gone.ID),
		fmt.Sprintf("added a discord webhook to discord.com (webhook %d)", kept.ID),
	}, details())

	// Lines as they were written before, rewritten when migration 00018 runs.
	_, err = w.Pool.Exec(ctx, `DELETE FROM league_events WHERE league_id = $1`, leagueID)
	require.NoError(t, err)
	for _, d := range []string{"added a discord webhook to " + discord, "added a slack webhook to " + slack,
		"removed the webhook to " + slack, "added a json webhook to http://user:the-key@example.org/key"} {
		_, err = w.Pool.Exec(ctx, `INSERT INTO league_events (league_id, user_id, action, detail) VALUES ($1, $2, 'webhook', $3)`,
			leagueID, w.Organiser.ID, d)
		require.NoError(t, err)
	}
	_, err = w.Pool.Exec(ctx, `DELETE FROM goose_db_version WHERE version_id = 18`)
	require.NoError(t, err)
	_, err = store.Migrate(ctx, w.Pool)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"added a json webhook to example.org",
		"removed the webhook to hooks.slack.com:443",
		"added a slack webhook to hooks.slack.com:443",
		fmt.Sprintf("added a discord webhook to discord.com (webhook %d)", kept.ID),
	}, details())
}
