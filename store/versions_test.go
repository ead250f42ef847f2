package store_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/migrations"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// TestMigrationGivesEveryLeagueAndGameItsDefaultVersion undoes migration 00017 on a fresh
// database, stores leagues and normal games as they were before it (a league's version
// free text), and migrates again: every league and normal game plays its game's default
// version (scoring.Game.DefaultVersion) and the free text is the edition (CONTRACT section 9).
func TestMigrationGivesEveryLeagueAndGameItsDefaultVersion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	file, err := migrations.FS.ReadFile("00017_game_versions.sql")
	require.NoError(t, err)
	_, down, ok := strings.Cut(string(file), "-- +goose Down")
	require.True(t, ok)
	_, err = pool.Exec(ctx, down)
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `DELETE FROM goose_db_version WHERE version_id = 17`)
	require.NoError(t, err)

	var org int64
	require.NoError(t, pool.QueryRow(ctx, `INSERT INTO users (username, display_name, password_hash)
		VALUES ('organiser', 'Organiser', '$2a$10$x') RETURNING id`).Scan(&org))
	for _, g := range scoring.Games() {
		_, err := pool.Exec(ctx, `INSERT INTO leagues (name, game, version, players_per_game, organiser_id)
			VALUES ($1, $1, '2nd edition', 2, $2)`, g.Slug, org)
		require.NoError(t, err)
		_, err = pool.Exec(ctx, `INSERT INTO games (league_id, number, round, status, game, seat_count, organiser_id)
			VALUES (NULL, 1, 1, 'open', $1, 2, $2)`, g.Slug, org)
		require.NoError(t, err)
	}

	_, err = store.Migrate(ctx, pool)
	require.NoError(t, err)
	rows, err := pool.Query(ctx, `SELECT game, version, edition FROM leagues`)
	require.NoError(t, err)
	seen := 0
	for rows.Next() {
		var slug, version, edition string
		require.NoError(t, rows.Scan(&slug, &version, &edition))
		g, err := scoring.GameBySlug(slug)
		require.NoError(t, err)
		assert.Equal(t, g.DefaultVersion().Slug, version, slug)
		assert.Equal(t, "2nd edition", edition, "the free text moves to the edition")
		seen++
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, len(scoring.Games()), seen)
	rows, err = pool.Query(ctx, `SELECT game, version, edition FROM games WHERE league_id IS NULL`)
	require.NoError(t, err)
	seen = 0
	for rows.Next() {
		var slug, version, edition string
		require.NoError(t, rows.Scan(&slug, &version, &edition))
		g, err := scoring.GameBySlug(slug)
		require.NoError(t, err)
		assert.Equal(t, g.DefaultVersion().Slug, version, slug)
		assert.Empty(t, edition)
		seen++
	}
	require.NoError(t, rows.Err())
	assert.Equal(t, len(scoring.Games()), seen)
}

func TestLeagueAndNormalGameKeepTheirVersion(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	org := newPlayers(t, st, "org", 1)[0]

	l, err := leagues.Create(ctx, store.NewLeague{Name: "Vaults", Game: "arcs", Version: "lost-vaults", Edition: "Kickstarter print",
		PlayersPerGame: 5, RecentDays: 90, OrganiserID: org.ID})
	require.NoError(t, err)
	assert.Equal(t, "lost-vaults", l.Version)
	assert.Equal(t, "Kickstarter print", l.Edition)
	// No version is the game's default.
	l, err = leagues.Create(ctx, store.NewLeague{Name: "Plain", Game: "vortex", PlayersPerGame: 4, RecentDays: 90, OrganiserID: org.ID})
	require.NoError(t, err)
	assert.Equal(t, "d6", l.Version)

	g, err := service.NewGames(st).Create(ctx, store.NewNormalGame{Game: "vortex", Version: "d12", Edition: "Vortex95", Seats: 2, OrganiserID: org.ID})
	require.NoError(t, err)
	assert.Equal(t, "d12", g.Version)
	assert.Equal(t, "Vortex95", g.Edition)
	g, err = service.NewGames(st).Create(ctx, store.NewNormalGame{Game: "arcs", Seats: 2, OrganiserID: org.ID})
	require.NoError(t, err)
	assert.Equal(t, "base", g.Version)

	rg, err := st.ResultGame(ctx, g.ID)
	require.NoError(t, err)
	assert.Equal(t, "base", rg.GameVersion.Slug)
}
