package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestJoin(t *testing.T) {
	seed := Activity{MinRecentGames: DefaultMinRecentGames, RecentDays: DefaultRecentDays}
	off := Activity{}
	for _, tc := range []struct {
		name string
		in   Joining
		want Joined
		err  error
	}{
		// "When the 8th player subscribe to the league, the system automatically creates all
		// the games" (league-scoring-system.txt): the 8th join starts the league.
		{"seed: the 8th player starts the league", Joining{Status: Open, Members: 7, Size: 8, Activity: off}, Joined{Starts: true}, nil},
		{"seed: the 7th does not", Joining{Status: Open, Members: 6, Size: 8, Activity: off}, Joined{}, nil},
		{"seed: the first does not", Joining{Status: Open, Members: 0, Size: 8, Activity: off}, Joined{}, nil},
		// CONTRACT section 10: a league of N starts at the N-th join and is full at N.
		{"the 5th of 5 starts the league", Joining{Status: Open, Members: 4, Size: 5, Activity: off}, Joined{Starts: true}, nil},
		{"the 8th of 12 does not", Joining{Status: Open, Members: 7, Size: 12, Activity: off}, Joined{}, nil},
		{"full at 5", Joining{Status: Open, Members: 5, Size: 5, Activity: off}, Joined{}, ErrLeagueFull},
		// "In order to play a league game you have to be an Active player."
		{"seed: active with 5 games", Joining{Status: Open, Members: 3, Size: 8, Activity: seed, Recent: 5}, Joined{}, nil},
		{"seed: inactive with 4 games", Joining{Status: Open, Members: 3, Size: 8, Activity: seed, Recent: 4}, Joined{},
			&InactiveError{Have: 4, Need: 5, Days: 90}},
		{"full", Joining{Status: Open, Members: 8, Size: 8, Activity: off}, Joined{}, ErrLeagueFull},
		{"full before inactive", Joining{Status: Open, Members: 8, Size: 8, Activity: seed}, Joined{}, ErrLeagueFull},
		{"already a member", Joining{Status: Open, Members: 3, Size: 8, Member: true}, Joined{}, ErrAlreadyMember},
		{"a member of a running league hears they joined", Joining{Status: Running, Members: 8, Size: 8, Member: true}, Joined{}, ErrAlreadyMember},
		{"running", Joining{Status: Running, Members: 8, Size: 8}, Joined{}, ErrLeagueRunning},
		{"finished", Joining{Status: Finished, Members: 8, Size: 8}, Joined{}, ErrLeagueFinished},
		{"cancelled", Joining{Status: Cancelled, Members: 3, Size: 8}, Joined{},
			&Conflict{Reason: "league: cancelled; it takes no new players", ID: "refusal.no_new_players", Data: map[string]any{"Status": "cancelled"}}},
		{"closed", Joining{Status: Closed, Members: 8, Size: 8}, Joined{}, &Conflict{Reason: "league: closed; it takes no new players", ID: "refusal.no_new_players", Data: map[string]any{"Status": "closed"}}},
		{"archived", Joining{Status: Archived, Members: 8, Size: 8}, Joined{}, &Conflict{Reason: "league: archived; it takes no new players", ID: "refusal.no_new_players", Data: map[string]any{"Status": "archived"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Join(tc.in)
			assert.Equal(t, tc.err, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestJoinRefusalsAreConflicts(t *testing.T) {
	for _, err := range []error{ErrAlreadyMember, ErrLeagueFull, ErrLeagueRunning, ErrLeagueFinished} {
		assert.ErrorIs(t, err, ErrConflict)
	}
	assert.NotErrorIs(t, &InactiveError{}, ErrConflict, "the activity rule is not a conflict: the web answers 403")
}

func TestFull(t *testing.T) {
	// "8 players who subscribed to the league" (league-scoring-system.txt).
	for members, want := range map[int]bool{0: false, 7: false, 8: true, 9: true} {
		assert.Equal(t, want, Full(members, DefaultSize), "%d members", members)
	}
	// A league of N is full at N (CONTRACT section 10).
	for members, want := range map[int]bool{4: false, 5: true} {
		assert.Equal(t, want, Full(members, 5), "%d members of 5", members)
	}
}

func TestDraw(t *testing.T) {
	// The seed's table: "Players per game ... Total number of games": 5 per game is 40
	// games, 25 each; 2 per game is 56; 8 per game is 16 (league-scoring-system.txt).
	for _, tc := range []struct {
		perGame, games, each int
	}{
		{5, 40, 25}, {2, 56, 14}, {3, 24, 9}, {4, 32, 16}, {6, 24, 18}, {7, 24, 21}, {8, 16, 16},
	} {
		s, err := Draw(Format{Players: DefaultSize, PlayersPerGame: tc.perGame}, DefaultSize, false, 7)
		require.NoError(t, err, "%d per game", tc.perGame)
		assert.Len(t, s.Games, tc.games, "%d per game", tc.perGame)
		played := map[int]int{}
		for _, g := range s.Games {
			for _, p := range g.Seats {
				played[p]++
			}
		}
		for p := 1; p <= DefaultSize; p++ {
			assert.Equal(t, tc.each, played[p], "player %d of a %d-player league", p, tc.perGame)
		}
	}
	_, err := Draw(Format{Players: DefaultSize, PlayersPerGame: 4}, 7, false, 7)
	assert.EqualError(t, err, "league: draw the schedule: 7 members, want 8")
	a, err := Draw(Format{Players: DefaultSize, PlayersPerGame: 4}, DefaultSize, true, 11)
	require.NoError(t, err)
	b, err := Draw(Format{Players: DefaultSize, PlayersPerGame: 4}, DefaultSize, true, 11)
	require.NoError(t, err)
	assert.Equal(t, a, b, "the same seed draws the same schedule")
	rounds := map[int]map[int]bool{}
	for _, g := range a.Games {
		if rounds[g.Round] == nil {
			rounds[g.Round] = map[int]bool{}
		}
		for _, p := range g.Seats {
			assert.False(t, rounds[g.Round][p], "face to face: player %d plays twice in round %d", p, g.Round)
			rounds[g.Round][p] = true
		}
	}
}
