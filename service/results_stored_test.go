package service_test

import (
	"context"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
)

var updateGolden = flag.Bool("update", false, "rewrite the golden files in testdata")

// TestStoredResultBodies pins the body a result write keeps (and the text the database
// returns for it) for each game system: the body as submitted, spacing, key order, escapes
// and the app's fields included, a Vortex board given its league's die. The golden file was
// written by the code that decoded the body as bytes in every layer; the typed input must
// keep every stored body byte for byte.
func TestStoredResultBodies(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	four := [][]int{{0, 1, 2, 3}}
	tests := []struct {
		name, slug, version string
		seats               [][]int
		input               string
	}{
		{"placement", "cartagena", "", four,
			`{"players":[{"id":"ada","score":12},{"id":"bruno","score":9},{"id":"chloe","score":9},{"id":"dmitri","score":3}]}`},
		{"placement spaced, reordered and escaped", "king-me", "", four,
			"{ \"players\" : [ {\"score\":4, \"id\":\"AD\\u0041\"},\n\t{\"id\":\"bruno\",\"score\":2.0},{\"id\":\"chloe\",\"score\":1e0},{\"id\":\"dmitri\",\"score\":0} ],\n" +
				" \"lower_is_better\":false }  "},
		{"placement with the app's fields", "vampiring", "", four,
			`{"reason":"bruno left at half time","players":[{"id":"ada","score":3},{"id":"bruno","score":2},{"id":"chloe","score":1},{"id":"dmitri","score":0}],"replaced":{"bruno":"xavier"}}`},
		{"blue max", "blue-max", "", four,
			`{"sides":[{"name":"Allies","players":[{"id":"ada","destroyed":1,"points":30},{"id":"bruno","points":10}]},
			{"name":"Central Powers","players":[{"id":"chloe","lost":1,"points":5},{"id":"dmitri","points":12}]}]}`},
		{"wooden ships", "wooden-ships-and-iron-men", "", four,
			`{"sides":[{"name":"First fleet","players":[{"id":"ada","points":3.5},{"id":"bruno","points":0}]},{"name":"Second fleet","players":[{"id":"chloe","units":2,"lost":2,"points":5},{"id":"dmitri","points":1}]}],"reason":null}`},
		{"vortex final scores", "vortex", "", four,
			`{"players":[{"id":"ada","score":90},{"id":"bruno","score":70},{"id":"chloe","score":40},{"id":"dmitri","score":50}]}`},
		{"vortex board takes the league's die", "vortex", "d12", four,
			`{"players":[{"id":"ada","start":0,"tokens":[18,0,0,0]},{"id":"bruno","start":4,"tokens":[0,0,0,0]},{"id":"chloe","start":8,"tokens":[5,0,0,0]},{"id":"dmitri","start":12,"tokens":[0,0,0,0]}]}`},
		{"vortex board spaced takes the die", "vortex", "d6", four,
			"  { \"players\":[{\"id\":\"ada\",\"start\":0,\"tokens\":[18,0,0,0]},{\"id\":\"bruno\",\"start\":4,\"tokens\":[0,0,0,0]},{\"id\":\"chloe\",\"start\":8,\"tokens\":[5,0,0,0]},{\"id\":\"dmitri\",\"start\":12,\"tokens\":[0,0,0,0]}] }\n"},
		{"vortex board with its die", "vortex", "d12", four,
			`{"players":[{"id":"ada","start":0,"tokens":[18,0,0,0]},{"id":"bruno","start":4,"tokens":[0,0,0,0]},{"id":"chloe","start":8,"tokens":[5,0,0,0]},{"id":"dmitri","start":12,"tokens":[0,0,0,0]}],"die":12}`},
		{"diplomacy with the missing man", "diplomacy", "", [][]int{{0, 1, 2, 3, 4, 5, 6}},
			`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"],"absent":["chloe"]}`},
	}
	var got strings.Builder
	for _, tc := range tests {
		leagueID, games := w.League(tc.slug, tc.seats)
		if tc.version != "" {
			_, err := w.Pool.Exec(ctx, `UPDATE leagues SET version = $2 WHERE id = $1`, leagueID, tc.version)
			require.NoError(t, err)
		}
		rw, err := w.Check(ctx, games[0], w.Organiser.ID, []byte(tc.input))
		require.NoError(t, err, tc.name)
		_, err = w.Record(ctx, games[0], w.Organiser.ID, []byte(tc.input))
		require.NoError(t, err, tc.name)
		var stored, audited string
		require.NoError(t, w.Pool.QueryRow(ctx, `SELECT r.input::text, a.input::text FROM results r JOIN result_audit a USING (game_id) WHERE r.game_id = $1`,
			games[0]).Scan(&stored, &audited))
		fmt.Fprintf(&got, "%s\nwritten: %q\nstored:  %s\naudited: %s\n\n", tc.name, storedBody(rw), stored, audited)
	}
	path := filepath.Join("testdata", "stored_bodies.golden")
	if *updateGolden {
		require.NoError(t, os.MkdirAll("testdata", 0o755))
		require.NoError(t, os.WriteFile(path, []byte(got.String()), 0o644))
	}
	want, err := os.ReadFile(path)
	require.NoError(t, err)
	assert.Equal(t, string(want), got.String())
}

// storedBody is the body a checked write hands the store.
func storedBody(rw store.ResultWrite) []byte { return rw.Input.Body }
