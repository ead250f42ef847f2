package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestGamesRegistry(t *testing.T) {
	t.Parallel()
	// CONTRACT section 4: every game slug, each mapped to its scorer.
	want := []struct {
		slug   string
		system System
		min    int
		max    int
	}{
		{"gonzaga", Placement, 2, 4},
		{"cartagena", Placement, 2, 5},
		{"vampiring", Placement, 2, 8},
		{"king-me", Placement, 2, 8},
		{"arcs", Placement, 2, 5},
		{"blue-max", BlueMax, 2, 8},
		{"wooden-ships-and-iron-men", WoodenShips, 2, 8},
		{"vortex", Vortex, 2, 4},
		{"diplomacy", Armada, 2, 7},
	}
	games := Games()
	require.Len(t, games, len(want))
	for i, w := range want {
		g := games[i]
		assert.Equal(t, w.slug, g.Slug)
		assert.Equal(t, w.system, g.System, g.Slug)
		assert.Equal(t, w.min, g.MinPlayers, g.Slug)
		assert.Equal(t, w.max, g.MaxPlayers, g.Slug)
		assert.NotEmpty(t, g.Name, g.Slug)
		assert.NotEmpty(t, g.RulesNote, g.Slug)
		assert.Equal(t, g.IsTeamGame(), len(g.SideNames) == 2, g.Slug)
		found, err := GameBySlug(w.slug)
		require.NoError(t, err)
		assert.Equal(t, g, found)
	}
	wooden, err := GameBySlug("wooden-ships-and-iron-men")
	require.NoError(t, err)
	assert.Equal(t, "Wooden Ships and Iron Men", wooden.Name)
	assert.Contains(t, wooden.RulesNote, "cut off", "the UI says how the cut-off seed section is read")
}

func TestGamesReturnsACopy(t *testing.T) {
	t.Parallel()
	games := Games()
	games[0].Slug = "changed"
	games[5].SideNames[0] = "changed"
	again := Games()
	assert.Equal(t, "gonzaga", again[0].Slug)
	assert.Equal(t, "Allies", again[5].SideNames[0])
}

func TestGameBySlugUnknown(t *testing.T) {
	t.Parallel()
	_, err := GameBySlug("chess")
	requireFieldError(t, err, `game: unknown game "chess" (want one of gonzaga, cartagena, vampiring, king-me, arcs, blue-max, wooden-ships-and-iron-men, vortex, diplomacy)`)
}

func TestGameAcceptsPlayers(t *testing.T) {
	t.Parallel()
	vortex, err := GameBySlug("vortex")
	require.NoError(t, err)
	assert.NoError(t, vortex.AcceptsPlayers(2))
	assert.NoError(t, vortex.AcceptsPlayers(4))
	requireFieldError(t, vortex.AcceptsPlayers(5), "players_per_game: Vortex takes 2 to 4 players per game, got 5")
	requireFieldError(t, vortex.AcceptsPlayers(1), "players_per_game: Vortex takes 2 to 4 players per game, got 1")
}

func TestGameSides(t *testing.T) {
	t.Parallel()
	blueMax, err := GameBySlug("blue-max")
	require.NoError(t, err)
	tests := []struct {
		perGame int
		want    [][]int
	}{
		{2, [][]int{{1}, {2}}},
		{3, [][]int{{1, 2}, {3}}},
		{4, [][]int{{1, 2}, {3, 4}}},
		{5, [][]int{{1, 2, 3}, {4, 5}}},
		{7, [][]int{{1, 2, 3, 4}, {5, 6, 7}}},
		{8, [][]int{{1, 2, 3, 4}, {5, 6, 7, 8}}},
		{1, nil},
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, blueMax.Sides(tt.perGame), "%d players", tt.perGame)
	}
	gonzaga, err := GameBySlug("gonzaga")
	require.NoError(t, err)
	assert.Nil(t, gonzaga.Sides(4), "not a team game")
}

func TestSystems(t *testing.T) {
	t.Parallel()
	for _, s := range Systems() {
		got, err := ParseSystem(string(s))
		require.NoError(t, err)
		assert.Equal(t, s, got)
		assert.Equal(t, s == Armada, s.PointsArePot(), s)
		assert.Equal(t, s == BlueMax || s == WoodenShips, s.IsTeamGame(), s)
	}
	_, err := ParseSystem("Placement")
	requireFieldError(t, err, `system: unknown system "Placement" (want one of placement, blue-max, wooden-ships, vortex, armada, arcs-ambition)`)
}

func TestGameScore(t *testing.T) {
	t.Parallel()
	vortex, err := GameBySlug("vortex")
	require.NoError(t, err)
	res, err := vortex.Score([]byte(`{"players":[{"id":"A","score":90},{"id":"B","score":70}]}`))
	require.NoError(t, err)
	assert.Equal(t, "200", res.Results[0].Points.RatString())
	_, err = vortex.Score([]byte(`{"players":[{"id":"A","score":1},{"id":"B","score":2},{"id":"C","score":3},{"id":"D","score":4},{"id":"E","score":5}]}`))
	requireFieldError(t, err, "players: Vortex takes 2 to 4 players per game, got 5")
	_, err = vortex.Score([]byte(`{"players":[{"id":"A"}]}`))
	requireFieldError(t, err, "players[0].score: missing")

	blueMax, err := GameBySlug("blue-max")
	require.NoError(t, err)
	res, err = blueMax.Score([]byte(`{"sides":[{"name":"Allies","players":[{"id":"A"}]},{"name":"Central Powers","players":[{"id":"B","lost":1}]}]}`))
	require.NoError(t, err)
	assert.Equal(t, "Allies", res.WinningSide)
}

func TestGameScoresAreCountsWhereTheGameCounts(t *testing.T) {
	t.Parallel()
	// CONTRACT section 1: every game whose scores are counts (Cartagena, Gonzaga, Vampiring,
	// King Me, and Arcs' final Power) takes whole numbers ≥ 0 only; the registry says which
	// games allow fractional or negative scores.
	two := func(a, b string) []byte {
		return []byte(`{"players":[{"id":"A","score":` + a + `},{"id":"B","score":` + b + `}]}`)
	}
	for _, slug := range []string{"gonzaga", "cartagena", "vampiring", "king-me", "arcs"} {
		g, err := GameBySlug(slug)
		require.NoError(t, err)
		assert.False(t, g.FractionalScores, slug)
		assert.False(t, g.NegativeScores, slug)
		_, err = g.Score(two("12", "0"))
		require.NoError(t, err, slug)
		_, err = g.Score(two("12", "7.5"))
		requireFieldError(t, err, "players[1].score: "+g.Name+" scores are whole numbers of 0 or more, got 7.5")
		_, err = g.Score(two("-1", "3"))
		requireFieldError(t, err, "players[0].score: "+g.Name+" scores are whole numbers of 0 or more, got -1")
	}

	// Vortex's distance-minus-vulnerability scores may be fractions (the seed's 22.5), never
	// negative.
	vortex, err := GameBySlug("vortex")
	require.NoError(t, err)
	_, err = vortex.Score(two("22.5", "20"))
	require.NoError(t, err)
	_, err = vortex.Score(two("22.5", "-20"))
	requireFieldError(t, err, "players[1].score: Vortex scores are 0 or more, got -20")

	// The plain placement scorer (tablestakes score placement) keeps taking any number.
	_, err = Score(Placement, two("-1.5", "3"))
	require.NoError(t, err)
}

func TestSeatNames(t *testing.T) {
	t.Parallel()
	// CONTRACT section 7: "the game's own names where it has them (Diplomacy: Austria,
	// England, France, Germany, Italy, Russia, Turkey; Vortex: Red, Cyan, Blue, Green),
	// otherwise "Seat 1", "Seat 2", …"; issue 11: "Blue Max / Wooden Ships sides".
	cases := []struct {
		slug    string
		perGame int
		want    []string
	}{
		{"diplomacy", 7, []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}},
		{"diplomacy", 3, []string{"Austria", "England", "France"}},
		{"vortex", 4, []string{"Red", "Cyan", "Blue", "Green"}},
		{"vortex", 2, []string{"Red", "Blue"}}, // "the players start at opposite corners" (vortex-mechanics.txt)
		{"cartagena", 4, []string{"Seat 1", "Seat 2", "Seat 3", "Seat 4"}},
		{"king-me", 2, []string{"Seat 1", "Seat 2"}},
		{"blue-max", 2, []string{"Allies", "Central Powers"}},
		{"blue-max", 3, []string{"Allies 1", "Allies 2", "Central Powers"}},
		{"wooden-ships-and-iron-men", 4, []string{"First fleet 1", "First fleet 2", "Second fleet 1", "Second fleet 2"}},
	}
	for _, c := range cases {
		g, err := GameBySlug(c.slug)
		require.NoError(t, err)
		assert.Equal(t, c.want, g.SeatNames(c.perGame), "%s with %d", c.slug, c.perGame)
	}
	g, err := GameBySlug("diplomacy")
	require.NoError(t, err)
	assert.Empty(t, g.SeatNames(0))
}
