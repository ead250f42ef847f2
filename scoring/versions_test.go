package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func mustGame(t *testing.T, slug string) Game {
	t.Helper()
	g, err := GameBySlug(slug)
	require.NoError(t, err)
	return g
}

func TestVersionsRegistry(t *testing.T) {
	// CONTRACT section 9: every game has at least one version, its first the default; at
	// least arcs base / lost-vaults / blighted-reach, vortex d6 / d12, every other standard.
	want := map[string][]struct {
		slug     string
		min, max int
	}{
		"arcs":   {{"base", 2, 4}, {"lost-vaults", 2, 5}, {"blighted-reach", 2, 4}},
		"vortex": {{"d6", 2, 4}, {"d12", 2, 4}},
	}
	for _, g := range Games() {
		vs := g.Versions()
		require.NotEmpty(t, vs, g.Slug)
		assert.Equal(t, vs[0], g.DefaultVersion(), g.Slug)
		seen := map[string]bool{}
		for _, v := range vs {
			assert.False(t, seen[v.Slug], "%s: version %s twice", g.Slug, v.Slug)
			seen[v.Slug] = true
			assert.NotEmpty(t, v.Name)
			assert.GreaterOrEqual(t, v.MinPlayers, g.MinPlayers, "%s %s", g.Slug, v.Slug)
			assert.LessOrEqual(t, v.MaxPlayers, g.MaxPlayers, "%s %s", g.Slug, v.Slug)
			assert.LessOrEqual(t, v.MinPlayers, v.MaxPlayers)
			assert.Regexp(t, `^[a-z0-9][a-z0-9-]*$`, v.Slug)
		}
		w, ok := want[g.Slug]
		if !ok {
			require.Len(t, vs, 1, g.Slug)
			assert.Equal(t, Standard, vs[0].Slug)
			assert.Equal(t, g.MinPlayers, vs[0].MinPlayers)
			assert.Equal(t, g.MaxPlayers, vs[0].MaxPlayers)
			continue
		}
		require.Len(t, vs, len(w), g.Slug)
		for i, x := range w {
			assert.Equal(t, x.slug, vs[i].Slug)
			assert.Equal(t, x.min, vs[i].MinPlayers, x.slug)
			assert.Equal(t, x.max, vs[i].MaxPlayers, x.slug)
		}
	}
}

func TestVersionLookup(t *testing.T) {
	arcs := mustGame(t, "arcs")
	v, err := arcs.Version("")
	require.NoError(t, err)
	assert.Equal(t, "base", v.Slug, "no version is the default, the first")
	v, err = arcs.Version("lost-vaults")
	require.NoError(t, err)
	assert.Equal(t, "Lost Vaults & Fated Leaders", v.Name)
	assert.Equal(t, "Arcs (Lost Vaults & Fated Leaders)", arcs.VersionName(v))

	_, err = arcs.Version("2nd edition")
	var fe *FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "version", fe.Field)
	assert.Equal(t, `version: Arcs has no version "2nd edition" (want one of base, lost-vaults, blighted-reach; free text such as "2nd edition" goes in "edition")`, err.Error())

	cartagena := mustGame(t, "cartagena")
	assert.Equal(t, "Cartagena", cartagena.VersionName(cartagena.DefaultVersion()), "a game of one version is its name alone")
}

func TestVersionPlayers(t *testing.T) {
	// arcs-tied-ambitions.txt: "The base game of Arcs supports two to four players" and
	// "The upcoming expansion promises the possibility to include a fifth player".
	arcs := mustGame(t, "arcs")
	cases := []struct {
		version string
		players int
		err     string
	}{
		{"base", 4, ""},
		{"base", 5, `players_per_game: Arcs (Base game) takes 2 to 4 players per game, got 5; 5 players a game needs Lost Vaults & Fated Leaders ("lost-vaults")`},
		{"lost-vaults", 5, ""},
		{"lost-vaults", 2, ""},
		{"lost-vaults", 6, `players_per_game: Arcs takes 2 to 5 players per game, got 6`},
		{"blighted-reach", 5, `players_per_game: Arcs (The Blighted Reach (campaign)) takes 2 to 4 players per game, got 5; 5 players a game needs Lost Vaults & Fated Leaders ("lost-vaults")`},
	}
	for _, c := range cases {
		v, err := arcs.Version(c.version)
		require.NoError(t, err)
		err = v.AcceptsPlayers(arcs, c.players)
		if c.err == "" {
			assert.NoError(t, err, "%s %d", c.version, c.players)
		} else {
			assert.EqualError(t, err, c.err)
		}
	}
	// A version over its game's whole range says what its game says.
	vortex := mustGame(t, "vortex")
	d12, _ := vortex.Version("d12")
	assert.EqualError(t, d12.AcceptsPlayers(vortex, 5), "players_per_game: Vortex takes 2 to 4 players per game, got 5")
	gonzaga := mustGame(t, "gonzaga")
	assert.EqualError(t, gonzaga.DefaultVersion().AcceptsPlayers(gonzaga, 5), "players_per_game: Gonzaga takes 2 to 4 players per game, got 5")
}

func TestVersionMarkers(t *testing.T) {
	arcs := mustGame(t, "arcs")
	base, _ := arcs.Version("base")
	vaults, _ := arcs.Version("lost-vaults")
	// Base: "The player who gets first place for the ambition gains the higher Power shown
	// on all its ambition markers. The player who gets second place for it gains the lower
	// Power": two values.
	assert.Equal(t, 2, base.MarkerValues)
	assert.NoError(t, base.CheckMarkers([][]int64{{5, 3}, {3, 2}}))
	assert.EqualError(t, base.CheckMarkers([][]int64{{5, 3}, {9, 5, 2}}),
		"markers[1]: 3 values, but the markers of Base game show at most 2 (1st, 2nd)")
	// Lost Vaults: "ambition markers that show three values instead of the two before".
	assert.Equal(t, 3, vaults.MarkerValues)
	assert.NoError(t, vaults.CheckMarkers([][]int64{{9, 5, 2}, {5, 3}}))
	// Other games have no markers to check.
	assert.NoError(t, mustGame(t, "vortex").DefaultVersion().CheckMarkers([][]int64{{1, 2, 3}}))
}

func TestVersionDie(t *testing.T) {
	vortex := mustGame(t, "vortex")
	d6, _ := vortex.Version("d6")
	d12, _ := vortex.Version("d12")
	board := `{"players":[{"id":"RED","start":0,"tokens":[3,0,0,0]},{"id":"CYAN","start":4,"tokens":[3,0,0,0]},{"id":"BLUE","start":8,"tokens":[3,0,0,0]}]}`
	// vortex-mechanics.txt: "Lets also use a d12 for rolls instead of a d6 ... RED has a
	// total score of 23 points" (22.5 exactly, CONTRACT section 6): a d12 game's board
	// takes the d12 without asking.
	out, err := d12.ApplyDie([]byte(board))
	require.NoError(t, err)
	assert.JSONEq(t, `{"die":12,`+board[1:], string(out))
	res, err := vortex.Score(out)
	require.NoError(t, err)
	assert.Contains(t, res.Results[0].Explanation, "board score 22.5")

	// "This algorithm assumes we're using a d6 for rolls": the d6 version's board says so.
	out, err = d6.ApplyDie([]byte(board))
	require.NoError(t, err)
	assert.JSONEq(t, `{"die":6,`+board[1:], string(out))

	// The die given must be the version's.
	_, err = d12.ApplyDie([]byte(`{"die":6,` + board[1:]))
	assert.EqualError(t, err, `die: this game is played with a d12 (its version, "d12"), got 6`)
	_, err = d6.ApplyDie([]byte(`{"die":12,` + board[1:]))
	assert.EqualError(t, err, `die: this game is played with a d6 (its version, "d6"), got 12`)
	out, err = d12.ApplyDie([]byte(`{"die":12.0,` + board[1:]))
	require.NoError(t, err)
	assert.Contains(t, string(out), `12.0`)

	// Final scores carry no die: unchanged.
	scores := `{"players":[{"id":"A","score":90},{"id":"B","score":70}]}`
	out, err = d12.ApplyDie([]byte(scores))
	require.NoError(t, err)
	assert.Equal(t, scores, string(out))
	// A game without a die leaves everything alone.
	out, err = mustGame(t, "arcs").DefaultVersion().ApplyDie([]byte(`{"die":3}`))
	require.NoError(t, err)
	assert.Equal(t, `{"die":3}`, string(out))
}

func TestScoreSeatedVersion(t *testing.T) {
	vortex := mustGame(t, "vortex")
	d12, _ := vortex.Version("d12")
	seats := []Seat{{1, "ada"}, {2, "bruno"}}
	body := `{"players":[{"id":"ada","start":0,"tokens":[3,0,0,0]},{"id":"bruno","start":8,"tokens":[3,0,0,0]}],"reason":"typo"}`
	res, stored, err := ScoreSeatedVersion(vortex, d12, []byte(body), seats)
	require.NoError(t, err)
	assert.Contains(t, string(stored), `"die":12`)
	assert.Len(t, res.Lines, 2)
}
